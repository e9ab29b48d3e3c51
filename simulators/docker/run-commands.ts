/**
 * What a RUN step does to the image, for the commands whose effects later checks depend on: cd, mkdir, chmod,
 * chown, user creation, pip and npm installs, npm run build. Anything else succeeds without effect, since the
 * simulator must never invent a failure it cannot know about. Runs with `/bin/sh -c` semantics: no `-e`, so a
 * list's status is its last command's.
 */
import path from "node:path";
import { BadSubstitution, expandValue, expandWord } from "../shell/expand.js";
import { parseScript } from "../shell/parse.js";
import type { SimpleCommand } from "../shell/parse.js";
import type { App } from "../world.js";
import type { Image } from "./image.js";
import { canWrite, entriesUnder, exists, isDir, isRootUser, knownAbsent, mkdirs, onPath, resolveIn } from "./image.js";

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
}

export interface CommandResult {
  status: number;
  output: string[];
}

const ok: CommandResult = { status: 0, output: [] };
const failure = (status: number, ...output: string[]): CommandResult => ({ status, output });

type Handler = (args: string[], cwd: string, env: RunEnvironment) => CommandResult;

function userName(user: string): string {
  return user.split(":")[0]!;
}

function parseMode(spec: string, current: number): number | null {
  if (/^[0-7]{3,4}$/.test(spec)) return parseInt(spec, 8);
  let mode = current;
  for (const clause of spec.split(",")) {
    const m = /^([ugoa]*)([+\-=])([rwxXst]*)$/.exec(clause);
    if (!m) return null;
    const who = m[1] === "" || m[1]!.includes("a") ? "ugo" : m[1]!;
    let bits = 0;
    for (const w of who) {
      const shift = w === "u" ? 6 : w === "g" ? 3 : 0;
      for (const p of m[3]!) bits |= (p === "r" ? 4 : p === "w" ? 2 : p === "x" || p === "X" ? 1 : 0) << shift;
    }
    if (m[2] === "+") mode |= bits;
    else if (m[2] === "-") mode &= ~bits;
    else mode = (mode & ~0o777) | bits;
  }
  return mode;
}

const chmod: Handler = (args, cwd, { image }) => {
  const flags = args.filter((a) => /^-[A-Za-z]+$/.test(a));
  const rest = args.filter((a) => !/^-[A-Za-z]+$/.test(a));
  const [spec, ...targets] = rest;
  if (!spec || targets.length === 0) return failure(1, "chmod: missing operand");
  const recursive = flags.some((f) => f.includes("R"));
  for (const t of targets) {
    const p = resolveIn(cwd, t);
    const entry = image.fs.get(p);
    if (!entry) {
      if (knownAbsent(image, p)) return failure(1, `chmod: cannot access '${t}': No such file or directory`);
      continue;
    }
    if (!isRootUser(image.user) && entry.owner !== userName(image.user)) return failure(1, `chmod: changing permissions of '${t}': Operation not permitted`);
    for (const q of recursive ? entriesUnder(image, p) : [p]) {
      const e = image.fs.get(q)!;
      const next = parseMode(spec, e.mode);
      if (next === null) return failure(1, `chmod: invalid mode: '${spec}'`);
      e.mode = next;
    }
  }
  return ok;
};

const chown: Handler = (args, cwd, { image }) => {
  const rest = args.filter((a) => !a.startsWith("-"));
  const recursive = args.some((a) => /^-[A-Za-z]*R/.test(a));
  const [spec, ...targets] = rest;
  if (!spec || targets.length === 0) return failure(1, "chown: missing operand");
  const owner = spec.split(/[:.]/)[0]!;
  if (!/^\d+$/.test(owner) && !image.users.has(owner) && image.known) return failure(1, `chown: invalid user: '${spec}'`);
  for (const t of targets) {
    const p = resolveIn(cwd, t);
    if (!isRootUser(image.user)) return failure(1, `chown: changing ownership of '${t}': Operation not permitted`);
    if (!image.fs.has(p)) {
      if (knownAbsent(image, p)) return failure(1, `chown: cannot access '${t}': No such file or directory`);
      continue;
    }
    for (const q of recursive ? entriesUnder(image, p) : [p]) image.fs.get(q)!.owner = owner;
  }
  return ok;
};

