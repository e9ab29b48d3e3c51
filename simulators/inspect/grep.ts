/**
 * grep as GNU grep prints it: over stdin or the named files, `-r` over directories (the repository's files
 * are bounded, and every pattern is matched in linear time, so a recursive search of the whole repository
 * is bounded too), with -n, -i, -v, -l, -c, -w, -x, -E, -F, -e, -h/-H, -A/-B/-C and --include.
 */
import { compileGlob, matchGlob } from "../glob.js";
import type { CommandOutput } from "./context.js";
import { failed } from "./context.js";
import type { RepoReader } from "./files.js";
import { outsideMessage } from "./files.js";
import { BoundedOutput, perText } from "./output.js";
import { compilePattern, PatternError } from "./pattern.js";
import { linesOf } from "./text.js";

interface GrepOptions {
  patterns: string[];
  recursive: boolean;
  number: boolean;
  invert: boolean;
  list: boolean;
  count: boolean;
  names: boolean | null;
  /** Lines of context before and after a hit; -1 when not given (no `--` between groups then). */
  before: number;
  after: number;
  include: string[];
  quiet: boolean;
}

const USAGE = "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n";

function contextValue(v: string | undefined): number | null {
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : null;
}

export function grep(argv: readonly string[], stdin: string | null, reader: RepoReader): CommandOutput {
  const o: GrepOptions = { patterns: [], recursive: false, number: false, invert: false, list: false, count: false, names: null, before: -1, after: -1, include: [], quiet: false };
  const flags = { extended: argv[0] === "egrep", fixed: argv[0] === "fgrep", ignoreCase: false, word: false, line: false };
  const operands: string[] = [];
  let optionsDone = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (optionsDone || !a.startsWith("-") || a === "-") {
      operands.push(a);
      continue;
    }
    if (a === "--") {
      optionsDone = true;
      continue;
    }
    if (a.startsWith("--")) {
      const [name, inline] = a.slice(2).split(/=(.*)/s) as [string, string | undefined];
      const value = (): string | undefined => inline ?? argv[++i];
      if (name === "include") o.include.push(value() ?? "");
      else if (name === "regexp") o.patterns.push(value() ?? "");
      else if (name === "recursive") o.recursive = true;
      else if (name === "line-number") o.number = true;
      else if (name === "ignore-case") flags.ignoreCase = true;
      else if (name === "invert-match") o.invert = true;
      else if (name === "files-with-matches") o.list = true;
      else if (name === "count") o.count = true;
      else if (name === "word-regexp") flags.word = true;
      else if (name === "extended-regexp") flags.extended = true;
      else if (name === "fixed-strings") flags.fixed = true;
      else if (name === "color" || name === "colour") continue;
      else return failed(`grep: unrecognized option '${a}'\n${USAGE}`, 2);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const f = a[k]!;
      const rest = a.slice(k + 1);
      if ("ABCe".includes(f)) {
        const value = rest !== "" ? rest : argv[++i];
        if (f === "e") o.patterns.push(value ?? "");
        else {
          const n = contextValue(value);
          if (n === null) return failed(`grep: ${value ?? ""}: invalid context length argument\n`, 2);
          if (f !== "A") o.before = n;
          if (f !== "B") o.after = n;
        }
        break;
      }
      if (f === "r" || f === "R") o.recursive = true;
      else if (f === "n") o.number = true;
      else if (f === "i") flags.ignoreCase = true;
      else if (f === "v") o.invert = true;
      else if (f === "l") o.list = true;
      else if (f === "c") o.count = true;
      else if (f === "w") flags.word = true;
      else if (f === "x") flags.line = true;
      else if (f === "E") flags.extended = true;
      else if (f === "F") flags.fixed = true;
      else if (f === "G") flags.extended = false;
      else if (f === "h") o.names = false;
      else if (f === "H") o.names = true;
      else if (f === "q" || f === "s") o.quiet = o.quiet || f === "q";
      else if (f === "P") return failed("grep: -P (Perl regular expressions) is not supported here; use -E\n", 2);
      else if (f === "o") return failed("grep: -o is not supported here; use -n to see the matching lines\n", 2);
      else return failed(`grep: invalid option -- '${f}'\n${USAGE}`, 2);
    }
  }
  if (o.patterns.length === 0) {
    const p = operands.shift();
    if (p === undefined) return failed(USAGE, 2);
    o.patterns.push(p);
  }
  let pattern;
  try {
    pattern = compilePattern(o.patterns.join("\n"), flags);
  } catch (error) {
    if (error instanceof PatternError) return failed(`grep: ${error.message}\n`, 2);
    throw error;
  }
  const includes = o.include.map((g) => compileGlob(g, "filepath"));
  // Each source says whether grep reached it by walking a directory: with one operand, only those carry a name.
  const sources: { name: string; text: string; walked: boolean }[] = [];
  let errors = "";
  // With -r and no operand grep searches "." but names what it finds as "x", not "./x".
  const implicit = operands.length === 0 && o.recursive;
  if (implicit) operands.push(".");
  let stdinRead = false;
  for (const operand of operands) {
    if (operand === "-") {
      // Standard input is read once: a second `-` finds it at its end, as with a pipe.
      sources.push({ name: "(standard input)", text: stdinRead ? "" : (stdin ?? ""), walked: false });
      stdinRead = true;
      continue;
    }
    const r = reader.resolve(operand);
    if (r.kind === "outside") errors += outsideMessage("grep", operand);
    else if (r.kind === "missing") errors += `grep: ${operand}: No such file or directory\n`;
    else if (r.kind === "dir" && !o.recursive) errors += `grep: ${operand}: Is a directory\n`;
    else if (r.kind === "file") sources.push({ name: operand, text: reader.repo.get(r.path)!.content, walked: false });
    else {
      for (const p of reader.filesUnder(r.path)) {
        const leaf = p.split("/").pop()!;
        if (includes.length > 0 && !includes.some((g) => matchGlob(g, leaf))) continue;
        sources.push({ name: walkedName(implicit ? null : operand, r.path, p), text: reader.repo.get(p)!.content, walked: true });
      }
    }
  }
  if (operands.length === 0) sources.push({ name: "(standard input)", text: stdin ?? "", walked: false });
  const hitsOf = perText((text) => {
    const lines = linesOf(text);
    const hits: number[] = [];
    lines.forEach((l, i) => {
      if (pattern.test(l) !== o.invert) hits.push(i);
    });
    return { lines, hits };
  });
  const out = new BoundedOutput();
  out.add(errors);
  let any = false;
  let printed = false;
  for (const { name, text, walked } of sources) {
    if (out.full) break;
    const { lines, hits } = hitsOf(text);
    if (hits.length > 0) any = true;
    if (o.quiet) continue;
    const shownName = (o.names ?? (operands.length > 1 || walked)) ? name : null;
    if (o.list) {
      if (hits.length > 0) out.add(`${name}\n`);
    } else if (o.count) out.add(`${shownName !== null ? `${shownName}:` : ""}${hits.length}\n`);
    else if (hits.length > 0) {
      // A context group of a later file is set off from the groups printed before it, as within a file.
      if (printed && separated(o) && !out.add("--\n")) break;
      matchedLines(lines, hits, shownName, o, out);
      printed = true;
    }
  }
  return out.done(errors !== "" && !any ? 2 : any ? 0 : 1);
}

