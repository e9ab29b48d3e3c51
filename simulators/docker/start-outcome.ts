/**
 * What following a starting container's process carries and yields: the arguments with their Dockerfile lines,
 * the state the process chain builds up, and the outcome (serving an app, some other program, unknown, or
 * failed), with the failure's one-line message drawn from the process's output.
 */
import type { App, World } from "../world.js";
import type { Image } from "./image.js";
import type { DockerRule } from "./rule.js";

/** An argument with the Dockerfile line it came from, so a failure points at ENTRYPOINT or CMD. */
export interface Arg {
  value: string;
  line: number;
}

export interface ContainerFailure {
  rule: DockerRule;
  line: number;
  message: string;
  output: string[];
}

export type Outcome =
  | { kind: "serving"; app: App }
  | { kind: "other"; what: string }
  | { kind: "unknown" }
  | { kind: "failed"; failure: ContainerFailure };

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
}

/** The line of a process's output that says what went wrong, for the one-line diagnostic message. */
export function headline(lines: readonly string[]): string {
  const pattern = /^([\w.]*Error\b|[\w.]+Error:|Error:|npm error (code|enoent|Missing)|.*: error:|curl: |exec |docker: )/;
  return [...lines].reverse().find((l) => pattern.test(l.trim()))?.trim() ?? [...lines].reverse().find((l) => l.trim() !== "") ?? "";
}

export const fail = (rule: DockerRule, line: number, message: string, output: string[] = [message]): Outcome => ({
  kind: "failed",
  failure: { rule, line, message, output },
});
