/**
 * The text tools a pipeline ends in, over a file or what the command before printed: head, tail, wc, sort,
 * uniq, with the options people type (`head -n 20`, `head -5`, `tail -n +3`, `wc -l`, `sort -u`).
 */
import type { CommandOutput } from "./context.js";
import { failed, ok } from "./context.js";
import type { RepoReader } from "./files.js";
import { MAX_INSPECT_PIPE_CHARS } from "./limits.js";
import { BoundedOutput, perText } from "./output.js";

/** A text's lines as tools see them: a final newline ends the last line rather than starting another. */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? "" : lines.join("\n") + "\n";
}

/** The inputs a text tool reads: the named files, else stdin; each with the name headers and errors use. */
function inputs(program: string, operands: readonly string[], stdin: string | null, files: RepoReader): { name: string; text: string }[] | CommandOutput {
  if (operands.length === 0) return [{ name: "-", text: stdin ?? "" }];
  const out: { name: string; text: string }[] = [];
  for (const operand of operands) {
    const read = files.read(program, operand);
    if ("error" in read) return failed(read.error);
    out.push({ name: operand, text: read.content });
  }
  return out;
}

function count(program: string, value: string): number | string {
  if (!/^[+-]?\d+$/.test(value)) return `${program}: invalid number of lines: '${value}'\n`;
  return Number(value);
}

/** head and tail: `-n N`, `-nN`, `-N`, `--lines=N`; tail also `-n +N` (from line N). */
export function headTail(argv: readonly string[], stdin: string | null, files: RepoReader): CommandOutput {
  const program = argv[0]!;
  let n: number | string = 10;
  let fromStart = false;
  const operands: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    let value: string | undefined;
    if (a === "-n" || a === "--lines") value = argv[++i] ?? "";
    else if (a.startsWith("--lines=")) value = a.slice(8);
    else if (/^-n./.test(a)) value = a.slice(2);
    else if (/^-\d+$/.test(a)) value = a.slice(1);
    else if (a === "-q" || a === "-v") continue;
    else if (a.startsWith("-") && a !== "-") return failed(`${program}: invalid option -- '${a.replace(/^-+/, "")}'\nTry '${program} --help' for more information.\n`);
    else operands.push(a);
    if (value !== undefined) {
      if (program === "tail" && value.startsWith("+")) fromStart = true;
      n = count(program, value.replace(/^[+-]/, ""));
      if (typeof n === "string") return failed(n);
    }
  }
  const read = inputs(program, operands, stdin, files);
  if (!Array.isArray(read)) return read;
  const k = n as number;
  // A file named many times is cut once; what is printed stops at MAX_INSPECT_PIPE_CHARS.
  const bodyOf = perText((text) => {
    const lines = linesOf(text);
    const picked = program === "head" ? lines.slice(0, k) : fromStart ? lines.slice(Math.max(0, k - 1)) : k === 0 ? [] : lines.slice(-k);
    return joinLines(picked);
  });
  const out = new BoundedOutput();
  for (const [i, { name, text }] of read.entries()) {
    const body = bodyOf(text);
    if (!out.add(read.length > 1 ? `${i > 0 ? "\n" : ""}==> ${name} <==\n${body}` : body)) break;
  }
  return out.done(0);
}

/** wc's figures for one text, counted without building arrays of its lines, words or characters. */
function figuresOf(text: string): { l: number; w: number; m: number; c: number } {
  let l = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) l++;
  let w = 0;
  const word = /\S+/g;
  while (word.exec(text) !== null) w++;
  let pairs = 0;
  const pair = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
  while (pair.exec(text) !== null) pairs++;
  return { l, w, m: text.length - pairs, c: Buffer.byteLength(text, "utf8") };
}

