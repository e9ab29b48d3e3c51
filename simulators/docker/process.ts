/**
 * Following the container's process: through shells, entrypoint scripts, npm scripts and known launchers (tini,
 * gosu, gunicorn, the node image's entrypoint…) down to the program that stays in the foreground, failing where
 * Docker or the shell would (a missing program, a script that is not executable, a missing file).
 */
import path from "node:path";
import { BadSubstitution, expandValue, expandWord, literalWord } from "../shell/expand.js";
import { ValueTooLarge } from "../value-limits.js";
import { parseScript } from "../shell/parse.js";
import { startApp, wsgiServerBind } from "./app-start.js";
import type { FsEntry } from "./image.js";
import { canExecute, knownAbsent, onPath, resolveIn } from "./image.js";
import type { LaunchTargetEvent } from "./events.js";
import type { Arg, Outcome, RunContext } from "./start-outcome.js";
import { judge } from "./start-outcome.js";

/** A file a launcher opens: judged (DF103) when it is missing, and the run goes on otherwise. */
function launch(ctx: RunContext, event: Omit<LaunchTargetEvent, "type">): Outcome | null {
  return judge(ctx, { type: "launch-target", ...event });
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
      if (e instanceof BadSubstitution) return judge(ctx, { type: "container-exit", reason: "shell-error", message: `/bin/sh: 1: ${e.message}`, line }) ?? { kind: "unknown" };
      // dash's answer when a value outgrows memory.
      if (e instanceof ValueTooLarge) return judge(ctx, { type: "container-exit", reason: "shell-error", message: "/bin/sh: 1: Out of space", line }) ?? { kind: "unknown" };
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
    // `exec` with no command only applies its redirections; the script goes on.
    if (name === "exec" && rest.length === 0) continue;
    if (name === "exec") return runProgram(ctx, rest.map((value) => ({ value, line })));
    if (!isLast) {
      // Set-up commands (migrations, waits) before the foreground process: what they run has run.
      noteSetupScript(ctx, words);
      continue;
    }
    last = runProgram(ctx, words.map((value) => ({ value, line })));
  }
  return last;
}

/** Records the repository script a set-up command runs (`python init_db.py`, `sh migrate.sh`, `./seed.sh`). */
function noteSetupScript(ctx: RunContext, words: readonly string[]): void {
  const [program = "", ...rest] = words;
  const interpreter = /^(python(\d(\.\d+)?)?|node|sh|bash|dash|ash)$/.test(path.posix.basename(program));
  const target = interpreter ? rest.find((w) => !w.startsWith("-")) : program.includes("/") ? program : undefined;
  if (target === undefined) return;
  const source = ctx.image.fs.get(resolveIn(ctx.cwd, target))?.source;
  if (source) ctx.ran.add(source);
}

/** Whether a program compiled for `built` (os/arch) cannot run on `runsOn`; false when either is unknown. */
export function foreignBinary(built: string | undefined, runsOn: string | undefined): boolean {
  if (built === undefined || runsOn === undefined) return false;
  const [os, arch] = built.split("/");
  const [hostOs, hostArch] = runsOn.split("/");
  return os !== hostOs || arch !== hostArch;
}

function runFile(ctx: RunContext, name: string, filePath: string, entry: FsEntry, args: Arg[], shown: string, line: number): Outcome {
  const executable = entry.type !== "dir" && canExecute(entry, ctx.image.user);
  const script = executable ? scriptOf(ctx, entry) : null;
  const firstLine = script?.split("\n")[0] ?? "";
  const interpreter = firstLine.startsWith("#!") ? { shebang: firstLine, found: interpreterExists(ctx, firstLine) } : null;
  const refused = judge(ctx, { type: "exec", name, shown, line, resolved: { kind: "file", path: filePath, directory: entry.type === "dir", executable, interpreter } });
  if (refused) return refused;
  // The kernel refuses a program compiled for another architecture (an amd64 binary in an arm64 image).
  if (executable && foreignBinary(entry.platform, ctx.platform)) {
    return launch(ctx, { launcher: "exec", program: shown, target: filePath, missing: "platform", line }) ?? { kind: "unknown" };
  }
  if (script === null) return { kind: "other", what: filePath };
  if (entry.source) ctx.ran.add(entry.source);
  if (!interpreter) return { kind: "other", what: filePath };
  return runShellScript(ctx, script, args.map((a) => a.value), line);
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
    return launch(ctx, { launcher: language, program: language, target: file, missing: "file", line: script.line }) ?? { kind: "unknown" };
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
    return launch(ctx, { launcher: "npm", program: "npm", target: pkgPath, missing: "package-json", line }) ?? { kind: "unknown" };
  }
  let scripts: Record<string, string> = {};
  try {
    scripts = ((JSON.parse(scriptOf(ctx, entry) ?? "{}") as { scripts?: Record<string, string> }).scripts ?? {});
  } catch {
    return { kind: "unknown" };
  }
  const body = scripts[scriptName] ?? (scriptName === "start" ? "node server.js" : undefined);
  if (body === undefined) return launch(ctx, { launcher: "npm", program: "npm", target: scriptName, missing: "script", line }) ?? { kind: "unknown" };
  return runShellScript(ctx, body, [], line);
}

