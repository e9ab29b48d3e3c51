/**
 * Handlers for the commands of `run:` scripts that matter to a delivery pipeline: docker (build, buildx
 * build, tag, push, login), curl, npm, pip, make and cd. Each hands what the command does to the rules as an
 * event (the files it reads, the URLs it requests, npm under the job's Node) and carries on or fails from
 * their verdict. Any other command succeeds: the simulator cannot know what it does, so it never invents a
 * failure for it.
 */
import path from "node:path";
import type { Location } from "../../engine/rule.js";
import { parseScript } from "../../shell/parse.js";
import { flatCommands, wordText } from "../script-commands.js";
import { dockerLoginOf } from "./credential-helpers.js";
import { BUILD_FLAGS, BUILD_VALUE_OPTIONS } from "./docker-options.js";
import { buildImage, dockerPush, dockerTag, normaliseRegistry, registryLogin } from "./docker.js";
import { noteWrites, readFiles } from "./file-access.js";
import { jobNode, readManifest, checkedOutFile } from "./node-releases.js";
import { failed, hasDirectory, hasFile, parseImageRef, workspacePath } from "./state.js";
import type { CommandResult, RunnerState, StepFailure } from "./state.js";
import { COMMAND_OUTPUT, concat, FILE_CONTENT } from "./values.js";
import type { Arg, Sval } from "./values.js";

export type { Arg };

export interface CommandContext {
  state: RunnerState;
  cwd: string;
  stdin: Sval | null;
  /** The message prefix bash gives its own errors: `/home/runner/work/_temp/<uuid>.sh: line N:`. */
  bashPrefix: string;
  workspaceRoot: string;
  /** Where the command is in the workflow file. */
  at: Location;
  /** false: an earlier command may have written files the simulator does not follow (see RunnerState.filesUntracked). */
  tracked?: boolean;
}

const ok = (output: string[] = [], stdout?: Sval): CommandResult => ({ status: 0, output, ...(stdout ? { stdout } : {}) });

function optionsOf(args: Arg[], valueOptions: Set<string>, flags: Set<string>): { options: Map<string, Arg[]>; positional: Arg[] } {
  const options = new Map<string, Arg[]>();
  const positional: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.text.startsWith("-") ? a.text.indexOf("=") : -1;
    const name = eq > 0 ? a.text.slice(0, eq) : a.text;
    const add = (v: Arg): void => void options.set(name, [...(options.get(name) ?? []), v]);
    if (flags.has(name) && eq < 0) add({ ...a, text: "true" });
    else if (eq > 0 && (valueOptions.has(name) || name.startsWith("--"))) add({ ...a, text: a.text.slice(eq + 1) });
    else if (valueOptions.has(name) && i + 1 < args.length) add(args[++i]!);
    else if (a.text.startsWith("-") && a.text !== "-") add({ ...a, text: "true" });
    else positional.push(a);
  }
  return { options, positional };
}