const mkdir: Handler = (args, cwd, { image }) => {
  const parents = args.some((a) => /^-[A-Za-z]*p/.test(a) || a === "--parents");
  const modeAt = args.findIndex((a) => a === "-m" || a === "--mode");
  const mode = modeAt >= 0 ? parseMode(args[modeAt + 1] ?? "", 0o755) ?? 0o755 : 0o755;
  const dirs = args.filter((a, i) => !a.startsWith("-") && !(modeAt >= 0 && i === modeAt + 1));
  for (const d of dirs) {
    const p = resolveIn(cwd, d);
    if (exists(image, p)) {
      if (parents) continue;
      return failure(1, `mkdir: cannot create directory '${d}': File exists`);
    }
    let parent = path.posix.dirname(p);
    while (!exists(image, parent) && parents) parent = path.posix.dirname(parent);
    if (!exists(image, parent)) {
      if (knownAbsent(image, parent)) return failure(1, `mkdir: cannot create directory '${d}': No such file or directory`);
      mkdirs(image, p, userName(image.user), mode);
      continue;
    }
    if (!canWrite(image, image.user, parent)) return failure(1, `mkdir: cannot create directory '${d}': Permission denied`);
    mkdirs(image, p, userName(image.user), mode);
  }
  return ok;
};

/** useradd/adduser/addgroup: the account exists afterwards (root only). */
const addUser: Handler = (args, _cwd, { image }) => {
  if (!isRootUser(image.user)) return failure(1, `${args[0] ?? "useradd"}: Permission denied.`);
  const valueFlags = new Set(["-u", "--uid", "-g", "--gid", "-G", "--groups", "-s", "--shell", "-h", "--home", "-d", "--home-dir", "-c", "--comment", "--gecos", "--ingroup", "-k", "-K"]);
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valueFlags.has(a)) i += 1;
    else if (!a.startsWith("-")) names.push(a);
  }
  const name = names[0];
  if (name) {
    image.users.add(name);
    if (args.some((a) => a === "-m" || a === "--create-home") || !args.includes("-M")) mkdirs(image, `/home/${name}`, name);
  }
  return ok;
};

function requirementsFile(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-r" || a === "--requirement") return args[i + 1] ?? null;
    if (a.startsWith("-r") && a.length > 2) return a.slice(2);
    if (a.startsWith("--requirement=")) return a.slice("--requirement=".length);
  }
  return null;
}

const CONSOLE_SCRIPTS = ["gunicorn", "uvicorn", "flask", "celery", "pytest", "alembic", "hypercorn", "waitress-serve"];

