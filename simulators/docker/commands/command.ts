/**
 * What a RUN-step command handler is: given the command's arguments, the shell's working directory and the build's
 * environment, it changes the image as the real command would and says how it ended.
 */
import type { App } from "../../world.js";
import type { Image } from "../image.js";

export interface RunEnvironment {
  image: Image;
  /** Apps whose sources this build copies: `npm run build` produces their build output. */
  apps: readonly App[];
  /**
   * A scenario's closed world: the image holds exactly what the model says, so a program that is not on PATH is
   * `not found` and an unmodelled command changes no files. Off for a user's own files (lint), where the model
   * may be incomplete and must not invent failures.
   */
  strict: boolean;
  /** The command's environment: the image's ENV, the shell's variables and the command's own `VAR=value` prefixes. */
  vars?: ReadonlyMap<string, string>;
  /** Where each build variable's value came from, for the guards a step runs. */
  origins?: ReadonlyMap<string, VariableOrigin>;
  /** The platform the stage's RUN steps execute on (its `FROM --platform`, else the build's target), `os/arch[/variant]`. */
  platform?: string;
  /**
   * `sh -c SCRIPT` in `cwd` with `env` (its vars the script's environment), as npm runs a package script: the
   * RUN step's own interpreter, with `programs` run by the given handlers (the script's build tool).
   */
  sh?: (script: string, cwd: string, env: RunEnvironment, programs: Readonly<Record<string, Handler>>) => CommandResult;
  /** How many package scripts run inside one another here (`"build": "npm run build"` would never end). */
  scriptDepth?: number;
}

/**
 * Where a build variable's value comes from: given from outside (`--build-arg`, a workflow's build-args), the
 * Dockerfile's own default (an ARG or ENV value), the base image's environment, or nowhere (unset).
 */
export type VariableOrigin = "build-arg" | "default" | "image" | "unset";

/** A `test`/`[` command a step ran: what it checked, on which variables, from where, and how it ended. */
export interface GuardFact {
  /** The command as written, `${X}` read as `$X`, whitespace collapsed. */
  text: string;
  variables: Array<{ name: string; value: string; origin: VariableOrigin }>;
  status: number;
}

/** A command of a RUN step's script: its program and arguments as the shell facts name them. */
export interface ScriptCommand {
  name: string;
  args: string[];
}

/** A command the script ran, with the status it returned (the step's status may be another's). */
export interface CommandRun extends ScriptCommand {
  status: number;
  /** False when it reads a value the model does not have (`$(…)`, a variable set from one): it cannot fail here. */
  known: boolean;
}

export interface CommandResult {
  status: number;
  output: string[];
  /** The shell itself stopped (dash's "Out of space"): nothing after this command runs. */
  fatal?: boolean;
  /** The guards the script ran (runScript only). */
  guards?: GuardFact[];
  /** Every command the script ran, in order (runScript only). */
  ran?: CommandRun[];
  /**
   * Commands whose running the model does not follow (inside if/while/for/case, a function, a subshell, `!`,
   * or a list sent to the background): whether they ran and what they returned is not known (runScript only).
   */
  unfollowed?: ScriptCommand[];
  /** Commands an `&&` or `||` before them decided not to run (runScript only). */
  skipped?: ScriptCommand[];
}

export const ok: CommandResult = { status: 0, output: [] };
export const failure = (status: number, ...output: string[]): CommandResult => ({ status, output });

export type Handler = (args: string[], cwd: string, env: RunEnvironment) => CommandResult;

/** The account name of a `USER name[:group]` setting, as files it creates are owned. */
export function userName(user: string): string {
  return user.split(":")[0]!;
}