function dockerBuild(args: Arg[], ctx: CommandContext, buildx: boolean): CommandResult {
  const { options, positional } = optionsOf(args, BUILD_VALUE_OPTIONS, BUILD_FLAGS);
  const contextArg = positional[0];
  if (!contextArg || /^(https?|git):\/\/|^git@|\.git(#|$)/.test(contextArg.text) || contextArg.text === "-") return ok();
  const context = workspacePath(ctx.cwd, contextArg.text);
  const file = options.get("-f") ?? options.get("--file");
  const dockerfile = file ? workspacePath(ctx.cwd, file[file.length - 1]!.text) : workspacePath(context, "Dockerfile");
  const values = (n: string[]): Arg[] => n.flatMap((k) => options.get(k) ?? []);
  const all = (n: string[]): string[] => values(n).map((a) => a.text);
  const outputs = all(["-o", "--output"]);
  return buildImage(ctx.state, {
    via: "cli",
    at: ctx.at,
    context,
    contextText: contextArg.text,
    dockerfile,
    tags: all(["-t", "--tag"]),
    platforms: all(["--platform"]).flatMap((p) => p.split(",")).filter((p) => p !== ""),
    push: options.has("--push") || outputs.some((o) => /type=registry|push=true/.test(o)),
    load: options.has("--load") || outputs.some((o) => /type=docker/.test(o)),
    cacheTo: all(["--cache-to"]),
    buildArgs: values(["--build-arg"]).map((b) => ({ name: b.text.split("=")[0]!, value: b.text.split("=").slice(1).join("="), origin: b.origin })),
    target: all(["--target"])[0] ?? null,
    // A Windows daemon has no BuildKit: plain `docker build` runs its legacy builder.
    classic: !buildx,
  });
}

function dockerLogin(args: Arg[], ctx: CommandContext): CommandResult {
  const { options, positional } = optionsOf(args, new Set(["-u", "--username", "-p", "--password"]), new Set(["--password-stdin"]));
  const username = (options.get("-u") ?? options.get("--username"))?.at(-1) ?? null;
  const stdin = options.has("--password-stdin");
  const password = stdin ? ctx.stdin : ((options.get("-p") ?? options.get("--password"))?.at(-1) ?? null);
  const registry = normaliseRegistry(positional[0]?.text);
  const value = (v: Sval | null) => (v === null ? null : { text: v.text, origin: v.origin, at: ctx.at });
  const result = registryLogin(ctx.state, ctx.at, registry, value(username), value(password), "cli", stdin);
  if (options.has("-p") || options.has("--password")) result.output.unshift("WARNING! Using --password via the CLI is insecure. Use --password-stdin.");
  return result;
}

/**
 * `docker buildx create --use` makes a new builder the current one (docker-container unless `--driver docker`),
 * and build-push-action and `docker buildx build` build on the current builder; `docker buildx use default`
 * goes back to the docker driver.
 */
function dockerBuildx(sub: string | undefined, tail: Arg[], ctx: CommandContext): CommandResult | null {
  if (sub === "create") {
    // buildx's own flag set: --bootstrap takes no value (read as one, it swallowed the --use after it).
    const values = new Set(["--driver", "--name", "--platform", "--driver-opt", "--buildkitd-flags", "--buildkitd-config", "--config", "--node", "--timeout"]);
    const { options } = optionsOf(tail, values, new Set(["--use", "--append", "--leave", "--bootstrap"]));
    const driver = options.get("--driver")?.at(-1)?.text ?? "docker-container";
    if (options.has("--use") && driver !== "docker") ctx.state.builder = "docker-container";
    return ok();
  }
  if (sub === "use") {
    const name = tail.find((a) => !a.text.startsWith("-"))?.text;
    if (name === "default") ctx.state.builder = "docker";
    return ok();
  }
  return null;
}

function docker(args: Arg[], ctx: CommandContext): CommandResult {
  const { state } = ctx;
  const missing = state.judge.judge({
    type: "docker-on-runner",
    step: state.judge.step,
    at: ctx.at,
    tool: "cli",
    runner: state.runner,
    driver: "",
    buildxInstalled: state.buildxInstalled,
    bashPrefix: ctx.bashPrefix,
  });
  if (missing) return failed(missing);
  let rest = args;
  const buildx = rest[0]?.text === "buildx";
  if (rest[0]?.text === "buildx" || rest[0]?.text === "image") rest = rest.slice(1);
  const sub = rest[0]?.text;
  const tail = rest.slice(1);
  if (buildx) {
    const handled = dockerBuildx(sub, tail, ctx);
    if (handled) return handled;
  }
  switch (sub) {
    case "build":
      return dockerBuild(tail, ctx, buildx);
    case "login":
      return dockerLogin(tail, ctx);
    case "push": {
      const refs = tail.filter((a) => !a.text.startsWith("-"));
      const allTags = tail.some((a) => a.text === "--all-tags" || a.text === "-a" || a.text === "--all-tags=true");
      let last = ok();
      for (const ref of refs) {
        last = dockerPush(state, ctx.at, ref.text, allTags, ref.origin.kind === "opaque");
        if (last.status !== 0) return last;
      }
      return last;
    }
    case "tag": {
      const [source, target] = tail.filter((a) => !a.text.startsWith("-"));
      return source && target ? dockerTag(state, ctx.at, source.text, target.text) : ok();
    }
    case "pull": {
      // The pulled tag is in the local store for a tag or push after it (`:latest` when none is written).
      const { options, positional } = optionsOf(tail, new Set(["--platform"]), new Set(["-a", "--all-tags", "-q", "--quiet", "--disable-content-trust"]));
      const ref = positional[0];
      if (ref === undefined || options.has("-a") || options.has("--all-tags") || ref.origin.kind === "opaque") state.imagesUnseen = true;
      else {
        const pulled = parseImageRef(ref.text);
        state.images.add(pulled.tag === null && !ref.text.includes("@") ? parseImageRef(`${ref.text}:latest`).full : pulled.full);
      }
      return ok();
    }
    case "compose":
    case "load":
    case "import":
    case "commit":
      // Images these make (a compose file's `image:` names, a tarball's tags) are not followed.
      state.imagesUnseen = true;
      return ok();
    default:
      return ok();
  }
}

const CURL_VALUE_SHORT = new Set("XHdouFAewmTbcxrCK".split(""));
const CURL_VALUE_LONG = new Set([
  "--request", "--header", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json", "--output", "--user", "--form",
  "--user-agent", "--referer", "--write-out", "--retry", "--retry-delay", "--retry-max-time", "--max-time", "--connect-timeout",
  "--upload-file", "--cookie", "--cookie-jar", "--proxy", "--cacert", "--cert", "--key", "--range", "--config", "--resolve",
  "--oauth2-bearer", "--variable",
]);

/** curl: the URLs among its arguments (every word that is not an option or an option's value). */
function curl(args: Arg[], ctx: CommandContext, vanished: boolean): CommandResult {
  const urls: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.text === "--url") {
      if (i + 1 < args.length) urls.push(args[++i]!);
    } else if (a.text.startsWith("--")) {
      if (!a.text.includes("=") && CURL_VALUE_LONG.has(a.text)) i++;
    } else if (a.text.startsWith("-") && a.text.length > 1) {
      const letters = a.text.slice(1);
      const at = [...letters].findIndex((c) => CURL_VALUE_SHORT.has(c));
      if (at >= 0 && at === letters.length - 1) i++;
    } else urls.push(a);
  }
  const { judge } = ctx.state;
  const refused = judge.judge({ type: "request-url", step: judge.step, at: ctx.at, tool: "curl", urls, vanished });
  if (refused) return failed(refused);
  return ok([], { text: "ok", origin: COMMAND_OUTPUT });
}

