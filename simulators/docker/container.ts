/**
 * Starting the container: the process Docker runs (ENTRYPOINT + CMD, exec or shell form), followed through
 * shells, entrypoint scripts and npm scripts down to the program that stays in the foreground; then the app's
 * own start-up (its arguments, dependencies, environment, writable paths, port) and the smoke test on its port.
 * The first failure ends the run, as a crashing container does.
 */
import path from "node:path";
import { BadSubstitution, expandValue, expandWord, literalWord } from "../shell/expand.js";
import { parseScript } from "../shell/parse.js";
import type { App, World } from "../world.js";
import type { FsEntry, Image } from "./image.js";
import { canExecute, canWrite, isRootUser, knownAbsent, onPath, resolveIn } from "./image.js";
import { PROCESS_OUTPUT } from "./process-output.js";
import type { DockerRule } from "./rule.js";
import { appArgumentsRejected } from "./rules/app-arguments-rejected.js";
import { appDependenciesMissing } from "./rules/app-dependencies-missing.js";
import { appFileMissing } from "./rules/app-file-missing.js";
import { appNotServing } from "./rules/app-not-serving.js";
import { appSetupSkipped } from "./rules/app-setup-skipped.js";
import { appWriteDenied } from "./rules/app-write-denied.js";
import { execNotFound } from "./rules/exec-not-found.js";
import { execPermissionDenied } from "./rules/exec-permission-denied.js";
import { privilegedPortDenied } from "./rules/privileged-port-denied.js";
import { requiredEnvMissing } from "./rules/required-env-missing.js";
import { RUNTIME_RULES } from "./rules/index.js";
import { unknownUser, unknownUserMessage } from "./rules/unknown-user.js";
import { requirementNames } from "./run-commands.js";
import { staticSiteProblem } from "./static-site.js";

/** An argument with the Dockerfile line it came from, so a failure points at ENTRYPOINT or CMD. */
interface Arg {
  value: string;
  line: number;
}

export interface ContainerFailure {
  rule: DockerRule;
  line: number;
  message: string;
  output: string[];
}

export interface ContainerRun {
  failure: ContainerFailure | null;
  /** Codes of the runtime rules evaluated all the way through. */
  evaluated: string[];
}

type Outcome =
  | { kind: "serving"; app: App }
  | { kind: "other"; what: string }
  | { kind: "unknown" }
  | { kind: "failed"; failure: ContainerFailure };

