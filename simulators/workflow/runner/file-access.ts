/**
 * The files a `run:` script reads and writes in the job's workspace. Writes we can follow (`> file`, tee,
 * touch, mkdir) are recorded so that later reads find them; any other command may write anything, so after
 * one the job's reads are no longer judged (found: unknown). Each read is an event; a read of a file that is
 * not there (no checkout, an artifact that landed in another directory) fails in
 * rules/workspace-file-missing.ts, as coreutils does.
 */
import path from "node:path";
import type { Location } from "../../engine/rule.js";
import { hasFile } from "./state.js";
import type { RunnerState, StepFailure } from "./state.js";
import type { Sval } from "./values.js";

/**
 * Commands that write nothing into the workspace except through a redirection. docker writes files only
 * with the options in DOCKER_WRITES; curl only with -o/-O.
 */
const NO_WRITES = new Set([
  "echo", "printf", "cat", "head", "tail", "wc", "grep", "ls", "pwd", "cd", "test", "[", "[[", "true", "false", ":", "exit",
  "sleep", "set", "export", "declare", "local", "unset", "env", "date", "uname", "whoami", "id", "which", "type", "command",
  "tee", "touch", "mkdir", "docker", "curl", "jq", "sort", "uniq", "cut", "tr", "basename", "dirname", "realpath", "du", "df",
]);
const DOCKER_WRITES = /^(-o|--output|--iidfile|--metadata-file)(=|$)|^(cp|save|export|compose)$/;
const CURL_WRITES = /^(-[A-Za-z]*[oO]|--output|--remote-name|--output-dir)(=|$)/;

/** A workspace path for a word a script names, or null when it is not ours to judge. */
export function scriptPath(cwd: string, word: Sval, workspaceRoot: string): string | null {
  const text = word.text;
  if (cwd.startsWith("/")) return null;
  if (word.origin.kind === "opaque" || text === "" || text === "-" || /[*?[\]{}~$`]/.test(text)) return null;
  let relative = text;
  if (text.startsWith("/")) {
    if (!text.startsWith(`${workspaceRoot}/`)) return null;
    relative = text.slice(workspaceRoot.length + 1);
  }
  const joined = path.posix.normalize(path.posix.join(cwd === "" ? "." : cwd, relative)).replace(/\/$/, "");
  return joined.startsWith("..") ? null : joined === "" ? "." : joined;
}

/** pip's options that put files somewhere of the user's choosing, or install the project itself. */
const PIP_WRITES = /^(-e|--editable|-t|--target|--prefix|--root|--src|-d|--dest|--report|--log)(=|$)/;

/**
 * Whether a pip command may write into the workspace: `pip install -r requirements.txt` and `pip install --upgrade
 * pip` install into site-packages, but an editable or local install builds the project in place, and `download`
 * or `wheel` write files.
 */
function pipWritesWorkspace(args: readonly Sval[]): boolean {
  const words = args.map((a) => a.text);
  const sub = words.find((w) => !w.startsWith("-"));
  if (sub === undefined || ["list", "freeze", "show", "check", "config", "cache", "debug", "help", "inspect", "index", "uninstall"].includes(sub)) return false;
  if (sub !== "install") return true;
  for (let i = words.indexOf("install") + 1; i < words.length; i++) {
    const w = words[i]!;
    if (PIP_WRITES.test(w)) return true;
    if (w === "-r" || w === "--requirement" || w === "-c" || w === "--constraint" || w === "-i" || w === "--index-url" || w === "--extra-index-url") i++;
    else if (!w.startsWith("-") && /^[./~]|\/|\.(whl|tar\.gz|zip)$/.test(w)) return true;
  }
  return false;
}

/** Notes what a command may have written; `args` as expanded. */
export function noteWrites(state: RunnerState, name: string, args: readonly Sval[], cwd: string, workspaceRoot: string): void {
  if (name === "pip" || name === "pip3" || ((name === "python" || name === "python3") && args[0]?.text === "-m" && args[1]?.text === "pip")) {
    if (pipWritesWorkspace(name.startsWith("pip") ? args : args.slice(2))) state.filesUntracked = true;
    return;
  }
  if (!NO_WRITES.has(name)) {
    state.filesUntracked = true;
    return;
  }
  if ((name === "docker" && args.some((a) => DOCKER_WRITES.test(a.text))) || (name === "curl" && args.some((a) => CURL_WRITES.test(a.text)))) {
    state.filesUntracked = true;
    return;
  }
  if (name === "tee" || name === "touch" || name === "mkdir") {
    for (const a of args) {
      if (a.text.startsWith("-")) continue;
      const p = scriptPath(cwd, a, workspaceRoot);
      if (p === null) {
        if (a.origin.kind === "opaque" || !a.text.startsWith("/")) state.filesUntracked = true;
      } else state.written.add(p);
    }
  }
}

/** `> file`, `>> file`: the file exists afterwards (paths outside the workspace, like $GITHUB_OUTPUT, are not ours). */
export function noteRedirectWrite(state: RunnerState, target: Sval, cwd: string, workspaceRoot: string): void {
  if (target.text.startsWith("/dev/")) return;
  const p = scriptPath(cwd, target, workspaceRoot);
  if (p !== null) state.written.add(p);
  else if (!target.text.startsWith("/")) state.filesUntracked = true;
}

/** The readers whose file arguments are judged, and their options that take a value. */
const READERS: Record<string, { reader: "cat" | "head" | "tail" | "wc"; valueOptions: RegExp }> = {
  cat: { reader: "cat", valueOptions: /^$/ },
  head: { reader: "head", valueOptions: /^-[nc]$|^--(lines|bytes)$/ },
  tail: { reader: "tail", valueOptions: /^-[nc]$|^--(lines|bytes)$/ },
  wc: { reader: "wc", valueOptions: /^$/ },
};

/** Whether the job's reads can be judged: nothing it ran may have written the file we do not know of. */
function judged(state: RunnerState): boolean {
  return !state.filesUntracked && state.checkRepositoryFiles;
}

/** cat/head/tail/wc of files: the first one a rule finds missing fails the command. */
export function readFiles(state: RunnerState, name: string, args: readonly Sval[], cwd: string, ctx: ReadSite): StepFailure | null {
  const reader = READERS[name];
  if (!reader) return null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.text === "--") continue;
    if (a.text.startsWith("-") && a.text !== "-") {
      if (reader.valueOptions.test(a.text)) i++;
      continue;
    }
    const p = scriptPath(cwd, a, ctx.workspaceRoot);
    if (p === null) continue;
    const found = judged(state) ? hasFile(state, p) : null;
    const missing = state.judge.judge({ type: "file-read", step: state.judge.step, at: ctx.at, reader: reader.reader, name: a.text, path: p, found, bashPrefix: ctx.bashPrefix });
    if (missing) return missing;
  }
  return null;
}

/** Where a command reads from: its place in the file, and bash's error prefix. */
export interface ReadSite {
  at: Location;
  bashPrefix: string;
  workspaceRoot: string;
}

/** `< file`: bash itself opens the file before the command runs. */
export function readRedirect(state: RunnerState, target: Sval, cwd: string, ctx: ReadSite): StepFailure | null {
  const p = scriptPath(cwd, target, ctx.workspaceRoot);
  if (p === null) return null;
  const found = judged(state) ? hasFile(state, p) : null;
  return state.judge.judge({ type: "file-read", step: state.judge.step, at: ctx.at, reader: "redirect", name: target.text, path: p, found, bashPrefix: ctx.bashPrefix });
}
