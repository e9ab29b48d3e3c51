/**
 * What happens when a container's process starts, judged from the image's contents: the executable must
 * be on PATH (or at its path), and an interpreter's script must exist. The texts are the runtime's and the
 * interpreters' own.
 */
import path from "node:path";
import { helpAsked, rejectedArgs } from "../docker/app-cli.js";
import { PROCESS_OUTPUT } from "../docker/process-output.js";
import type { App, ImageConfig } from "../world.js";
import { stringAt } from "./object.js";
import type { ContainerRef } from "./workload.js";

export type StartFailure =
  /** The runtime could not exec the program: StartError, exit code 128. */
  | { kind: "exec"; argIndex: number; message: string }
  /** The program ran and exited: its script is missing, or the app's CLI exited (status 0 for its help). */
  | { kind: "exit"; argIndex: number; exitCode: number; log: string };

/** How a container's start went: it started, it failed, or the image's contents are not known. */
export type StartOutcome = { kind: "started" } | { kind: "unknown" } | StartFailure;

/**
 * The image's own ENTRYPOINT is in the image (nginx's /docker-entrypoint.sh, node's docker-entrypoint.sh) even
 * where the registry lists only the programs on PATH: when `command` does not replace it, it starts.
 */
function withOwnEntrypoint(c: ContainerRef, config: ImageConfig): ImageConfig {
  const own = c.container["command"] === undefined ? config.entrypoint?.[0] : undefined;
  if (own === undefined || !config.binaries) return config;
  return { ...config, binaries: [...config.binaries, own] };
}

/** The directory the container's process starts in: its `workingDir`, else the image's WORKDIR, else /. */
export function workingDirOf(c: ContainerRef, config: ImageConfig | undefined): string {
  return stringAt(c.container, ["workingDir"]) ?? config?.workdir ?? "/";
}

/** What the pod does with a process that exits 0: restart it (a Deployment's pods) or count it done (a Job's). */
export interface StartOptions {
  /** The image's app, when the world knows it: the process is followed into its own start. */
  app?: App;
  /** restartPolicy Always: a process that ends, even with status 0, is restarted (CrashLoopBackOff). */
  restartsOnExit?: boolean;
}

/** What happens when container `c` starts `argv` in an image with `config`. */
export function containerStart(c: ContainerRef, argv: readonly string[], config: ImageConfig, options: StartOptions = {}): StartOutcome {
  const own = withOwnEntrypoint(c, config);
  const workingDir = workingDirOf(c, config);
  const failure = startFailure(argv, own, workingDir);
  if (failure === "unknown") return { kind: "unknown" };
  if (failure) return failure;
  if (!options.app) return { kind: "started" };
  return dependencyMissing(argv, own, workingDir, options.app) ?? appExit(argv, own, workingDir, options.app, options.restartsOnExit !== false) ?? { kind: "started" };
}

/**
 * The app's entry cannot import a dependency the image lacks (the registry says which: node_modules never copied
 * into the runtime stage, requirements never installed): the interpreter exits as `docker run` shows it.
 */
function dependencyMissing(argv: readonly string[], config: ImageConfig, workingDir: string, app: App): StartFailure | undefined {
  const language = app.language;
  if (config.missing_module === undefined || app.entry === undefined || (language !== "python" && language !== "node")) return undefined;
  const script = scriptOf(argv, config, workingDir);
  if (!script || script.interpreter !== language || path.posix.basename(script.file) !== path.posix.basename(app.entry)) return undefined;
  return { kind: "exit", argIndex: script.index, exitCode: 1, log: PROCESS_OUTPUT[language].moduleMissing(config.missing_module, script.file).join("\n") };
}

/**
 * The app's own start, once its interpreter has found its script: a CLI asked for its help prints its usage and
 * exits 0 (in a pod that restarts it, that is a crash loop all the same), and one given arguments it does not
 * take exits with a usage error, as the Dockerfile side judges them (app-cli.ts).
 */
function appExit(argv: readonly string[], config: ImageConfig, workingDir: string, app: App, restarts: boolean): StartFailure | undefined {
  const language = app.language;
  if (!app.accepted_args || app.entry === undefined || (language !== "python" && language !== "node")) return undefined;
  const script = scriptOf(argv, config, workingDir);
  if (!script || script.interpreter !== language || path.posix.basename(script.file) !== path.posix.basename(app.entry)) return undefined;
  const args = argv.slice(script.index + 1).map((value) => ({ value }));
  const program = path.posix.basename(script.file);
  const help = helpAsked(app, args);
  if (help >= 0) {
    if (!restarts) return undefined;
    return { kind: "exit", argIndex: script.index + 1 + help, exitCode: 0, log: PROCESS_OUTPUT[language].usage(program, app.accepted_args, [])[0]! };
  }
  const rejected = rejectedArgs(args, app.accepted_args);
  if (rejected.length === 0) return undefined;
  const lines = PROCESS_OUTPUT[language].usage(program, app.accepted_args, rejected.map((r) => r.value));
  return { kind: "exit", argIndex: script.index + 1 + args.indexOf(rejected[0]!), exitCode: language === "python" ? 2 : 1, log: lines.join("\n") };
}