interface RunContext {
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

/** Runtime rules in the order a starting container meets them: the user first, then the process. */
export const RUNTIME_ORDER: readonly DockerRule[] = [unknownUser, ...RUNTIME_RULES];

/** Rules that need the world's facts about the app; without them (lint) they are not evaluated. */
const NEEDS_WORLD = new Set([appArgumentsRejected, appDependenciesMissing, requiredEnvMissing, appSetupSkipped, appWriteDenied, privilegedPortDenied, appNotServing].map((r) => r.code));

/** The line of a process's output that says what went wrong, for the one-line diagnostic message. */
export function headline(lines: readonly string[]): string {
  const pattern = /^([\w.]*Error\b|[\w.]+Error:|Error:|npm error (code|enoent|Missing)|.*: error:|curl: |exec |docker: )/;
  return [...lines].reverse().find((l) => pattern.test(l.trim()))?.trim() ?? [...lines].reverse().find((l) => l.trim() !== "") ?? "";
}

const fail = (rule: DockerRule, line: number, message: string, output: string[] = [message]): Outcome => ({
  kind: "failed",
  failure: { rule, line, message, output },
});

const OCI = "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process:";

function ociFailure(rule: DockerRule, line: number, detail: string): Outcome {
  return fail(rule, line, detail, [`${OCI} ${detail}: unknown.`, "Error: Process completed with exit code 127."]);
}

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

function scriptOf(ctx: RunContext, entry: FsEntry): string | null {
  if (entry.content !== undefined) return entry.content;
  if (entry.source) return ctx.repo.get(entry.source)?.content ?? null;
  return null;
}

function interpreterExists(ctx: RunContext, shebang: string): boolean {
  const interpreter = shebang.replace(/^#!\s*/, "").split(/\s+/)[0] ?? "";
  if (interpreter === "/usr/bin/env") {
    const program = shebang.replace(/^#!\s*/, "").split(/\s+/)[1] ?? "";
    return !ctx.image.known || onPath(ctx.image, program) !== null;
  }
  if (!ctx.image.known) return true;
  const name = path.posix.basename(interpreter);
  if (ctx.image.fs.get(interpreter)?.type === "file") return true;
  return ctx.image.binaries.has(name) && (interpreter.startsWith("/bin/") || interpreter.startsWith("/usr/bin/") || interpreter.startsWith("/usr/local/bin/"));
}

/** Runs a shell script (a file's content or `sh -c` text) until the command that stays in the foreground. */
function runShellScript(ctx: RunContext, script: string, args: readonly string[], line: number): Outcome {
  const commands = parseScript(script, { githubExpressions: false }).flatMap((list) => {
    const inList = list.pipelines.flatMap((p) => p.commands);
    return inList.map((command, i) => ({ command, background: list.background && i === inList.length - 1 }));
  });
  let last: Outcome = { kind: "other", what: "sh" };
  for (const [index, { command, background }] of commands.entries()) {
    let words: string[];
    try {
      words = command.words.flatMap((w) => expandWord(w, { env: ctx.env, args }));
      // Set for the shell and for the command after them alike: the process this chain ends in may read either.
      for (const a of command.assignments) ctx.env.set(a.name, expandValue(a.value, { env: ctx.env, args }));
    } catch (e) {
      if (e instanceof BadSubstitution) return fail(appNotServing, line, `/bin/sh: 1: ${e.message}`);
      throw e;
    }
    const first = command.words[0] ? literalWord(command.words[0]) : "";
    if (words.length === 0) continue;
    const [name, ...rest] = words;
    if (["set", "echo", "printf", ":", "true", "umask", "trap", "shift", "[", "test"].includes(first)) continue;
    if (name === "export") {
      for (const a of rest) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(a);
        if (m) ctx.env.set(m[1]!, m[2]!);
      }
      continue;
    }
    if (name === "cd") {
      ctx.cwd = resolveIn(ctx.cwd, rest[0] ?? "/");
      continue;
    }
    const isLast = index === commands.length - 1 || background;
    if (name === "exec") return runProgram(ctx, rest.map((value) => ({ value, line })));
    if (!isLast) continue; // set-up commands (migrations, waits) before the foreground process
    last = runProgram(ctx, words.map((value) => ({ value, line })));
  }
  return last;
}

function runFile(ctx: RunContext, filePath: string, entry: FsEntry, args: Arg[], shown: string, line: number): Outcome {
  if (entry.type === "dir" || !canExecute(entry)) return ociFailure(execPermissionDenied, line, `exec: "${shown}": permission denied`);
  const script = scriptOf(ctx, entry);
  if (script === null) return { kind: "other", what: filePath };
  if (entry.source) ctx.ran.add(entry.source);
  const firstLine = script.split("\n")[0] ?? "";
  if (!firstLine.startsWith("#!")) return { kind: "other", what: filePath };
  if (!interpreterExists(ctx, firstLine)) return fail(execNotFound, line, `exec ${filePath}: no such file or directory`);
  return runShellScript(ctx, script, args.map((a) => a.value), line);
}

function startApp(ctx: RunContext, repoPath: string | undefined, imagePath: string, args: Arg[], line: number, language: "python" | "node"): Outcome {
  const app = ctx.world.apps.find((a) => a.entry === repoPath);
  if (!app || !ctx.worldKnown) return repoPath ? { kind: "other", what: repoPath } : { kind: "unknown" };
  const output = PROCESS_OUTPUT[language];

  if (app.accepted_args) {
    const rejected: Arg[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const option = a.value.split("=")[0]!;
      if (app.accepted_args.includes(option)) {
        if (!a.value.includes("=")) i += 1;
        continue;
      }
      if (a.value === "-h" || a.value === "--help") continue;
      rejected.push(a);
    }
    if (rejected.length > 0) {
      const lines = output.usage(path.posix.basename(imagePath), app.accepted_args, rejected.map((r) => r.value));
      return fail(appArgumentsRejected, rejected[0]!.line, headline(lines), lines);
    }
  }

  const listening = listeningPort(app, args.map((a) => a.value), ctx.env);
  if (app.port !== undefined && listening !== app.port) {
    const lines = [
      `${app.name} listening on 0.0.0.0:${listening}`,
      `$ curl -fsS --retry 3 --retry-connrefused http://localhost:${app.port}${app.health_path}`,
      `curl: (7) Failed to connect to localhost port ${app.port} after 0 ms: Couldn't connect to server`,
    ];
    return fail(appNotServing, line, lines[2]!, lines);
  }

  const missing = missingDependency(ctx, app, imagePath, language);
  if (missing) return fail(appDependenciesMissing, line, headline(missing), missing);

  const source = repoPath ? (ctx.repo.get(repoPath)?.content ?? "") : "";
  for (const name of app.required_env) {
    const value = ctx.env.get(name) ?? "";
    if (value === "" && !hasDefault(source, name)) {
      const lines = output.missingEnv(name, imagePath, source);
      return fail(requiredEnvMissing, line, headline(lines), lines);
    }
    const format = app.env_formats[name];
    if (value !== "" && format !== undefined && !new RegExp(format).test(value)) {
      const lines = output.badEnv(name, value, imagePath, source);
      return fail(requiredEnvMissing, line, headline(lines), lines);
    }
  }

  const skipped = app.setup.find((script) => !ctx.ran.has(script));
  if (skipped) {
    const lines = output.setupSkipped(skipped, imagePath);
    return fail(appSetupSkipped, line, headline(lines), lines);
  }

  const user = ctx.image.user;
  for (const dir of app.writes) {
    const target = resolveIn(path.posix.dirname(imagePath), dir);
    const entry = ctx.image.fs.get(target);
    const writable = entry ? canWrite(ctx.image, user, target) : canWrite(ctx.image, user, path.posix.dirname(target));
    if (!writable) {
      const lines = output.writeDenied(target, Boolean(entry));
      return fail(appWriteDenied, line, headline(lines), lines);
    }
  }

  if (app.port !== undefined && app.port < 1024 && !isRootUser(user) && ctx.world.docker_run.network === "host") {
    const lines = output.bindDenied(app.port);
    return fail(privilegedPortDenied, line, headline(lines), lines);
  }
  return { kind: "serving", app };
}

/** The port the app really listens on: its option or variable when given, else the documented one. */
function listeningPort(app: App, args: readonly string[], env: ReadonlyMap<string, string>): number | undefined {
  if (app.port_option) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const value = a === app.port_option ? args[i + 1] : a.startsWith(app.port_option + "=") ? a.slice(app.port_option.length + 1) : undefined;
      if (value !== undefined && /^\d+$/.test(value)) return Number(value);
    }
  }
  const fromEnv = app.port_env ? env.get(app.port_env) : undefined;
  if (fromEnv !== undefined && /^\d+$/.test(fromEnv)) return Number(fromEnv);
  return app.port;
}

