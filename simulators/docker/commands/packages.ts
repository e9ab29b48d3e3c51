/**
 * Package managers and build tools in a RUN step: pip and npm installs (what the app's start-up later finds
 * installed), `npm run build` and `go build` (the build output exists afterwards), apt-get/apk installs (their
 * programs are on PATH afterwards).
 */
import path from "node:path";
import type { Image } from "../image.js";
import { knownAbsent, mkdirs, resolveIn } from "../image.js";
import type { CommandResult, Handler, RunEnvironment } from "./command.js";
import { npmScriptOutput } from "./build-output.js";
import { failure, ok, userName } from "./command.js";
import { installability, unsatisfiable } from "../../images/pypi.js";

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

/** `name==version` pins of a requirements list (extras dropped; lines with environment markers are not judged). */
function pins(lines: readonly string[]): Array<{ requirement: string; name: string; version: string }> {
  const out: Array<{ requirement: string; name: string; version: string }> = [];
  for (const line of lines) {
    const text = line.replace(/#.*/, "").trim();
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*==\s*([A-Za-z0-9.]+)$/.exec(text);
    if (m) out.push({ requirement: `${m[1]!.toLowerCase()}==${m[3]}`, name: m[1]!.toLowerCase(), version: m[3]! });
  }
  return out;
}

/** The first pinned requirement the image's Python cannot install, as pip reports it, or null. */
function uninstallable(image: Image, requirements: readonly string[], from: string | null, strict: boolean): string[] | null {
  const python = image.env.get("PYTHON_VERSION");
  if (python === undefined) return null;
  for (const pin of pins(requirements)) {
    const result = installability(pin.name, pin.version, python, strict ? "closed" : "open");
    if (result.kind === "ok" || result.kind === "unknown") continue;
    return unsatisfiable(pin.requirement, from, result, python);
  }
  return null;
}

export const pip: Handler = (args, cwd, { image, strict }) => {
  if (args[0] !== "install") return ok;
  const file = requirementsFile(args);
  const packages = args.slice(1).filter((a, i, all) => !a.startsWith("-") && all[i - 1] !== "-r" && all[i - 1] !== "--requirement" && all[i - 1] !== "-c");
  const installed: string[] = packages.map((p) => p.split(/[<>=!~\[]/)[0]!.toLowerCase());
  const refusedArgs = uninstallable(image, packages, null, strict);
  if (refusedArgs) return failure(1, ...refusedArgs);
  if (file !== null) {
    const p = resolveIn(cwd, file);
    const entry = image.fs.get(p);
    if (!entry || entry.type !== "file") {
      if (knownAbsent(image, p)) return failure(1, `ERROR: Could not open requirements file: [Errno 2] No such file or directory: '${file}'`);
    } else {
      const refused = uninstallable(image, (entry.content ?? "").split("\n"), file, strict);
      if (refused) return failure(1, ...refused);
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

export const npm: Handler = (args, cwd, env) => {
  const { image } = env;
  const sub = args[0];
  if (sub === "ci" || sub === "install" || sub === "i" || sub === "add") {
    const flags = args.slice(1).filter((a) => a.startsWith("-"));
    const named = args.slice(1).filter((a) => !a.startsWith("-"));
    // A global install goes to npm's prefix, whatever the working directory: its programs are on PATH after.
    if (flags.some((f) => f === "-g" || f === "--global" || f === "--location=global")) {
      for (const spec of named) image.binaries.add(packageName(spec));
      return ok;
    }
    // npm ≥ 7 refuses to build an ideal tree in the filesystem root.
    if (cwd === "/") return failure(1, 'npm error Tracker "idealTree" already exists', "npm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log");
    // `npm install <pkg>` writes a package.json when there is none; only a bare install needs one.
    const pkg = sub !== "ci" && named.length > 0 && !image.fs.has(path.posix.join(cwd, "package.json")) ? { ok: true as const, json: {} } : npmReadPackage(image, cwd);
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
      const text = scripts["build"] ?? "";
      if (env.sh && REACT_SCRIPTS_BUILD.test(text)) return reactScriptsScript(pkg.json, text, cwd, env);
      const written = writeBuildOutputs(env, cwd, undefined);
      return { status: 0, output: npmScriptOutput(pkg.json, script, text, written) };
    }
    return script === undefined || scripts[script] === undefined ? ok : { status: 0, output: npmScriptOutput(pkg.json, script, scripts[script], []) };
  }
  return ok;
};

/** A package script that runs react-scripts' build somewhere in it. */
const REACT_SCRIPTS_BUILD = /\breact-scripts\s+build\b/;

/** Package scripts run inside one another at most this deep; deeper, the build is taken as never ending. */
const MAX_SCRIPT_DEPTH = 8;

/**
 * Each app's bundle, written where the build tool writes it: `outDir` (resolved from `cwd`) when the tool
 * was told one, else the app's own output directory. Returns the directories as the tool names them.
 */
function writeBuildOutputs(env: RunEnvironment, cwd: string, outDir: string | undefined): string[] {
  const { image } = env;
  const outputs = env.apps.filter((a) => a.build_output_dir);
  const written: string[] = [];
  for (const app of outputs) {
    const out = resolveIn(cwd, outDir || app.build_output_dir!);
    mkdirs(image, out, userName(image.user));
    written.push(path.posix.relative(cwd, out) || ".");
    // The bundle's entry page, marked as this app's build so a web server's root can be checked for it.
    image.fs.set(`${out}/index.html`, { type: "file", owner: userName(image.user), mode: 0o644, content: "<!doctype html>", byBuild: true, producedBy: app.name });
  }
  // Where the build writes is the world's fact; without it the model cannot say what exists now.
  if (outputs.length === 0 && !env.strict) image.exact = false;
  return written;
}

/**
 * `npm run build` whose script runs react-scripts: npm runs the script with `sh -c` from the package's
 * directory, so what the script does around the build counts (`react-scripts build && mv build dist` leaves
 * the bundle in dist/, `BUILD_PATH=dist react-scripts build` writes it there). react-scripts ≥ 4.0.2 writes
 * where BUILD_PATH says (the script's own prefix, cross-env's, or the Dockerfile's ENV and RUN prefix).
 */
function reactScriptsScript(pkg: Record<string, unknown>, text: string, cwd: string, env: RunEnvironment): CommandResult {
  const depth = env.scriptDepth ?? 0;
  if (depth >= MAX_SCRIPT_DEPTH) return failure(1, "npm error code ELIFECYCLE", `npm error script "build" runs itself (more than ${MAX_SCRIPT_DEPTH} npm runs deep); it never ends`);
  const written: string[] = [];
  const reactScripts: Handler = (args, dir, e) => {
    if (args[0] === "build") written.push(...writeBuildOutputs(e, dir, e.vars?.get("BUILD_PATH")));
    else if (!e.strict) e.image.exact = false;
    return ok;
  };
  // cross-env NAME=value... COMMAND: the command with those variables set, on every platform.
  const crossEnv: Handler = (args, dir, e) => {
    const vars = new Map(e.vars);
    let i = 0;
    for (; i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!); i++) vars.set(args[i]!.slice(0, args[i]!.indexOf("=")), args[i]!.slice(args[i]!.indexOf("=") + 1));
    if (args[i] === "react-scripts") return reactScripts(args.slice(i + 1), dir, { ...e, vars });
    if (!e.strict) e.image.exact = false;
    return ok;
  };
  const result = env.sh!(text, cwd, { ...env, scriptDepth: depth + 1 }, { "react-scripts": reactScripts, "cross-env": crossEnv });
  return { status: result.status, output: [...npmScriptOutput(pkg, "build", text, written), ...result.output] };
}

/** The program a package spec installs, for the packages whose program shares their name (`serve@14` → serve). */
function packageName(spec: string): string {
  const scoped = spec.startsWith("@");
  const name = (scoped ? spec.slice(1) : spec).split("@")[0]!;
  return scoped ? name.split("/").pop()! : name;
}

/**
 * The platform `go build` compiles for: GOOS and GOARCH when set and not empty (an empty one means the
 * toolchain's own, as go reads it), else the platform the toolchain itself runs on (the stage's).
 */
export function goTarget(vars: ReadonlyMap<string, string> | undefined, stagePlatform: string | undefined): string | undefined {
  const [os, arch] = (stagePlatform ?? "").split("/");
  const goos = vars?.get("GOOS") || os;
  const goarch = vars?.get("GOARCH") || arch;
  return goos && goarch ? `${goos}/${goarch}` : undefined;
}

/** `go build -o OUT`: the binary exists afterwards, built for GOOS/GOARCH. */
/** Go subcommands that work inside a module only (module mode is the default since Go 1.16). */
const IN_MODULE = new Set(["build", "test", "vet", "run", "list", "install", "mod"]);

/**
 * Whether `go <args>` in `cwd` needs a go.mod the image is known to lack there and in every parent: a module
 * command with package paths (not .go files, not `go install pkg@version`, not `go mod init`).
 */
function missingModule(args: readonly string[], cwd: string, image: Image, vars: ReadonlyMap<string, string>): boolean {
  const sub = args[0] ?? "";
  if (!IN_MODULE.has(sub) || vars.get("GO111MODULE") === "off") return false;
  if (sub === "mod" && (args[1] === "init" || args[1] === undefined)) return false;
  if (args.some((a) => a.endsWith(".go") || (sub === "install" && a.includes("@")))) return false;
  for (let dir = cwd; ; dir = path.posix.dirname(dir)) {
    if (!knownAbsent(image, path.posix.join(dir, "go.mod"))) return false;
    if (dir === "/") return true;
  }
}

export const go: Handler = (args, cwd, { image, strict, vars, platform }) => {
  if (strict && missingModule(args, cwd, image, vars ?? new Map())) return failure(1, "go: go.mod file not found in current directory or any parent directory; see 'go help modules'");
  if (args[0] !== "build") return ok;
  const at = args.indexOf("-o");
  if (at >= 0 && args[at + 1]) addOutput(image, resolveIn(cwd, args[at + 1]!), goTarget(vars, platform));
  else if (!strict) image.exact = false;
  return ok;
};

function addOutput(image: Image, file: string, platform?: string): void {
  mkdirs(image, path.posix.dirname(file), userName(image.user));
  image.fs.set(file, { type: "file", owner: userName(image.user), mode: 0o755, content: "", byBuild: true, ...(platform ? { platform } : {}) });
}

/** apt-get/apk install: the packages' programs are on PATH afterwards (package and program share a name for the tools that matter). */
export const installPackages: Handler = (args, _cwd, { image }) => {
  if (!args.includes("install") && !args.includes("add")) return ok;
  for (const a of args) if (!a.startsWith("-") && a !== "install" && a !== "add") image.binaries.add(a.split(/[=<>]/)[0]!);
  return ok;
};
