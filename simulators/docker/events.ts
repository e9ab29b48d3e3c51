/**
 * What the Dockerfile simulator's interpreters emit, and the phases its rules judge in. The parse stage hands
 * the parsed file to the static rules; the build model emits each step that can fail (a COPY's source, a
 * COPY --from's path, a RUN's user and its result); the container start emits each program it follows, the
 * file a launcher opens, the app's start-up and what the smoke test saw. Rules judge these events; the same
 * events are the facts the grader compares (what was copied, which commands ran, what the image is).
 */
import type { App } from "../world.js";
import type { DomainSpec } from "../engine/engine.js";
import type { Location, Rule } from "../engine/rule.js";
import { defineRule } from "../engine/rule.js";
import type { CommandRun, GuardFact, ScriptCommand } from "./commands/command.js";
import type { BuildContext, ContextProblem } from "./context.js";
import type { DeclaredDockerfile } from "./declared.js";
import type { Image, StageBuilt } from "./image.js";
import type { Instruction, ParsedDockerfile } from "./parse.js";
import type { Arg } from "./start-outcome.js";

/**
 * The order a build and a container start meet their checks. A container's start is a chain (its user, the
 * program, its mode, the file it runs, then the app's own start-up and the smoke test), so each check has its
 * own phase: a failure at one means every check before it was judged and none after it.
 */
export const DOCKER_DOMAIN: DomainSpec = {
  domain: "dockerfile",
  phases: [
    { name: "parse", stops: "end" },
    { name: "build", stops: "first" },
    { name: "exec", stops: "first" },
    { name: "exec-mode", stops: "first" },
    { name: "launch", stops: "first" },
    { name: "args", stops: "first" },
    { name: "deps", stops: "first" },
    { name: "env", stops: "first" },
    { name: "setup", stops: "first" },
    { name: "writes", stops: "first" },
    { name: "privileged-port", stops: "first" },
    { name: "serve", stops: "first" },
  ],
};

/** The parsed Dockerfile, for the checks docker build makes before it runs anything. */
export interface DockerfileEvent {
  type: "dockerfile";
  file: string;
  parsed: ParsedDockerfile;
  /** Context directory in the repository, for logs. */
  contextDir: string;
  /** Values of the ARGs before the first FROM (defaults, build args, BuildKit's platform ARGs). */
  globalArgs: ReadonlyMap<string, string>;
}

/** What the Dockerfile declares (a fact for the grader): stages, bases, RUN commands, the final user. */
export interface DockerfileDeclaredEvent {
  type: "dockerfile-declared";
  file: string;
  declared: DeclaredDockerfile;
}

/**
 * The build context loaded before the first step that copies from it, or why BuildKit could not load it
 * (its .dockerignore, a COPY source's pattern, or the glob budget). `at` is the first step that uses it.
 */
export interface BuildContextEvent {
  type: "build-context";
  problem: ContextProblem | null;
  at: Location;
}

/**
 * A COPY source's wildcard pattern that cannot be matched: Go refuses it (BuildKit's cache key computation
 * fails on it), or matching it ran the simulation's glob budget (MAX_GLOB_STEPS) out. `message` is the error.
 */
export interface CopyPatternEvent {
  type: "copy-pattern";
  instruction: Instruction;
  message: string;
}

/** A COPY or ADD source looked up in the build context. */
export interface CopySourceEvent {
  type: "copy-source";
  instruction: Instruction;
  /** The source as written, variables substituted. */
  source: string;
  /** Context-relative, normalised. */
  normal: string;
  /** Context files it matched. */
  matches: number;
  wildcard: boolean;
  /** The source climbs out of the context (`../shared`). */
  outside: boolean;
  context: BuildContext;
}

/** A COPY --from source looked up in the stage it names. */
export interface CopyFromPathEvent {
  type: "copy-from-path";
  instruction: Instruction;
  /** Absolute path in the source stage. */
  path: string;
  /** The stage produced something at or under the path. */
  found: boolean;
  /** The model is sure the path is not there (an exact image); else unknown. */
  knownAbsent: boolean;
  wildcard: boolean;
  parsed: ParsedDockerfile;
}

/** The user a RUN step or the container's process runs as, looked up in the image's accounts. */
export interface UserCheckEvent {
  type: "user-check";
  user: string;
  exists: boolean;
  /** Where the user is needed: a RUN step, or the container's start. */
  at: "run" | "start";
  location: Location;
}

/** A RUN step the build model ran. */
export interface RunStepEvent {
  type: "run-step";
  instruction: Instruction;
  /** The shell the shell form runs in (`/bin/sh -c`), empty for the exec form. */
  shell: readonly string[];
  /** The command as the log shows it. */
  command: string;
  status: number;
  output: readonly string[];
  /** The test/[ commands the step ran, with their variables' values and origins (facts for the grader). */
  guards: readonly GuardFact[];
  /** Every command the step ran, with its own status: one may fail while the step succeeds (facts for the grader). */
  ran: readonly CommandRun[];
  /** Commands whose running the model does not follow (control flow, the background). */
  unfollowed: readonly ScriptCommand[];
  /** Commands an `&&` or `||` before them decided not to run. */
  skipped: readonly ScriptCommand[];
}

