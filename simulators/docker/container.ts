/**
 * Starting the container: the process Docker runs (ENTRYPOINT + CMD, exec or shell form), followed through
 * shells, entrypoint scripts and npm scripts down to the program that stays in the foreground; then the app's
 * own start-up and the smoke test on its port. Each step is an event the rules judge, and the first failure
 * ends the run, as a crashing container does. The process is followed in process.ts and the app's start-up
 * in app-start.ts; this module starts it and adds the smoke test.
 */
import type { Failure, UnitRun } from "../engine/engine.js";
import type { App, World } from "../world.js";
import type { DockerEvent, DockerUnit } from "./events.js";
import type { Image } from "./image.js";
import { isRootUser } from "./image.js";
import { onPath, resolveIn } from "./image.js";
import { foreignBinary, runProgram } from "./process.js";
import type { Arg, Outcome, RunContext } from "./start-outcome.js";
import { judge } from "./start-outcome.js";
import { staticSiteProblem } from "./static-site.js";

export { headline } from "./start-outcome.js";

/** The process argv Docker starts: exec ENTRYPOINT + CMD, or the shell forms wrapped in the image's SHELL. */
export function processArgs(image: Image, runArgs: readonly string[], fromLine: number): Arg[] {
  const wrap = (c: NonNullable<Image["entrypoint"]>): Arg[] =>
    c.form === "exec" ? c.argv.map((value) => ({ value, line: c.line || fromLine })) : [...image.shell, c.text].map((value) => ({ value, line: c.line || fromLine }));
  const cmd: Arg[] = runArgs.length > 0 ? runArgs.map((value) => ({ value, line: fromLine })) : image.cmd ? wrap(image.cmd) : [];
  if (image.entrypoint) {
    if (image.entrypoint.form === "shell") return wrap(image.entrypoint); // a shell-form ENTRYPOINT ignores CMD
    return [...wrap(image.entrypoint), ...cmd];
  }
  return cmd;
}

export interface ContainerRequest {
  image: Image;
  world: World;
  worldKnown: boolean;
  repo: ReadonlyMap<string, { content: string }>;
  /** The app this image is built for, when the world says. */
  app: App | undefined;
  /** Line of the final stage's FROM, for findings about inherited settings. */
  fromLine: number;
  /** Line of USER, for an unknown user. */
  userLine: number;
  unit: UnitRun<DockerEvent, DockerUnit>;
  /** The platform the container runs on: the image's (`os/arch`). */
  platform?: string;
}

/** Runs the container; returns the rule failure that ended it, or null. */
export function runContainer(request: ContainerRequest): Failure | null {
  const { image, world, unit } = request;
  const env = new Map(image.env);
  for (const [k, v] of Object.entries(world.docker_run.env)) env.set(k, v);
  const ctx: RunContext = { ran: new Set(), image, world, worldKnown: request.worldKnown, repo: request.repo, cwd: image.workdir, env, depth: 0, unit, ...(request.platform ? { platform: request.platform } : {}) };
  const userName = image.user.split(":")[0]!;
  const staticApp = request.app?.language === "static" && request.worldKnown ? request.app : undefined;
  const exists = !image.known || /^\d+$/.test(userName) || image.users.has(userName) || isRootUser(image.user);
  let outcome: Outcome | null = judge(ctx, { type: "user-check", user: image.user, exists, at: "start", location: { line: request.userLine } });
  unit.enter("exec");
  if (outcome === null && staticApp) {
    // A web server's process is the image's own; what matters is what its document root serves.
    unit.enter("serve");
    outcome = judge(ctx, { type: "container-outcome", app: staticApp, serving: true, staticProblem: staticSiteProblem(image, staticApp), line: request.fromLine }) ?? { kind: "serving", app: staticApp };
  }
  outcome ??= runProgram(ctx, processArgs(image, world.docker_run.args, request.fromLine));
  if (outcome.kind !== "failed" && outcome.kind !== "unknown" && request.app && request.worldKnown && !staticApp) {
    unit.enter("serve");
    const serving = outcome.kind === "serving" && outcome.app.name === request.app.name;
    const line = image.cmd?.line || image.entrypoint?.line || request.fromLine;
    outcome = judge(ctx, { type: "container-outcome", app: request.app, serving, staticProblem: null, line }) ?? outcome;
  }
  if (outcome.kind === "failed") {
    unit.stop([]);
    return outcome.failure;
  }
  // A process the model cannot follow to its end leaves the start's checks undecided.
  if (outcome.kind === "unknown") unit.stop();
  else unit.finish();
  return null;
}

/**
 * Whether the program an image starts can run on the image's platform at all: for an image only built and
 * pushed, whose container is started elsewhere, on a machine of that platform. A compiled program of another
 * architecture is refused by the kernel there (DF103's `exec format error`); any other start is not judged here.
 * Returns the failure, or null.
 */
export function checkEntryPlatform(request: Pick<ContainerRequest, "image" | "world" | "worldKnown" | "repo" | "unit" | "fromLine"> & { platform: string }): Failure | null {
  const { image, unit } = request;
  const [program] = processArgs(image, [], request.fromLine);
  if (!program) return null;
  const found = program.value.includes("/") ? image.fs.get(resolveIn(image.workdir, program.value)) : undefined;
  const onPathEntry = found ? undefined : onPath(image, program.value);
  const entry = found ?? (onPathEntry?.kind === "file" ? onPathEntry.entry : undefined);
  const where = found ? resolveIn(image.workdir, program.value) : onPathEntry?.kind === "file" ? onPathEntry.path : undefined;
  if (!entry || where === undefined || entry.type !== "file" || !foreignBinary(entry.platform, request.platform)) return null;
  const ctx: RunContext = { ran: new Set(), image, world: request.world, worldKnown: request.worldKnown, repo: request.repo, cwd: image.workdir, env: new Map(image.env), depth: 0, unit, platform: request.platform };
  const outcome = judge(ctx, { type: "launch-target", launcher: "exec", program: program.value, target: where, missing: "platform", line: program.line });
  return outcome?.kind === "failed" ? outcome.failure : null;
}
