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
  const o: GrepOptions = { patterns: [], recursive: false, number: false, invert: false, list: false, count: false, names: null, before: 0, after: 0, include: [], quiet: false };
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
  const sources: { name: string; text: string }[] = [];
  let errors = "";
  if (operands.length === 0 && o.recursive) operands.push(".");
  const multiple = operands.length > 1 || o.recursive;
  for (const operand of operands) {
    const r = reader.resolve(operand);
    if (r.kind === "outside") errors += outsideMessage("grep", operand);
    else if (r.kind === "missing") errors += `grep: ${operand}: No such file or directory\n`;
    else if (r.kind === "dir" && !o.recursive) errors += `grep: ${operand}: Is a directory\n`;
    else if (r.kind === "file") sources.push({ name: operand, text: reader.repo.get(r.path)!.content });
    else {
      for (const p of reader.filesUnder(r.path)) {
        const leaf = p.split("/").pop()!;
        if (includes.length > 0 && !includes.some((g) => matchGlob(g, leaf))) continue;
        const shown = operand === "." && r.path === "." ? (operands.length === 1 && argv.includes(".") ? `./${p}` : p) : `${operand.replace(/\/$/, "")}/${p.slice(r.path.length + 1)}`;
        sources.push({ name: shown, text: reader.repo.get(p)!.content });
      }
    }
  }
  if (operands.length === 0) sources.push({ name: "(standard input)", text: stdin ?? "" });
  const showNames = o.names ?? multiple;
  let out = "";
  let any = false;
  for (const { name, text } of sources) {
    const lines = linesOf(text);
    const hits = lines.map((l) => pattern.test(l) !== o.invert);
    const n = hits.filter(Boolean).length;
    if (n > 0) any = true;
    if (o.quiet) continue;
    if (o.list) {
      if (n > 0) out += `${name}\n`;
      continue;
    }
    if (o.count) {
      out += `${showNames ? `${name}:` : ""}${n}\n`;
      continue;
    }
    out += matchedLines(lines, hits, showNames ? name : null, o);
  }
  return { out: errors + out, status: errors !== "" && !any ? 2 : any ? 0 : 1 };
}

/** The matching lines with their context, `--` between groups, prefixes as grep writes them (`:` hit, `-` context). */
function matchedLines(lines: readonly string[], hits: readonly boolean[], name: string | null, o: GrepOptions): string {
  const shown = new Set<number>();
  hits.forEach((hit, i) => {
    if (!hit) return;
    for (let k = Math.max(0, i - o.before); k <= Math.min(lines.length - 1, i + o.after); k++) shown.add(k);
  });
  const contextual = o.before > 0 || o.after > 0;
  let out = "";
  let previous = -2;
  for (const i of [...shown].sort((a, b) => a - b)) {
    if (contextual && previous >= 0 && i > previous + 1) out += "--\n";
    const sep = hits[i] ? ":" : "-";
    out += `${name !== null ? name + sep : ""}${o.number ? `${i + 1}${sep}` : ""}${lines[i]}\n`;
    previous = i;
  }
  return out;
}