/** A program the container's process chain execs: found, missing, or not a program the model can see. */
export interface ExecEvent {
  type: "exec";
  /** The name as given (`./entrypoint.sh`, `python`). */
  name: string;
  /** The program as the runtime names it in an error: the path given, or where PATH found it. */
  shown: string;
  line: number;
  /** What the name resolved to. */
  resolved:
    | { kind: "file"; path: string; directory: boolean; executable: boolean; interpreter: { shebang: string; found: boolean } | null }
    | { kind: "absent"; viaPath: boolean }
    | { kind: "unresolved" };
}

/** The file a launcher opens (python X, node X, npm's package.json and script, sh X, a WSGI module). */
export interface LaunchTargetEvent {
  type: "launch-target";
  /** `exec`: the kernel itself, loading a compiled program. */
  launcher: "python" | "node" | "npm" | "sh" | "wsgi" | "exec";
  /** The launcher's program as run (`sh`, `bash`, `python3`). */
  program: string;
  /** The path in the image, or for npm the script's name. */
  target: string;
  /**
   * What is missing: the file, npm's package.json, a script package.json lacks, a WSGI module, or (`platform`)
   * a program built for the platform the container runs on: the file is there, compiled for another.
   */
  missing: "file" | "package-json" | "script" | "module" | "platform" | null;
  line: number;
}

/** The app the container's process reached, with what it starts with. */
export interface AppStartEvent {
  type: "app-start";
  app: App;
  language: "python" | "node";
  /** The app's entry file in the image, and the repository file it came from. */
  imagePath: string;
  repoPath: string | undefined;
  args: readonly Arg[];
  /** The port the app listens on, from its option, its variable, or its documented default. */
  listening: number | undefined;
  /** The address it binds (0.0.0.0 reaches every interface; a loopback one only the container itself). */
  address: string;
  env: ReadonlyMap<string, string>;
  /** Repository scripts the process chain ran through on its way to the app. */
  ran: ReadonlySet<string>;
  image: Image;
  /** The app's source, for the lines a traceback quotes. */
  source: string;
  /** The process's working directory when the app starts. */
  cwd: string;
  /** The repository, for the dependency lists the app declares. */
  repo: ReadonlyMap<string, { content: string }>;
  line: number;
  /** `docker run --network host` (no private network namespace). */
  hostNetwork: boolean;
}

/** The process ended without reaching a long-running program: no command, or a shell error. */
export interface ContainerExitEvent {
  type: "container-exit";
  reason: "no-command" | "shell-error";
  message: string;
  line: number;
}

/** What the smoke test found once the container was up. */
export interface ContainerOutcomeEvent {
  type: "container-outcome";
  /** The app the image is built for, and whether the process serves it. */
  app: App;
  serving: boolean;
  /** For a static site: the smoke test's output when the document root does not serve the build. */
  staticProblem: readonly string[] | null;
  line: number;
}

/** The image the build produced (a fact: what the repository ships). */
export interface ImageBuiltEvent {
  type: "image-built";
  file: string;
  image: Image;
  platform: string | undefined;
  /** The build's steps as BuildKit labels them (`[2/5] WORKDIR /app`), in the order they ran. */
  steps: readonly string[];
  /** The stages before the final one, with the repository files each held. */
  stages: readonly StageBuilt[];
}

/**
 * Fact: the container of an image built only to be pushed, started aside (see probeStart): whether its app
 * started and served, whether the model could follow it there at all, and what stopped it.
 */
export interface ImageStartEvent {
  type: "image-start";
  file: string;
  serving: boolean;
  /** false: the process chain went where the model cannot follow; nothing is known either way. */
  decided: boolean;
  failure: string | null;
}

export type DockerEvent =
  | DockerfileEvent
  | DockerfileDeclaredEvent
  | BuildContextEvent
  | CopyPatternEvent
  | CopySourceEvent
  | CopyFromPathEvent
  | UserCheckEvent
  | RunStepEvent
  | ExecEvent
  | LaunchTargetEvent
  | AppStartEvent
  | ContainerExitEvent
  | ContainerOutcomeEvent
  | ImageBuiltEvent;

/** A Dockerfile unit's subject: the file being built. */
export interface DockerUnit {
  file: string;
}

export type DockerRule = Rule<DockerEvent, DockerUnit>;

/** Declares a Dockerfile rule. */
export function dockerRule<const C extends string>(rule: Omit<DockerRule, "domain"> & { code: C }): DockerRule & { code: C } {
  return defineRule({ ...rule, domain: "dockerfile" as const });
}

/** Where an instruction is, for a finding on it. */
export function at(i: Instruction): Location {
  return { line: i.line, column: i.column };
}