/** Whether the app's code supplies its own default for a variable (`os.environ.get("X", "…")`, `process.env.X ?? "…"`). */
export function hasDefault(source: string, name: string): boolean {
  const q = `["']${name}["']`;
  const python = new RegExp(`(os\\.environ\\.get|os\\.getenv)\\(\\s*${q}\\s*,\\s*(["'])[^"']+\\2`);
  const node = new RegExp(`process\\.env(\\.${name}|\\[\\s*${q}\\s*\\])\\s*(\\?\\?|\\|\\|)\\s*(["'\`])[^"'\`]+\\3`);
  return python.test(source) || node.test(source);
}

function missingDependency(ctx: RunContext, app: App, imagePath: string, language: "python" | "node"): string[] | null {
  const root = app.root === "." ? "" : app.root + "/";
  if (language === "python") {
    const requirements = ctx.repo.get(root + "requirements.txt")?.content;
    if (!requirements) return null;
    const needed = requirementNames(requirements);
    const absent = needed.find((n) => !ctx.image.installed.pipPackages.has(n));
    if (!absent || !ctx.image.exact) return null;
    return PROCESS_OUTPUT.python.moduleMissing(absent.replace(/-/g, "_"), imagePath);
  }
  const pkg = ctx.repo.get(root + "package.json")?.content;
  if (!pkg) return null;
  let deps: string[] = [];
  try {
    deps = Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {});
  } catch {
    return null;
  }
  if (deps.length === 0 || !ctx.image.exact) return null;
  let dir = path.posix.dirname(imagePath);
  for (;;) {
    if (ctx.image.installed.nodeModules.has(dir)) return null;
    if (dir === "/") break;
    dir = path.posix.dirname(dir);
  }
  return PROCESS_OUTPUT.node.moduleMissing(deps[0]!, imagePath);
}

