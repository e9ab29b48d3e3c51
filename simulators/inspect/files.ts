/**
 * The repository as a shell in its root sees it: files and the directories their paths make, read by ls,
 * cat, find and tree as GNU coreutils and findutils print them. The working directory is the repository's
 * root; a path outside it is not part of the simulated world.
 */
import path from "node:path";
import { compileGlob, matchGlob } from "../glob.js";

/** Whether the shell would expand a word as a pattern. */
const hasGlobSyntax = (word: string): boolean => /[*?[]/.test(word);
import type { Repository } from "../repository.js";
import { directoriesOf, isExecutable } from "../repository.js";
import type { CommandOutput } from "./context.js";
import { failed, ok } from "./context.js";
import { MAX_INSPECT_PIPE_CHARS } from "./limits.js";
import { BoundedOutput, heldToBound } from "./output.js";
import { joinLines } from "./text.js";

export type Resolved = { kind: "file"; path: string } | { kind: "dir"; path: string } | { kind: "missing"; path: string } | { kind: "outside" };

/** Reads the repository for the file tools: paths resolved from the root, errors in coreutils' words. */
export class RepoReader {
  private dirs: Set<string> | undefined;

  constructor(readonly repo: Repository) {}

  directories(): Set<string> {
    this.dirs ??= directoriesOf(this.repo);
    return this.dirs;
  }

  resolve(operand: string): Resolved {
    const absolute = operand.startsWith("/");
    const normal = path.posix.normalize(absolute ? operand : `./${operand}`);
    if (absolute || normal === ".." || normal.startsWith("../")) return { kind: "outside" };
    const p = normal === "./" || normal === "." ? "." : normal.replace(/^\.\//, "").replace(/\/$/, "");
    if (this.repo.has(p)) return { kind: "file", path: p };
    if (this.directories().has(p)) return { kind: "dir", path: p };
    return { kind: "missing", path: p };
  }

  /** A file's content, or the error `program` prints. */
  read(program: string, operand: string): { content: string } | { error: string } {
    const r = this.resolve(operand);
    if (r.kind === "file") return { content: this.repo.get(r.path)!.content };
    if (r.kind === "dir") return { error: `${program}: ${operand}: Is a directory\n` };
    if (r.kind === "outside") return { error: outsideMessage(program, operand) };
    return { error: `${program}: ${operand}: No such file or directory\n` };
  }

  /** Files under a directory ("." for all), sorted. */
  filesUnder(dir: string): string[] {
    return [...this.repo.keys()].filter((p) => dir === "." || p.startsWith(`${dir}/`)).sort();
  }

  /** The entries directly in a directory: names, with whether each is a directory. */
  entries(dir: string): { name: string; dir: boolean; path: string }[] {
    const names = new Map<string, boolean>();
    const prefix = dir === "." ? "" : `${dir}/`;
    for (const p of this.repo.keys()) {
      if (!p.startsWith(prefix)) continue;
      const rest = p.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash < 0) names.set(rest, names.get(rest) ?? false);
      else names.set(rest.slice(0, slash), true);
    }
    return [...names].map(([name, isDir]) => ({ name, dir: isDir, path: prefix + name })).sort((a, b) => compareNames(a.name, b.name));
  }
}

export function outsideMessage(program: string, operand: string): string {
  return `${program}: ${operand}: outside the repository (only the repository's own files are part of the simulated world)\n`;
}

/** ls's order in the C locale is bytewise; people read GNU's default, which ignores leading dots and case. */
function compareNames(a: string, b: string): number {
  const key = (s: string) => s.replace(/^\.+/, "").toLowerCase();
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Expands an unquoted glob operand against the repository's paths, as the shell does; unmatched, it stays. */
export function expandGlob(reader: RepoReader, operand: string): string[] {
  if (!hasGlobSyntax(operand)) return [operand];
  let glob;
  try {
    glob = compileGlob(operand.replace(/^\.\//, ""), "filepath");
  } catch {
    return [operand];
  }
  const candidates = [...reader.repo.keys(), ...reader.directories()].filter((p) => p !== ".");
  // As in sh, a wildcard does not match a leading dot: `.github` needs a pattern segment that starts with one.
  const segments = operand.replace(/^\.\//, "").split("/");
  const visible = (p: string) => p.split("/").every((seg, i) => !seg.startsWith(".") || (segments[i] ?? "").startsWith("."));
  const matched = [...new Set(candidates)].filter((p) => matchGlob(glob, p) && visible(p)).sort();
  return matched.length > 0 ? matched : [operand];
}

function modeString(reader: RepoReader, p: string, isDir: boolean): string {
  if (isDir) return "drwxr-xr-x";
  return isExecutable(reader.repo.get(p)) ? "-rwxr-xr-x" : "-rw-r--r--";
}

/** ls [-a] [-l] [-R] [-1] [PATH...]. */
export function ls(argv: readonly string[], reader: RepoReader): CommandOutput {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of argv.slice(1)) {
    if (/^-[alR1hAF]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (a.startsWith("-")) return failed(`ls: invalid option -- '${a.replace(/^-+/, "")[0]}'\nTry 'ls --help' for more information.\n`);
    else operands.push(a);
  }
  const all = flags.has("a") || flags.has("A");
  const long = flags.has("l");
  const targets = operands.length === 0 ? ["."] : operands;
  const errors: string[] = [];
  const fileRows: string[] = [];
  const dirs: { operand: string; path: string }[] = [];
  for (const operand of targets) {
    const r = reader.resolve(operand);
    if (r.kind === "outside") errors.push(outsideMessage("ls", operand).replace(/^ls: /, `ls: cannot access '${operand}': `).replace(`'${operand}': ${operand}: `, `'${operand}': `));
    else if (r.kind === "missing") errors.push(`ls: cannot access '${operand}': No such file or directory\n`);
    else if (r.kind === "file") fileRows.push(long ? longRow(reader, r.path, operand, false) : operand);
    else dirs.push({ operand, path: r.path });
  }
  const listDir = (dir: string): string[] => {
    const entries = reader.entries(dir).filter((e) => all || !e.name.startsWith("."));
    const shown = flags.has("a") ? [{ name: ".", dir: true, path: dir }, { name: "..", dir: true, path: dir }, ...entries] : entries;
    if (!long) return shown.map((e) => e.name + (flags.has("F") && e.dir ? "/" : ""));
    return [`total ${shown.length * 4}`, ...shown.map((e) => longRow(reader, e.path, e.name, e.dir))];
  };
  const blocks: string[] = [];
  if (fileRows.length > 0) blocks.push(joinLines(fileRows));
  const recursive = flags.has("R");
  const queue = [...dirs];
  const titled = dirs.length + fileRows.length > 1 || recursive;
  // Bounded, as a directory named again is listed again (`ls -R . . .`).
  let produced = blocks[0]?.length ?? 0;
  let cut = false;
  while (queue.length > 0) {
    if (produced > MAX_INSPECT_PIPE_CHARS) {
      cut = true;
      break;
    }
    const { operand, path: dir } = queue.shift()!;
    const body = listDir(dir);
    blocks.push((titled ? `${operand}:\n` : "") + joinLines(body));
    produced += blocks.at(-1)!.length + 1;
    if (recursive) {
      const subdirs = reader.entries(dir).filter((e) => e.dir && (all || !e.name.startsWith(".")));
      queue.unshift(...subdirs.map((e) => ({ operand: operand === "." ? `./${e.name}` : `${operand.replace(/\/$/, "")}/${e.name}`, path: e.path })));
    }
  }
  const out = errors.join("") + blocks.join("\n");
  return { ...heldToBound({ out, status: errors.length > 0 ? 2 : 0 }), ...(cut ? { cut } : {}) };
}

function longRow(reader: RepoReader, p: string, name: string, isDir: boolean): string {
  const size = isDir ? 4096 : Buffer.byteLength(reader.repo.get(p)?.content ?? "", "utf8");
  // The files' owners and times are not part of the scenario: git checks files out as the runner's user.
  return `${modeString(reader, p, isDir)} 1 runner runner ${String(size).padStart(6)} Jan  1 00:00 ${name}`;
}

/** cat [-n] FILE... */
export function cat(argv: readonly string[], stdin: string | null, reader: RepoReader): CommandOutput {
  const number = argv.includes("-n");
  const operands = argv.slice(1).filter((a) => a !== "-n");
  const bad = operands.find((a) => a.startsWith("-") && a !== "-");
  if (bad) return failed(`cat: invalid option -- '${bad.slice(1)}'\n`);
  // Bounded, so `cat f f f…` (or a glob named many times) stops at MAX_INSPECT_PIPE_CHARS.
  const out = new BoundedOutput();
  const numbered = new LineNumbers(out);
  let status = 0;
  let stdinRead = false;
  for (const operand of operands.length === 0 ? ["-"] : operands) {
    if (out.full) break;
    if (operand === "-") {
      // Standard input is read once: a second `-` finds a pipe at its end and adds nothing, as GNU cat does.
      if (!stdinRead) (number ? numbered : out).add(stdin ?? "");
      stdinRead = true;
      continue;
    }
    const read = reader.read("cat", operand);
    if ("error" in read) {
      out.add(read.error);
      status = 1;
    } else (number ? numbered : out).add(read.content);
  }
  return out.done(status);
}

/** cat -n: `%6d\t` before each line, counted across the files, a last line without its newline kept so. */
class LineNumbers {
  private n = 0;
  private atStart = true;

  constructor(private readonly out: BoundedOutput) {}

  add(text: string): boolean {
    let from = 0;
    while (from < text.length) {
      const end = text.indexOf("\n", from);
      const stop = end < 0 ? text.length : end + 1;
      const prefix = this.atStart ? `${String(++this.n).padStart(6)}\t` : "";
      if (!this.out.add(prefix + text.slice(from, stop))) return false;
      this.atStart = end >= 0;
      from = stop;
    }
    return true;
  }
}

/** find [PATH...] [-type f|d] [-name GLOB] [-iname GLOB] [-path GLOB] [-maxdepth N]. */
export function find(argv: readonly string[], reader: RepoReader): CommandOutput {
  const starts: string[] = [];
  let type: "f" | "d" | null = null;
  const names: { glob: ReturnType<typeof compileGlob>; fold: boolean; whole: boolean }[] = [];
  let maxDepth = Infinity;
  let i = 1;
  while (i < argv.length && !argv[i]!.startsWith("-")) starts.push(argv[i++]!);
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const value = argv[i + 1];
    if ((a === "-type" || a === "-name" || a === "-iname" || a === "-path" || a === "-maxdepth") && value === undefined) {
      return failed(`find: missing argument to \`${a}'\n`);
    }
    if (a === "-type") {
      if (value !== "f" && value !== "d") return failed(`find: Unknown argument to -type: ${value}\n`);
      type = value;
      i++;
    } else if (a === "-name" || a === "-iname" || a === "-path") {
      try {
        names.push({ glob: compileGlob(a === "-iname" ? value!.toLowerCase() : value!, a === "-path" ? "shell" : "filepath"), fold: a === "-iname", whole: a === "-path" });
      } catch {
        return failed(`find: invalid pattern '${value}'\n`);
      }
      i++;
    } else if (a === "-maxdepth") {
      if (!/^\d+$/.test(value!)) return failed(`find: Expected a positive decimal integer argument to -maxdepth, but got '${value}'\n`);
      maxDepth = Number(value);
      i++;
    } else if (a === "-print") continue;
    else return failed(`find: unknown predicate \`${a}'\n`);
  }
  // Bounded, as each start is walked again when named again (`find . . .`, a glob named many times).
  const rows = new BoundedOutput();
  const errors = new BoundedOutput();
  for (const start of starts.length === 0 ? ["."] : starts) {
    if (rows.full || errors.full) break;
    const r = reader.resolve(start);
    if (r.kind === "outside" || r.kind === "missing") {
      errors.add(`find: '${start}': No such file or directory\n`);
      continue;
    }
    const base = r.path;
    const paths = r.kind === "file" ? [{ p: base, dir: false }] : walk(reader, base);
    for (const { p, dir } of paths) {
      const rel = base === "." ? p : p.slice(base.length).replace(/^\//, "");
      const depth = rel === "." || rel === "" ? 0 : rel.split("/").length;
      if (depth > maxDepth) continue;
      if (type === "f" && dir) continue;
      if (type === "d" && !dir) continue;
      const shown = rel === "." || rel === "" ? start : `${start.replace(/\/$/, "")}/${rel}`;
      const leaf = path.posix.basename(p === "." ? start : p);
      if (!names.every((n) => matchGlob(n.glob, n.whole ? shown : n.fold ? leaf.toLowerCase() : leaf))) continue;
      if (!rows.add(`${shown}\n`)) break;
    }
  }
  const listed = rows.done(0);
  const failures = errors.done(1);
  return { out: failures.out + listed.out, status: failures.out !== "" ? 1 : 0, ...(listed.cut || failures.cut ? { cut: true } : {}) };
}

/** The directory and everything below it, directories before their contents, in find's (name) order. */
function walk(reader: RepoReader, dir: string): { p: string; dir: boolean }[] {
  const out: { p: string; dir: boolean }[] = [{ p: dir, dir: true }];
  for (const e of reader.entries(dir).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.dir) out.push(...walk(reader, e.path));
    else out.push({ p: e.path, dir: false });
  }
  return out;
}

/** tree [-a] [PATH]: the `├──` drawing and the closing count. */
export function tree(argv: readonly string[], reader: RepoReader): CommandOutput {
  const all = argv.includes("-a");
  const operand = argv.slice(1).find((a) => !a.startsWith("-")) ?? ".";
  const r = reader.resolve(operand);
  if (r.kind !== "dir") return failed(`${operand} [error opening dir]\n\n0 directories, 0 files\n`, 2);
  let dirs = 0;
  let files = 0;
  const lines = [operand];
  const draw = (dir: string, prefix: string): void => {
    const entries = reader.entries(dir).filter((e) => all || !e.name.startsWith("."));
    entries.forEach((e, i) => {
      const last = i === entries.length - 1;
      lines.push(`${prefix}${last ? "└── " : "├── "}${e.name}`);
      if (e.dir) {
        dirs += 1;
        draw(e.path, prefix + (last ? "    " : "│   "));
      } else files += 1;
    });
  };
  draw(r.path, "");
  return ok(`${joinLines(lines)}\n${dirs} director${dirs === 1 ? "y" : "ies"}, ${files} file${files === 1 ? "" : "s"}\n`);
}