/**
 * A file or directory a command needs, looked up in the workspace. After a command that may have written files
 * the simulator does not follow (`tracked` false), a file it does not know of is not judged missing.
 */
function read(ctx: CommandContext, reader: "cd" | "npm" | "npm-lockfile" | "pip" | "make", name: string, p: string, found: boolean): StepFailure | null {
  const { judge } = ctx.state;
  const judged = found || ctx.tracked !== false;
  return judge.judge({ type: "file-read", step: judge.step, at: ctx.at, reader, name, path: p, found: judged ? found : null, bashPrefix: ctx.bashPrefix });
}

/** The argv of every `node` command an npm script runs. */
function nodeCommands(script: string): string[][] {
  return flatCommands(parseScript(script, { githubExpressions: false }))
    .map((c) => c.words.map(wordText))
    .filter((argv) => argv[0] === "node");
}

/** npm's options that take a value as the next word (`--registry URL`, `-w pkg`), so that it is not read as a package. */
const NPM_VALUE_OPTIONS = new Set(["--registry", "--workspace", "-w", "--tag", "--cache", "--userconfig", "--loglevel", "--omit", "--include", "--install-strategy", "--location"]);

/** The package specs of an `npm install`, and whether it installs globally. */
function installSpecs(args: readonly Arg[]): { specs: string[]; global: boolean } {
  const specs: string[] = [];
  let global = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!.text;
    if (a === "-g" || a === "--global" || a === "--location=global") global = true;
    else if (a === "--location" && args[i + 1]?.text === "global") global = true;
    if (NPM_VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith("-")) specs.push(a);
  }
  return { specs, global };
}