/** The package names a requirements file lists. */
export function requirementNames(content: string): string[] {
  return content
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter((l) => l !== "" && !l.startsWith("-"))
    .map((l) => l.split(/[<>=!~;\[ ]/)[0]!.toLowerCase());
}

const pip: Handler = (args, cwd, { image }) => {
  if (args[0] !== "install") return ok;
  const file = requirementsFile(args);
  const packages = args.slice(1).filter((a, i, all) => !a.startsWith("-") && all[i - 1] !== "-r" && all[i - 1] !== "--requirement" && all[i - 1] !== "-c");
  const installed: string[] = packages.map((p) => p.split(/[<>=!~\[]/)[0]!.toLowerCase());
  if (file !== null) {
    const p = resolveIn(cwd, file);
    const entry = image.fs.get(p);
    if (!entry || entry.type !== "file") {
      if (knownAbsent(image, p)) return failure(1, `ERROR: Could not open requirements file: [Errno 2] No such file or directory: '${file}'`);
    } else {
      image.installed.pipRequirements.set(p, entry.content ?? "");
      installed.push(...requirementNames(entry.content ?? ""));
    }
  }
  for (const name of installed) {
    image.installed.pipPackages.add(name);
    if (CONSOLE_SCRIPTS.includes(name)) image.binaries.add(name);
  }
  return ok;
};

function npmReadPackage(image: Image, cwd: string): { ok: true; json: Record<string, unknown> } | { ok: false; result: CommandResult } {
  const pkgPath = path.posix.join(cwd, "package.json");
  const entry = image.fs.get(pkgPath);
  if (!entry && !knownAbsent(image, pkgPath)) return { ok: true, json: {} };
  if (!entry) {
    return {
      ok: false,
      result: failure(
        254,
        "npm error code ENOENT",
        "npm error syscall open",
        `npm error path ${pkgPath}`,
        "npm error errno -2",
        `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${pkgPath}'`,
        "npm error enoent This is related to npm not being able to find a file.",
      ),
    };
  }
  try {
    const json = JSON.parse(entry.content ?? "{}") as Record<string, unknown>;
    return { ok: true, json };
  } catch {
    return { ok: false, result: failure(1, "npm error code EJSONPARSE", `npm error JSON.parse Invalid package.json: ${pkgPath}`) };
  }
}

const npm: Handler = (args, cwd, env) => {
  const { image } = env;
  const sub = args[0];
  if (sub === "ci" || sub === "install" || sub === "i") {
    // npm ≥ 7 refuses to build an ideal tree in the filesystem root.
    if (cwd === "/") return failure(1, 'npm error Tracker "idealTree" already exists', "npm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log");
    const pkg = npmReadPackage(image, cwd);
    if (!pkg.ok) return pkg.result;
    if (sub === "ci" && knownAbsent(image, path.posix.join(cwd, "package-lock.json")) && knownAbsent(image, path.posix.join(cwd, "npm-shrinkwrap.json"))) {
      return failure(
        1,
        "npm error code EUSAGE",
        "npm error",
        "npm error The `npm ci` command can only install with an existing package-lock.json or",
        "npm error npm-shrinkwrap.json with lockfileVersion >= 1. Run an install with npm@5 or",
        "npm error later to generate a package-lock.json file, then try again.",
      );
    }
    image.installed.nodeModules.add(cwd);
    mkdirs(image, path.posix.join(cwd, "node_modules"), userName(image.user));
    return ok;
  }
  if (sub === "run" || sub === "run-script") {
    const script = args[1];
    const pkg = npmReadPackage(image, cwd);
    if (!pkg.ok) return pkg.result;
    const scripts = (pkg.json["scripts"] ?? {}) as Record<string, string>;
    if (!script || (scripts[script] === undefined && image.fs.has(path.posix.join(cwd, "package.json")))) return failure(1, `npm error Missing script: "${script ?? ""}"`, "npm error", "npm error To see a list of scripts, run:", "npm error   npm run");
    if (script === "build") {
      const outputs = env.apps.filter((a) => a.build_output_dir);
      for (const app of outputs) {
        const out = resolveIn(cwd, app.build_output_dir!);
        mkdirs(image, out, userName(image.user));
        // The bundle's entry page, marked as this app's build so a web server's root can be checked for it.
        image.fs.set(`${out}/index.html`, { type: "file", owner: userName(image.user), mode: 0o644, content: "<!doctype html>", byBuild: true, producedBy: app.name });
      }
      // Where the build writes is the world's fact; without it the model cannot say what exists now.
      if (outputs.length === 0 && !env.strict) image.exact = false;
    }
    return ok;
  }
  return ok;
};

const cd: Handler = () => ok;

/** `install -d [-o user] [-g group] [-m mode] DIR…` creates directories owned as asked. */
const install: Handler = (args, cwd, { image }) => {
  if (!args.includes("-d") && !args.includes("--directory")) return ok;
  let owner = image.user.split(":")[0]!;
  let mode = 0o755;
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-o" || a === "--owner") owner = args[++i] ?? owner;
    else if (a === "-m" || a === "--mode") mode = parseMode(args[++i] ?? "755", 0o755) ?? 0o755;
    else if (a === "-g" || a === "--group") i += 1;
    else if (!a.startsWith("-")) dirs.push(a);
  }
  if (!isRootUser(image.user) && owner !== image.user.split(":")[0]) return failure(1, `install: cannot change ownership of '${dirs[0] ?? ""}': Operation not permitted`);
  for (const d of dirs) {
    const p = resolveIn(cwd, d);
    mkdirs(image, p, owner, mode);
    const e = image.fs.get(p);
    if (e) {
      e.owner = owner;
      e.mode = mode;
    }
  }
  return ok;
};

/** `go build -o OUT`: the binary exists afterwards. */
const go: Handler = (args, cwd, { image, strict }) => {
  if (args[0] !== "build") return ok;
  const at = args.indexOf("-o");
  if (at >= 0 && args[at + 1]) addOutput(image, resolveIn(cwd, args[at + 1]!));
  else if (!strict) image.exact = false;
  return ok;
};

function addOutput(image: Image, file: string): void {
  mkdirs(image, path.posix.dirname(file), userName(image.user));
  image.fs.set(file, { type: "file", owner: userName(image.user), mode: 0o755, content: "", byBuild: true });
}

/** cp and mv of single files: the destination exists afterwards. */
const copyOrMove: Handler = (args, cwd, { image, strict }) => {
  const operands = args.filter((a) => !a.startsWith("-"));
  if (operands.length !== 2) {
    if (!strict) image.exact = false;
    return ok;
  }
  const [from, to] = operands.map((o) => resolveIn(cwd, o)) as [string, string];
  const entry = image.fs.get(from);
  if (!entry) {
    if (knownAbsent(image, from)) return failure(1, `cp: cannot stat '${operands[0]}': No such file or directory`);
    if (!strict) image.exact = false;
    return ok;
  }
  const target = isDir(image, to) ? path.posix.join(to, path.posix.basename(from)) : to;
  for (const p of entriesUnder(image, from)) image.fs.set(target + p.slice(from.length), { ...image.fs.get(p)!, byBuild: true });
  return ok;
};

const touch: Handler = (args, cwd, { image }) => {
  for (const a of args.filter((x) => !x.startsWith("-"))) {
    const p = resolveIn(cwd, a);
    if (image.fs.has(p)) continue;
    if (!canWrite(image, image.user, path.posix.dirname(p))) return failure(1, `touch: cannot touch '${a}': Permission denied`);
    image.fs.set(p, { type: "file", owner: image.user.split(":")[0]!, mode: 0o644, content: "", byBuild: true });
  }
  return ok;
};

/**
 * `test` / `[` on strings: `-n`, `-z`, a bare string, `=` and `!=`. A build that guards a required build ARG
 * with `RUN test -n "$APP_VERSION"` fails here when the workflow passed no value. File tests are left alone:
 * the model may not know every file a base image holds.
 */
const testCommand: Handler = (args) => {
  const operands = args[args.length - 1] === "]" ? args.slice(0, -1) : args;
  let verdict: boolean | null = null;
  if (operands.length === 1) verdict = operands[0] !== "";
  else if (operands.length === 2 && operands[0] === "-n") verdict = operands[1] !== "";
  else if (operands.length === 2 && operands[0] === "-z") verdict = operands[1] === "";
  else if (operands.length === 3 && (operands[1] === "=" || operands[1] === "==")) verdict = operands[0] === operands[2];
  else if (operands.length === 3 && operands[1] === "!=") verdict = operands[0] !== operands[2];
  return verdict === false ? failure(1) : ok;
};

/** apt-get/apk install: the packages' programs are on PATH afterwards (package and program share a name for the tools that matter). */
const installPackages: Handler = (args, _cwd, { image }) => {
  if (!args.includes("install") && !args.includes("add")) return ok;
  for (const a of args) if (!a.startsWith("-") && a !== "install" && a !== "add") image.binaries.add(a.split(/[=<>]/)[0]!);
  return ok;
};

/**
 * Programs whose presence differs between images and that the catalogue tracks: in a scenario, using one the
 * image lacks fails as sh does (`pip: not found` on a Node image). Other programs are assumed present.
 */
const TRACKED_PROGRAMS = new Set([
  "pip", "pip3", "python", "python3", "npm", "npx", "node", "yarn", "pnpm", "corepack", "go", "cargo", "rustc", "java", "javac",
  "mvn", "gradle", "gcc", "g++", "make", "curl", "wget", "git", "bash", "apt-get", "apk", "dnf", "yum", "useradd", "groupadd",
  "gunicorn", "uvicorn", "flask", "php", "composer", "ruby", "gem", "bundle", "nginx",
]);


/** Commands that create no files a later check could look for; any other unmodelled command makes the model inexact. */
const NO_FILE_EFFECTS = new Set([
  "apt-get", "apt", "apk", "dnf", "yum", "microdnf", "echo", "printf", "true", ":", "id", "whoami", "ls", "cat", "test", "[",
  "set", "sleep", "rm", "env", "which", "command", "groupadd", "addgroup", "usermod", "update-ca-certificates", "pip", "pip3",
  "npm", "yarn", "corepack", "export", "exit",
]);

const HANDLERS: Record<string, Handler> = {
  chmod,
  chown,
  mkdir,
  useradd: addUser,
  adduser: addUser,
  pip,
  pip3: pip,
  npm,
  cd,
  install,
  touch,
  go,
  cp: copyOrMove,
  mv: copyOrMove,
  test: testCommand,
  "[": testCommand,
  "apt-get": installPackages,
  apt: installPackages,
  apk: installPackages,
};

/** What a RUN step's shell carries from one command to the next. */
interface ShellState {
  cwd: string;
  vars: Map<string, string>;
}

/** Runs one simple command. Without `-e`, a failure does not stop the step: the caller goes on to the next. */
function runCommand(command: SimpleCommand, state: ShellState, env: RunEnvironment): CommandResult {
  const { image } = env;
  let argv: string[];
  let assigned: [string, string][];
  try {
    argv = command.words.flatMap((w) => expandWord(w, { env: state.vars }));
    assigned = command.assignments.map((a) => [a.name, expandValue(a.value, { env: state.vars })]);
  } catch (e) {
    if (e instanceof BadSubstitution) return failure(2, `/bin/sh: 1: ${e.message}`);
    throw e;
  }
  const [name, ...args] = argv;
  // `VAR=value` alone sets a shell variable; before a command it is only that command's environment.
  if (name === undefined) {
    for (const [k, v] of assigned) state.vars.set(k, v);
    return ok;
  }
  if (name === "export") {
    for (const a of args) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(a);
      if (m) state.vars.set(m[1]!, m[2]!);
    }
    return ok;
  }
  if (name === "cd") {
    const target = resolveIn(state.cwd, args[0] ?? "/root");
    if (!isDir(image, target) && knownAbsent(image, target)) return failure(2, `/bin/sh: 1: cd: can't cd to ${args[0] ?? "~"}`);
    state.cwd = target;
    return ok;
  }
  if (name === "false") return failure(1);
  if ((name === "python" || name === "python3") && args[0] === "-m" && args[1] === "pip") return pip(args.slice(2), state.cwd, env);
  const program = path.posix.basename(name);
  const handler = HANDLERS[program];
  if (env.strict && image.known && TRACKED_PROGRAMS.has(program) && !name.includes("/") && onPath(image, program) === null) {
    return failure(127, `/bin/sh: 1: ${program}: not found`);
  }
  if (handler) return handler(args, state.cwd, env);
  if (!env.strict && !NO_FILE_EFFECTS.has(program)) image.exact = false;
  return ok;
}