/** Follows one program invocation. */
export function runProgram(ctx: RunContext, argv: Arg[]): Outcome {
  ctx.depth += 1;
  if (ctx.depth > 20) return { kind: "unknown" };
  const [program, ...rest] = argv;
  const { image } = ctx;
  // An image the model does not know may well have a command of its own.
  if (!program && !image.known) return { kind: "unknown" };
  if (!program) return judge(ctx, { type: "container-exit", reason: "no-command", message: "docker: Error response from daemon: no command specified.", line: 1 }) ?? { kind: "unknown" };
  const name = program.value;

  if (name.includes("/")) {
    const file = resolveIn(ctx.cwd, name);
    const entry = image.fs.get(file);
    if (!entry) {
      if (!knownAbsent(image, file) && !(image.known && image.exact)) return { kind: "unknown" };
      if (!knownAbsent(image, file)) return builtin(ctx, path.posix.basename(name), rest, program.line);
      return judge(ctx, { type: "exec", name, shown: name, line: program.line, resolved: { kind: "absent", viaPath: false } }) ?? { kind: "unknown" };
    }
    return runFile(ctx, name, file, entry, rest, name, program.line);
  }
  const found = onPath(image, name);
  if (found?.kind === "file") return runFile(ctx, name, found.path, found.entry, rest, found.path, program.line);
  if (!found && image.known && image.exact && image.os !== "unknown") {
    return judge(ctx, { type: "exec", name, shown: name, line: program.line, resolved: { kind: "absent", viaPath: true } }) ?? { kind: "unknown" };
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
      return launch(ctx, { launcher: "sh", program: base, target: fileArg.value, missing: "file", line: fileArg.line }) ?? { kind: "unknown" };
    }
    const script = scriptOf(ctx, entry);
    if (entry.source) ctx.ran.add(entry.source);
    return script === null ? { kind: "unknown" } : runShellScript(ctx, script, rest.slice(rest.indexOf(fileArg) + 1).map((a) => a.value), line);
  }
  if (/^python(\d(\.\d+)?)?$/.test(base)) return runScriptFile(ctx, "python", rest, line);
  if (base === "node" || base === "nodejs") return runScriptFile(ctx, "node", rest, line);
  if (base === "npm") return runNpm(ctx, rest, line);
  if (base === "docker-entrypoint.sh") {
    // Only the node image's script is modelled; on an image the model does not know, it could be anyone's.
    if (!ctx.image.known || !ctx.image.binaries.has("node")) return { kind: "unknown" };
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
    if (!entry) {
      if (!knownAbsent(ctx.image, file)) return { kind: "unknown" };
      return launch(ctx, { launcher: "wsgi", program: base, target: target.value.split(":")[0]!, missing: "module", line: target.line }) ?? { kind: "unknown" };
    }
    const configFile = ctx.image.fs.has(resolveIn(ctx.cwd, "gunicorn.conf.py"));
    return startApp(ctx, entry.source, file, [], line, "python", wsgiServerBind(base, rest.map((a) => a.value), ctx.env, configFile));
  }
  // An init or a user switch runs the program after it; without one it prints its usage and exits (that is
  // the wrapper's own complaint, not the daemon's "no command specified").
  if (["tini", "dumb-init", "env"].includes(base)) {
    const args = rest.filter((a) => a.value !== "--" && !/^-/.test(a.value) && !/^[A-Za-z_]\w*=/.test(a.value));
    return args.length === 0 ? { kind: "other", what: base } : runProgram(ctx, args);
  }
  if (base === "gosu" || base === "su-exec") return rest.length < 2 ? { kind: "other", what: base } : runProgram(ctx, rest.slice(1));
  // A program the model does not follow is not the app; on an image the model does not know, it may start it.
  return ctx.image.known ? { kind: "other", what: base } : { kind: "unknown" };
}
