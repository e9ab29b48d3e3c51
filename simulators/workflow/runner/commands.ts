/**
 * Handlers for the commands of `run:` scripts that matter to a delivery pipeline: docker (build, buildx
 * build, tag, push, login), curl, npm, pip, make and cd. Any other command succeeds: the simulator cannot
 * know what it does, so it never invents a failure for it.
 */
import { commandArgumentEmpty } from "../rules/command-argument-empty.js";
import { workspaceFileMissing } from "../rules/workspace-file-missing.js";
import { BUILD_FLAGS, BUILD_VALUE_OPTIONS } from "./docker-options.js";
import { buildImage, dockerPush, dockerTag, normaliseRegistry, registryLogin } from "./docker.js";
import { engineRefusal, scriptRefusal } from "./engines.js";
import { noteWrites, readFiles } from "./file-access.js";
import { dockerCliRefusal } from "./runner-os.js";
import { hasDirectory, hasFile, workspacePath } from "./state.js";
import type { CommandResult, RunnerState } from "./state.js";
import { concat, OPAQUE } from "./values.js";
import type { Sval } from "./values.js";

/** A word after expansion: its text, origin, and whether any part of it was quoted. */
export interface Arg extends Sval {
  quoted: boolean;
}

export interface CommandContext {
  state: RunnerState;
  cwd: string;
  stdin: Sval | null;
  /** The message prefix bash gives its own errors: `/home/runner/work/_temp/<uuid>.sh: line N:`. */
  bashPrefix: string;
  workspaceRoot: string;
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
  const all = (n: string[]): string[] => n.flatMap((k) => options.get(k) ?? []).map((a) => a.text);
  const outputs = all(["-o", "--output"]);
  return buildImage(ctx.state, {
    context,
    contextText: contextArg.text,
    dockerfile,
    tags: all(["-t", "--tag"]),
    platforms: all(["--platform"]).flatMap((p) => p.split(",")).filter((p) => p !== ""),
    push: options.has("--push") || outputs.some((o) => /type=registry|push=true/.test(o)),
    load: options.has("--load") || outputs.some((o) => /type=docker/.test(o)),
    cacheTo: all(["--cache-to"]),
    buildArgs: Object.fromEntries(all(["--build-arg"]).map((b) => [b.split("=")[0]!, b.split("=").slice(1).join("=")])),
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
  const result = registryLogin(ctx.state, registry, username, password, "cli", stdin);
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
    const { options } = optionsOf(tail, new Set(["--driver", "--name", "--platform", "--driver-opt", "--buildkitd-flags", "--config", "--node", "--bootstrap"]), new Set(["--use", "--append", "--leave"]));
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
  const missing = dockerCliRefusal(ctx.state, ctx.bashPrefix);
  if (missing) return missing;
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
        last = dockerPush(ctx.state, ref.text, allTags);
        if (last.status !== 0) return last;
      }
      return last;
    }
    case "tag": {
      const [source, target] = tail.filter((a) => !a.text.startsWith("-"));
      return source && target ? dockerTag(ctx.state, source.text, target.text) : ok();
    }
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

/** curl: an empty URL argument is the failure that a missing `env:` mapping turns into. */
function curl(args: Arg[], removedEmpty: boolean): CommandResult {
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
  const empty = urls.find((u) => u.text.trim() === "");
  if (empty) {
    const text = "curl: (3) URL using bad/illegal format or missing URL";
    return { status: 3, output: [text], failure: { rule: commandArgumentEmpty, message: text, lines: [text], exitCode: 3 } };
  }
  if (urls.length === 0 && removedEmpty) {
    const lines = ["curl: no URL specified!", "curl: try 'curl --help' or 'curl --manual' for more information"];
    return { status: 2, output: lines, failure: { rule: commandArgumentEmpty, message: lines[0]!, lines, exitCode: 2 } };
  }
  return ok([], { text: "ok", origin: OPAQUE });
}

function missingFile(code: number, lines: string[]): CommandResult {
  return { status: code, output: lines, failure: { rule: workspaceFileMissing, message: lines[0]!, lines, exitCode: code } };
}

function npm(args: Arg[], ctx: CommandContext): CommandResult {
  const sub = args[0]?.text ?? "";
  if (!["ci", "install", "i", "test", "t", "run", "run-script", "start", "build"].includes(sub) || args.some((a) => a.text === "--prefix")) return ok();
  const file = workspacePath(ctx.cwd, "package.json");
  if (hasFile(ctx.state, file)) {
    const argv = args.map((a) => a.text);
    return (["ci", "install", "i"].includes(sub) ? engineRefusal(ctx.state, workspacePath(ctx.cwd, "."), argv) : scriptRefusal(ctx.state, workspacePath(ctx.cwd, "."), argv)) ?? ok();
  }
  const abs = `${ctx.workspaceRoot}/${file}`;
  return missingFile(254, [
    "npm error code ENOENT",
    "npm error syscall open",
    `npm error path ${abs}`,
    "npm error errno -2",
    `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${abs}'`,
    "npm error enoent This is related to npm not being able to find a file.",
    "npm error enoent",
  ]);
}

function pip(args: Arg[], ctx: CommandContext): CommandResult {
  const r = args.findIndex((a) => a.text === "-r" || a.text === "--requirement");
  if (args[0]?.text !== "install" || r < 0 || !args[r + 1]) return ok();
  const name = args[r + 1]!.text;
  if (hasFile(ctx.state, workspacePath(ctx.cwd, name))) return ok();
  return missingFile(1, [`ERROR: Could not open requirements file: [Errno 2] No such file or directory: '${name}'`]);
}

function make(args: Arg[], ctx: CommandContext): CommandResult {
  if (args.some((a) => a.text === "-f" || a.text === "-C" || a.text.startsWith("--file") || a.text.startsWith("--directory"))) return ok();
  const present = ["GNUmakefile", "makefile", "Makefile"].some((f) => hasFile(ctx.state, workspacePath(ctx.cwd, f)));
  if (present) return ok();
  return missingFile(2, [args.some((a) => !a.text.startsWith("-")) ? `make: *** No rule to make target '${args.find((a) => !a.text.startsWith("-"))!.text}'.  Stop.` : "make: *** No targets specified and no makefile found.  Stop."]);
}

/** Runs one simple command (after expansion); `removedEmpty` says an unquoted empty word vanished. */
export function runCommand(name: Arg, args: Arg[], ctx: CommandContext, removedEmpty: boolean): CommandResult & { cwd?: string } {
  const unread = readFiles(ctx.state, name.text, args, ctx.cwd, ctx.workspaceRoot);
  if (unread) return unread;
  noteWrites(ctx.state, name.text, args, ctx.cwd, ctx.workspaceRoot);
  switch (name.text) {
    case "docker":
      return docker(args, ctx);
    case "curl":
      return curl(args, removedEmpty);
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
      if (hasDirectory(ctx.state, dir)) return { ...ok(), cwd: dir };
      return missingFile(1, [`${ctx.bashPrefix} cd: ${target}: No such file or directory`]);
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
      return ok([], args.length === 0 && ctx.stdin ? ctx.stdin : { text: "content", origin: OPAQUE });
    default:
      return ok([], { text: "output", origin: OPAQUE });
  }
}
