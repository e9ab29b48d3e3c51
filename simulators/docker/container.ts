/**
 * Starting the container: the process Docker runs (ENTRYPOINT + CMD, exec or shell form), followed through
 * shells, entrypoint scripts and npm scripts down to the program that stays in the foreground; then the app's
 * own start-up (its arguments, dependencies, environment, writable paths, port) and the smoke test on its port.
 * The first failure ends the run, as a crashing container does. The process is followed in process.ts and the
 * app's start-up checked in app-start.ts; this module starts it, adds the smoke test and records which runtime
 * rules were evaluated.
 */
import type { App, World } from "../world.js";
import type { Image } from "./image.js";
import { isRootUser } from "./image.js";
import { runProgram } from "./process.js";
import type { DockerRule } from "./rule.js";
import { appArgumentsRejected } from "./rules/app-arguments-rejected.js";
import { appDependenciesMissing } from "./rules/app-dependencies-missing.js";
import { appNotServing } from "./rules/app-not-serving.js";
import { appSetupSkipped } from "./rules/app-setup-skipped.js";
import { appWriteDenied } from "./rules/app-write-denied.js";
import { privilegedPortDenied } from "./rules/privileged-port-denied.js";
import { requiredEnvMissing } from "./rules/required-env-missing.js";
import { RUNTIME_RULES } from "./rules/index.js";
import { unknownUser, unknownUserMessage } from "./rules/unknown-user.js";
import type { Arg, ContainerFailure, Outcome, RunContext } from "./start-outcome.js";
import { fail } from "./start-outcome.js";
import { staticSiteProblem } from "./static-site.js";

export type { ContainerFailure } from "./start-outcome.js";
export { headline } from "./start-outcome.js";

export interface ContainerRun {
  failure: ContainerFailure | null;
  /** Codes of the runtime rules evaluated all the way through. */
  evaluated: string[];
}

/** Runtime rules in the order a starting container meets them: the user first, then the process. */
export const RUNTIME_ORDER: readonly DockerRule[] = [unknownUser, ...RUNTIME_RULES];

/** Rules that need the world's facts about the app; without them (lint) they are not evaluated. */
const NEEDS_WORLD = new Set([appArgumentsRejected, appDependenciesMissing, requiredEnvMissing, appSetupSkipped, appWriteDenied, privilegedPortDenied, appNotServing].map((r) => r.code));

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
}

export function runContainer(request: ContainerRequest): ContainerRun {
  const { image, world } = request;
  const env = new Map(image.env);
  for (const [k, v] of Object.entries(world.docker_run.env)) env.set(k, v);
  const ctx: RunContext = { ran: new Set(), image, world, worldKnown: request.worldKnown, repo: request.repo, cwd: image.workdir, env, depth: 0 };
  let outcome: Outcome;
  const userName = image.user.split(":")[0]!;
  const staticApp = request.app?.language === "static" && request.worldKnown ? request.app : undefined;
  if (image.known && !/^\d+$/.test(userName) && !image.users.has(userName) && !isRootUser(image.user)) {
    const message = unknownUserMessage(userName);
    outcome = fail(unknownUser, request.userLine, message, [`docker: Error response from daemon: ${message}.`]);
  } else if (staticApp) {
    // A web server's process is the image's own; what matters is what its document root serves.
    const problem = staticSiteProblem(image, staticApp);
    outcome = problem ? fail(appNotServing, request.fromLine, problem[problem.length - 1]!, problem) : { kind: "serving", app: staticApp };
  } else {
    outcome = runProgram(ctx, processArgs(image, world.docker_run.args, request.fromLine));
  }
  if (outcome.kind !== "failed" && request.app && request.worldKnown) {
    const serving = outcome.kind === "serving" && outcome.app.name === request.app.name;
    if (!serving && outcome.kind !== "unknown") {
      const port = request.app.port ?? 80;
      const line = image.cmd?.line || image.entrypoint?.line || request.fromLine;
      outcome = fail(appNotServing, line, `curl: (7) Failed to connect to localhost port ${port} after 0 ms: Couldn't connect to server`, [
        `$ curl -fsS --retry 3 --retry-connrefused http://localhost:${port}${request.app.health_path}`,
        `curl: (7) Failed to connect to localhost port ${port} after 0 ms: Couldn't connect to server`,
      ]);
    }
  }
  const failed = outcome.kind === "failed" ? outcome.failure : null;
  const evaluated: string[] = [];
  for (const rule of RUNTIME_ORDER) {
    if (failed && rule.code === failed.rule.code) break;
    if (NEEDS_WORLD.has(rule.code) && !request.worldKnown) continue;
    if (outcome.kind === "unknown" && rule !== unknownUser) continue;
    evaluated.push(rule.code);
  }
  return { failure: failed, evaluated };
}