/** wc: lines, words and bytes (`-l`, `-w`, `-c`, `-m`), with a total line for several files. */
export function wc(argv: readonly string[], stdin: string | null, files: RepoReader): CommandOutput {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of argv.slice(1)) {
    if (/^-[lwcm]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (a === "--lines") flags.add("l");
    else if (a === "--words") flags.add("w");
    else if (a === "--bytes") flags.add("c");
    else if (a.startsWith("-") && a !== "-") return failed(`wc: invalid option -- '${a.replace(/^-+/, "")}'\n`);
    else operands.push(a);
  }
  const shown = flags.size === 0 ? ["l", "w", "c"] : ["l", "w", "m", "c"].filter((f) => flags.has(f));
  const read = inputs("wc", operands, stdin, files);
  if (!Array.isArray(read)) return read;
  const count = perText(figuresOf);
  // A file named many times is counted once.
  const figures = read.map(({ text }) => count(text));
  const rows = figures.map((f, i) => ({ f, name: operands.length === 0 ? "" : read[i]!.name }));
  if (rows.length > 1) {
    const total = { l: 0, w: 0, m: 0, c: 0 };
    for (const { f } of rows) for (const k of ["l", "w", "m", "c"] as const) total[k] += f[k];
    rows.push({ f: total, name: "total" });
  }
  // A loop, not Math.max(...): `wc * * *` can name more files than a call takes arguments.
  const width = shown.length === 1 && operands.length <= 1 ? 0 : rows.reduce((w, { f }) => shown.reduce((m, k) => Math.max(m, String(f[k as "l"]).length), w), 0);
  const out = new BoundedOutput();
  for (const { f, name } of rows) {
    if (!out.add(`${[...shown.map((k) => String(f[k as "l"]).padStart(width)), ...(name ? [name] : [])].join(" ")}\n`)) break;
  }
  return out.done(0);
}

/** sort (`-r`, `-u`, `-n`) and uniq (`-c`). */
/** `sort -h`'s reading of a line's leading size: 512, 4.0K, 9.1G. */
function humanNumber(line: string): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)([KMGTP]?)/i.exec(line);
  if (!m) return -Infinity;
  return parseFloat(m[1]!) * 1024 ** " KMGTP".indexOf((m[2] || " ").toUpperCase());
}

export function sortUniq(argv: readonly string[], stdin: string | null, files: RepoReader): CommandOutput {
  const program = argv[0]!;
  const flags = new Set(argv.slice(1).filter((a) => /^-[a-z]+$/.test(a)).flatMap((a) => [...a.slice(1)]));
  const operands = argv.slice(1).filter((a) => !/^-[a-z]+$/.test(a));
  const read = inputs(program, operands, stdin, files);
  if (!Array.isArray(read)) return read;
  // What sort reads is bounded as what it prints is: `sort f f f…` reads up to MAX_INSPECT_PIPE_CHARS.
  let size = 0;
  let cut = false;
  let lines: string[] = [];
  for (const { text } of read) {
    if (size + text.length > MAX_INSPECT_PIPE_CHARS) {
      cut = true;
      break;
    }
    size += text.length;
    for (const line of linesOf(text)) lines.push(line);
  }
  const done = (out: string): CommandOutput => (cut ? { out, status: 0, cut } : ok(out));
  if (program === "sort") {
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    if (flags.has("h")) lines = [...lines].sort((a, b) => humanNumber(a) - humanNumber(b) || byText(a, b));
    else lines = flags.has("n") ? [...lines].sort((a, b) => parseFloat(a) - parseFloat(b) || byText(a, b)) : [...lines].sort();
    if (flags.has("r")) lines.reverse();
    if (flags.has("u")) lines = lines.filter((l, i) => i === 0 || l !== lines[i - 1]);
    return done(joinLines(lines));
  }
  const runs: { line: string; n: number }[] = [];
  for (const line of lines) {
    const last = runs.at(-1);
    if (last && last.line === line) last.n += 1;
    else runs.push({ line, n: 1 });
  }
  // uniq -c writes eight characters before each line: bounded, as blank lines would multiply by nine.
  const out = new BoundedOutput();
  for (const r of runs) if (!out.add(`${flags.has("c") ? `${String(r.n).padStart(7)} ${r.line}` : r.line}\n`)) break;
  const printed = out.done(0);
  return cut ? { ...printed, cut } : printed;
}