/** The script an interpreter runs (`python worker.py`), through pass-through entrypoints; undefined when none. */
function scriptOf(argv: readonly string[], config: ImageConfig, workingDir: string, offset = 0): { index: number; file: string; interpreter: string } | undefined {
  const exe = argv[0];
  if (exe === undefined) return undefined;
  const wrapper = PASS_THROUGH.exec(path.posix.basename(exe));
  if (wrapper && argv.length > 1) {
    const skip = wrapper[1] === "docker-entrypoint.sh" ? 1 : argv[1] === "--" ? 2 : 1;
    return scriptOf(argv.slice(skip), config, workingDir, offset + skip);
  }
  const interpreter = interpreterOf(exe);
  if (!interpreter) return undefined;
  const spec = INTERPRETERS[interpreter]!;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (spec.skip.test(arg)) return undefined;
    if (arg.startsWith("-")) continue;
    return { index: offset + i, file: path.posix.resolve(workingDir, arg), interpreter };
  }
  return undefined;
}

/** Interpreters whose first non-option argument is a script path, with how each reports a missing script. */
const INTERPRETERS: Record<string, { skip: RegExp; missing: (name: string, file: string, asWritten: string) => { code: number; log: string } }> = {
  python: { skip: /^-(m|c)$/, missing: (n, f) => ({ code: 2, log: `${n}: can't open file '${f}': [Errno 2] No such file or directory` }) },
  node: { skip: /^-(e|p|-eval|-print)$/, missing: (_n, f) => ({ code: 1, log: `node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '${f}'` }) },
  sh: { skip: /^-c$/, missing: (_n, _f, w) => ({ code: 2, log: `sh: 0: cannot open ${w}: No such file` }) },
  bash: { skip: /^-c$/, missing: (_n, _f, w) => ({ code: 127, log: `bash: ${w}: No such file or directory` }) },
  ruby: { skip: /^-e$/, missing: (_n, _f, w) => ({ code: 1, log: `ruby: No such file or directory -- ${w} (LoadError)` }) },
};

/** Entrypoints that exec the command they are given. */
const PASS_THROUGH = /^(docker-entrypoint\.sh|tini|dumb-init)$/;

function interpreterOf(exe: string): string | undefined {
  const base = path.posix.basename(exe);
  return Object.keys(INTERPRETERS).find((name) => base === name || new RegExp(`^${name}[0-9.]*$`).test(base));
}

/**
 * Why the process `argv` fails to start in an image with `config`, undefined when it starts, or "unknown"
 * when the image's contents are not known.
 */
export function startFailure(argv: readonly string[], config: ImageConfig, workingDir: string): StartFailure | "unknown" | undefined {
  const exe = argv[0];
  if (exe === undefined) return undefined;
  // The official images' entrypoint scripts (node's docker-entrypoint.sh, nginx's /docker-entrypoint.sh) and init
  // shims exec their arguments: what fails is the program they hand over to.
  const wrapper = PASS_THROUGH.exec(path.posix.basename(exe));
  if (wrapper && argv.length > 1 && (config.binaries?.includes(exe) || config.binaries?.includes(path.posix.basename(exe)) || config.entrypoint?.[0] === exe)) {
    const skip = wrapper[1] === "docker-entrypoint.sh" ? 1 : argv[1] === "--" ? 2 : 1;
    const inner = startFailure(argv.slice(skip), config, workingDir);
    return inner === undefined || inner === "unknown" ? inner : { ...inner, argIndex: inner.argIndex + skip };
  }
  if (!config.binaries && !config.files) return "unknown";
  const binaries = config.binaries ?? [];
  const files = config.files ?? [];
  const found = exe.includes("/")
    ? files.includes(path.posix.resolve(workingDir, exe)) || binaries.includes(exe) || binaries.includes(path.posix.basename(exe))
    : binaries.includes(exe);
  if (!found) {
    const reason = exe.includes("/") ? "no such file or directory" : "executable file not found in $PATH";
    return { kind: "exec", argIndex: 0, message: `exec: "${exe}": ${reason}` };
  }
  const interpreter = interpreterOf(exe);
  if (!interpreter || !config.files) return interpreter && !config.files ? "unknown" : undefined;
  const spec = INTERPRETERS[interpreter]!;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (spec.skip.test(arg)) return undefined; // `python -m pkg`, `sh -c "..."`: no script file to check
    if (arg.startsWith("-")) continue;
    const file = path.posix.resolve(workingDir, arg);
    if (files.includes(file)) return undefined;
    const { code, log } = spec.missing(path.posix.basename(exe), file, arg);
    return { kind: "exit", argIndex: i, exitCode: code, log };
  }
  return undefined;
}