/** `dir` and the workspace directories above it, nearest first, up to the workspace root ("."). */
function upToRoot(dir: string): string[] {
  const dirs = [dir];
  for (let d = dir; d !== "." && d !== ""; ) {
    d = path.posix.dirname(d);
    dirs.push(d);
  }
  return dirs;
}

/**
 * The project npm works on from `dir`: the nearest directory, from `dir` up, that holds a package.json (or a
 * node_modules), as npm finds its prefix; null when none does.
 */
function npmProject(state: RunnerState, dir: string): string | null {
  return upToRoot(dir).find((d) => hasFile(state, workspacePath(d, "package.json")) || hasDirectory(state, workspacePath(d, "node_modules"))) ?? null;
}

/** Whether a lockfile covers the project in `dir`: its own, or that of the workspaces root above it. */
function hasLockfile(state: RunnerState, dir: string): boolean {
  return upToRoot(dir).some((d) => ["package-lock.json", "npm-shrinkwrap.json"].some((f) => hasFile(state, workspacePath(d, f))));
}

/**
 * npm's install, ci and script commands. A global install (`npm i -g yarn`) goes to npm's own prefix and an
 * install that names packages (`npm install left-pad`, `npm i x@1`) writes package.json when there is none, so
 * neither needs the project's files; a bare `npm install` or `npm test` reads package.json (ENOENT without it),
 * and `npm ci` also needs a lockfile (EUSAGE without one), as the Dockerfile simulator's npm does.
 */
function npm(args: Arg[], ctx: CommandContext): CommandResult {
  const { state } = ctx;
  const sub = args[0]?.text ?? "";
  if (!["ci", "install", "i", "add", "test", "t", "run", "run-script", "start", "build"].includes(sub) || args.some((a) => a.text === "--prefix")) return ok();
  const installs = ["ci", "install", "i", "add"].includes(sub);
  const { specs, global } = installs ? installSpecs(args) : { specs: [], global: false };
  if (global) return ok();
  const file = workspacePath(ctx.cwd, "package.json");
  const project = npmProject(state, workspacePath(ctx.cwd, "."));
  if (sub === "ci" || specs.length === 0) {
    // Without a project above it, npm reads package.json where it stands, and names that path.
    const missing = read(ctx, "npm", `${ctx.workspaceRoot}/${file}`, file, project !== null);
    if (missing) return failed(missing);
  }
  const dir = project ?? workspacePath(ctx.cwd, ".");
  if (sub === "ci") {
    const lockfile = workspacePath(dir, "package-lock.json");
    const missing = read(ctx, "npm-lockfile", lockfile, lockfile, hasLockfile(state, dir));
    if (missing) return failed(missing);
  }
  const manifest = readManifest(state, workspacePath(dir, "package.json"));
  const argv = args.map((a) => a.text);
  const { judge } = state;
  if (installs) {
    const npmrc = checkedOutFile(state, workspacePath(dir, ".npmrc")) ?? "";
    const refused = judge.judge({ type: "npm-install", step: judge.step, at: ctx.at, argv, node: jobNode(state), manifest, npmrc });
    return refused ? failed(refused) : ok();
  }
  const name = sub === "test" || sub === "t" ? "test" : sub === "start" ? "start" : sub === "run" || sub === "run-script" ? (argv[1] ?? "") : "";
  const scripts = (manifest?.["scripts"] ?? {}) as Record<string, unknown>;
  const text = name !== "" && typeof scripts[name] === "string" ? (scripts[name] as string) : "";
  const packageId = `${String(manifest?.["name"] ?? "package")}@${String(manifest?.["version"] ?? "1.0.0")}`;
  const refused = judge.judge({ type: "npm-script", step: judge.step, at: ctx.at, node: jobNode(state), script: name, text, packageId, nodeCommands: nodeCommands(text) });
  return refused ? failed(refused) : ok();
}