/** Runs a shell-form RUN script (or an exec-form argv) against the image. */
export function runScript(script: string, env: RunEnvironment): CommandResult {
  const { image } = env;
  const shell = image.shell[0] ?? "/bin/sh";
  if (image.known && !image.fs.has(shell) && !image.binaries.has(path.posix.basename(shell))) {
    return failure(1, `runc run failed: unable to start container process: error during container init: exec: "${shell}": stat ${shell}: no such file or directory: unknown`);
  }
  const state: ShellState = { cwd: image.workdir, vars: new Map(image.env) };
  let status = 0;
  const output: string[] = [];
  for (const list of parseScript(script, { githubExpressions: false })) {
    list.pipelines.forEach((pipeline, index) => {
      const op = list.ops[index - 1];
      if ((op === "&&" && status !== 0) || (op === "||" && status === 0)) return;
      for (const command of pipeline.commands) {
        // Inside if/for/while/case, a function, a subshell or `!`, whether and how a command runs is control
        // flow the model does not follow: it neither fails the step nor changes what the model knows.
        if (command.conditional || pipeline.negated) {
          if (!env.strict) image.exact = false;
          status = 0;
          continue;
        }
        const result = runCommand(command, state, env);
        status = result.status;
        output.push(...result.output);
      }
    });
  }
  return { status, output };
}
