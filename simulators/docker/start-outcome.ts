/**
 * What following a starting container's process carries and yields: the arguments with their Dockerfile lines,
 * the state the process chain builds up, and the outcome (serving an app, some other program, unknown, or
 * failed as a rule judged it).
 */
import type { Failure, UnitRun } from "../engine/engine.js";
import type { App, World } from "../world.js";
import type { DockerEvent, DockerUnit } from "./events.js";
import type { Image } from "./image.js";

/** An argument with the Dockerfile line it came from, so a failure points at ENTRYPOINT or CMD. */
export interface Arg {
  value: string;
  line: number;
}

export type Outcome =
  | { kind: "serving"; app: App }
  | { kind: "other"; what: string }
  | { kind: "unknown" }
  | { kind: "failed"; failure: Failure };

export interface RunContext {
  /** Repository scripts the process chain ran through (entrypoint scripts, npm scripts' files). */
  ran: Set<string>;
  image: Image;
  world: World;
  worldKnown: boolean;
  repo: ReadonlyMap<string, { content: string }>;
  cwd: string;
  env: Map<string, string>;
  depth: number;
  /** The platform the container runs on (the image's, `os/arch[/variant]`); unknown when absent. */
  platform?: string;
  /** The build's unit in the rule engine: the process chain's events go to its rules. */
  unit: UnitRun<DockerEvent, DockerUnit>;
}

/** The line of a process's output that says what went wrong, for the one-line diagnostic message. */
export function headline(lines: readonly string[]): string {
  const pattern = /^([\w.]*Error\b|[\w.]+Error:|Error:|npm error (code|enoent|Missing)|.*: error:|curl: |exec |docker: )/;
  return [...lines].reverse().find((l) => pattern.test(l.trim()))?.trim() ?? [...lines].reverse().find((l) => l.trim() !== "") ?? "";
}

/** Hands an event of the process chain to the rules: the failed outcome when one of them stops the container. */
export function judge(ctx: RunContext, event: DockerEvent): Outcome | null {
  const verdict = ctx.unit.emit(event);
  return verdict.failed ? { kind: "failed", failure: verdict.failed } : null;
}