function runScriptFile(ctx: RunContext, language: "python" | "node", args: Arg[], line: number): Outcome {
  const valueFlags = new Set(["-X", "-W", "--require", "-r", "--import", "--loader"]);
  let i = 0;
  while (i < args.length && args[i]!.value.startsWith("-")) {
    const flag = args[i]!.value;
    if (flag === "-m" && language === "python") {
      const module = args[i + 1]?.value ?? "";
      const rel = module.replace(/\./g, "/");
      const candidates = [resolveIn(ctx.cwd, rel + ".py"), resolveIn(ctx.cwd, rel + "/__main__.py")];
      const found = candidates.find((c) => ctx.image.fs.has(c));
      if (!found) return { kind: "other", what: `python -m ${module}` };
      return startApp(ctx, ctx.image.fs.get(found)!.source, found, args.slice(i + 2), line, language);
    }
    if (flag === "-c" || flag === "-e" || flag === "--eval") return { kind: "other", what: `${language} ${flag}` };
    i += valueFlags.has(flag) ? 2 : 1;
  }
  const script = args[i];
  if (!script) return { kind: "other", what: `${language} REPL` };
  const file = resolveIn(ctx.cwd, script.value);
  const entry = ctx.image.fs.get(file) ?? (language === "node" && !script.value.endsWith(".js") ? ctx.image.fs.get(file + ".js") : undefined);
  if (!entry) {
    if (!knownAbsent(ctx.image, file)) return { kind: "unknown" };
    const lines = PROCESS_OUTPUT[language].fileMissing(file);
    return fail(appFileMissing, script.line, headline(lines), lines);
  }
  return startApp(ctx, entry.source, file, args.slice(i + 1), line, language);
}

function runNpm(ctx: RunContext, args: Arg[], line: number): Outcome {
  const values = args.map((a) => a.value);
  const prefixAt = values.findIndex((v) => v === "--prefix" || v === "-C");
  if (prefixAt >= 0) ctx.cwd = resolveIn(ctx.cwd, values[prefixAt + 1] ?? ".");
  const positional = values.filter((v, i) => !v.startsWith("-") && !(prefixAt >= 0 && i === prefixAt + 1));
  const [sub, name] = positional;
  const scriptName = sub === "start" ? "start" : sub === "run" || sub === "run-script" ? name : undefined;
  if (!scriptName) return { kind: "other", what: `npm ${sub ?? ""}` };
  const pkgPath = path.posix.join(ctx.cwd, "package.json");
  const entry = ctx.image.fs.get(pkgPath);
  if (!entry) {
    if (!knownAbsent(ctx.image, pkgPath)) return { kind: "unknown" };
    const lines = PROCESS_OUTPUT.node.npmNoPackage(pkgPath);
    return fail(appFileMissing, line, lines.find((l) => l.includes("Could not read package.json")) ?? headline(lines), lines);
  }
  let scripts: Record<string, string> = {};
  try {
    scripts = ((JSON.parse(scriptOf(ctx, entry) ?? "{}") as { scripts?: Record<string, string> }).scripts ?? {});
  } catch {
    return { kind: "unknown" };
  }
  const body = scripts[scriptName] ?? (scriptName === "start" ? "node server.js" : undefined);
  if (body === undefined) return fail(appFileMissing, line, `npm error Missing script: "${scriptName}"`);
  return runShellScript(ctx, body, [], line);
}