function pip(args: Arg[], ctx: CommandContext): CommandResult {
  const r = args.findIndex((a) => a.text === "-r" || a.text === "--requirement");
  if (args[0]?.text !== "install" || r < 0 || !args[r + 1]) return ok();
  const name = args[r + 1]!.text;
  const p = workspacePath(ctx.cwd, name);
  const missing = read(ctx, "pip", name, p, hasFile(ctx.state, p));
  return missing ? failed(missing) : ok();
}

function make(args: Arg[], ctx: CommandContext): CommandResult {
  if (args.some((a) => a.text === "-f" || a.text === "-C" || a.text.startsWith("--file") || a.text.startsWith("--directory"))) return ok();
  const present = ["GNUmakefile", "makefile", "Makefile"].some((f) => hasFile(ctx.state, workspacePath(ctx.cwd, f)));
  const target = args.find((a) => !a.text.startsWith("-"))?.text ?? "";
  const missing = read(ctx, "make", target, workspacePath(ctx.cwd, "Makefile"), present);
  return missing ? failed(missing) : ok();
}

/** Runs one simple command (after expansion); `vanished` says an unquoted empty word vanished from it. */
export function runCommand(name: Arg, args: Arg[], given: CommandContext, vanished: boolean): CommandResult & { cwd?: string } {
  const unread = readFiles(given.state, name.text, args, given.cwd, given);
  if (unread) return failed(unread);
  // What a command reads is judged by what earlier commands left; its own writes come after.
  const ctx = { ...given, tracked: !given.state.filesUntracked };
  noteWrites(ctx.state, name.text, args, ctx.cwd, ctx.workspaceRoot);
  const helper = dockerLoginOf(name.text, args);
  if (helper) ctx.state.unseenLogins.push(helper);
  switch (name.text) {
    case "docker":
      return docker(args, ctx);
    case "docker-compose":
      // Compose v1: the images its build or pull makes are not followed, as with `docker compose`.
      ctx.state.imagesUnseen = true;
      return ok();
    case "curl":
      return curl(args, ctx, vanished);
    case "npm":
      return npm(args, ctx);
    case "pip":
    case "pip3":
      return pip(args, ctx);
    case "python":
    case "python3":
      return args[0]?.text === "-m" && args[1]?.text === "pip" ? pip(args.slice(2), ctx) : ok();
    case "make":
      return make(args, ctx);
    case "cd": {
      const target = args[0]?.text ?? ".";
      if (target.startsWith("/") || target.startsWith("~") || target === "-" || target.startsWith("$")) {
        // Outside the workspace (or somewhere we cannot tell): later relative paths are not ours to judge.
        ctx.state.filesUntracked = true;
        return ok();
      }
      const dir = workspacePath(ctx.cwd, target);
      const missing = read(ctx, "cd", target, dir, hasDirectory(ctx.state, dir));
      return missing ? failed(missing) : { ...ok(), cwd: dir };
    }
    case "echo":
    case "printf": {
      const shownArgs = name.text === "echo" ? args.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a.text))) : args.slice(0, 1).concat(args.slice(1));
      const parts: Sval[] = [];
      shownArgs.forEach((a, i) => parts.push(...(i > 0 ? [{ text: " ", origin: { kind: "literal" as const } }] : []), a));
      const value = name.text === "printf" && args.length > 1 ? concat(args.slice(1)) : concat(parts);
      return ok([], value);
    }
    case "cat":
      return ok([], args.length === 0 && ctx.stdin ? ctx.stdin : { text: "content", origin: FILE_CONTENT });
    default:
      return ok([], { text: "output", origin: COMMAND_OUTPUT });
  }
}