/** Whether groups of lines are set off by `--`: with any -A, -B or -C given, even 0. */
function separated(o: GrepOptions): boolean {
  return o.before >= 0 || o.after >= 0;
}

/**
 * The name grep prints for a file it found under a directory operand: the operand as typed, trailing
 * slashes dropped, then the file's path below it (`/` gives `/etc/hosts`, `.` gives `./x`, `d/` gives `d/x`);
 * with no operand (`grep -r x`), the path alone.
 */
function walkedName(operand: string | null, dir: string, file: string): string {
  const below = dir === "." ? file : file.slice(dir.length + 1);
  if (operand === null) return below;
  const base = operand.replace(/\/+$/, "");
  return base === "" ? `/${below}` : `${base}/${below}`;
}

/**
 * The matching lines with their context, as grep writes them: `:` after a hit's name and number, `-` after a
 * context line's, overlapping contexts merged into one group and `--` between groups that do not touch (with
 * any -A/-B/-C, even 0). Walks the hits once, so the cost is the lines printed, whatever the context; stops
 * when the output is full.
 */
function matchedLines(lines: readonly string[], hits: readonly number[], name: string | null, o: GrepOptions, out: BoundedOutput): void {
  const before = Math.max(0, o.before);
  const after = Math.max(0, o.after);
  const print = (i: number, sep: string): boolean => out.add(`${name !== null ? name + sep : ""}${o.number ? `${i + 1}${sep}` : ""}${lines[i]}\n`);
  let last = -1;
  let until = -1;
  for (const hit of hits) {
    while (last < until && last + 1 < hit) if (!print(++last, "-")) return;
    const from = Math.max(hit - before, last + 1);
    if (separated(o) && last >= 0 && from > last + 1 && !out.add("--\n")) return;
    for (let k = from; k < hit; k++) if (!print(k, "-")) return;
    if (!print(hit, ":")) return;
    last = hit;
    until = Math.min(lines.length - 1, hit + after);
  }
  while (last < until) if (!print(++last, "-")) return;
}