/** Follows one program invocation. */
function runProgram(ctx: RunContext, argv: Arg[]): Outcome {
  ctx.depth += 1;
  if (ctx.depth > 20) return { kind: "unknown" };
  const [program, ...rest] = argv;
  if (!program) return fail(appNotServing, 1, "docker: Error response from daemon: no command specified.");
  const { image } = ctx;
  const name = program.value;

  if (name.includes("/")) {
    const file = resolveIn(ctx.cwd, name);
    const entry = image.fs.get(file);
    if (!entry) {
      if (!knownAbsent(image, file) && !(image.known && image.exact)) return { kind: "unknown" };
      if (!knownAbsent(image, file)) return builtin(ctx, path.posix.basename(name), rest, program.line);
      return ociFailure(execNotFound, program.line, `exec: "${name}": stat ${name}: no such file or directory`);
    }
    return runFile(ctx, file, entry, rest, name, program.line);
  }
  const found = onPath(image, name);
  if (found?.kind === "file") return runFile(ctx, found.path, found.entry, rest, found.path, program.line);
  if (!found && image.known && image.exact && image.os !== "unknown") {
    return ociFailure(execNotFound, program.line, `exec: "${name}": executable file not found in $PATH`);
  }
  return builtin(ctx, name, rest, program.line);
}

function builtin(ctx: RunContext, name: string, rest: Arg[], line: number): Outcome {
  const base = path.posix.basename(name);
  if (["sh", "bash", "dash", "ash", "zsh"].includes(base)) {
    const c = rest.findIndex((a) => a.value === "-c");
    if (c >= 0) {
      const script = rest[c + 1];
      return script ? runShellScript(ctx, script.value, rest.slice(c + 3).map((a) => a.value), script.line) : { kind: "other", what: base };
    }
    const fileArg = rest.find((a) => !a.value.startsWith("-"));
    if (!fileArg) return { kind: "other", what: base };
    const file = resolveIn(ctx.cwd, fileArg.value);
    const entry = ctx.image.fs.get(file);
    if (!entry) {
      if (!knownAbsent(ctx.image, file)) return { kind: "unknown" };
      return fail(appFileMissing, fileArg.line, `${base}: 0: cannot open ${fileArg.value}: No such file`);
    }
    const script = scriptOf(ctx, entry);
    if (entry.source) ctx.ran.add(entry.source);
    return script === null ? { kind: "unknown" } : runShellScript(ctx, script, rest.slice(rest.indexOf(fileArg) + 1).map((a) => a.value), line);
  }
  if (/^python(\d(\.\d+)?)?$/.test(base)) return runScriptFile(ctx, "python", rest, line);
  if (base === "node" || base === "nodejs") return runScriptFile(ctx, "node", rest, line);
  if (base === "npm") return runNpm(ctx, rest, line);
  if (base === "docker-entrypoint.sh") {
    // The node image's entrypoint runs `node` with the arguments when the first one is not a command.
    const first = rest[0]?.value ?? "";
    if (first === "" || first.startsWith("-") || /\.(c|m)?js$/.test(first)) return runScriptFile(ctx, "node", rest, line);
    return runProgram(ctx, rest);
  }
  if (base === "gunicorn" || base === "uvicorn" || base === "hypercorn" || base === "waitress-serve") {
    const target = rest.find((a) => /^[A-Za-z_][\w.]*:[A-Za-z_]\w*(\(\))?$/.test(a.value));
    const chdir = rest.findIndex((a) => a.value === "--chdir" || a.value === "--app-dir");
    if (chdir >= 0) ctx.cwd = resolveIn(ctx.cwd, rest[chdir + 1]?.value ?? ".");
    if (!target) return { kind: "unknown" };
    const file = resolveIn(ctx.cwd, target.value.split(":")[0]!.replace(/\./g, "/") + ".py");
    const entry = ctx.image.fs.get(file);
    if (!entry) return knownAbsent(ctx.image, file) ? fail(appFileMissing, target.line, `ModuleNotFoundError: No module named '${target.value.split(":")[0]}'`) : { kind: "unknown" };
    return startApp(ctx, entry.source, file, [], line, "python");
  }
  if (["tini", "dumb-init", "env"].includes(base)) {
    const args = rest.filter((a) => a.value !== "--" && !/^-/.test(a.value) && !/^[A-Za-z_]\w*=/.test(a.value));
    return runProgram(ctx, args);
  }
  if (base === "gosu" || base === "su-exec") return runProgram(ctx, rest.slice(1));
  return { kind: "other", what: base };
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
