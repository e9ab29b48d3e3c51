/**
 * grep's patterns, matched without backtracking: a pattern (POSIX basic or extended syntax, as grep and
 * grep -E read them) becomes a Thompson automaton whose states are simulated together over the line, so a
 * match costs at most the pattern's size times the line's length, whatever the pattern (`(a*)*b` included).
 * Supported: literals, `.`, bracket expressions with ranges and `[:class:]`, `^`, `$`, `*`, `+`, `?`,
 * `{n,m}`, alternation and groups, `\w`, `\s`, `\b`-free word matching (`-w`) and whole lines (`-x`).
 * Back-references are not regular and are refused.
 */
import { MAX_GREP_PATTERN_CHARS } from "./limits.js";

type Node =
  | { kind: "char"; test: (c: string) => boolean }
  | { kind: "start" }
  | { kind: "end" }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "repeat"; node: Node; min: number; max: number | null };

export interface PatternOptions {
  extended: boolean;
  fixed: boolean;
  ignoreCase: boolean;
  word: boolean;
  line: boolean;
}

export class PatternError extends Error {}

/** Counted repetition expands into copies; beyond this a pattern is refused rather than grown. */
const MAX_REPEAT = 100;
const MAX_STATES = 20_000;

const CLASSES: Record<string, (c: string) => boolean> = {
  alpha: (c) => /\p{L}/u.test(c),
  digit: (c) => c >= "0" && c <= "9",
  alnum: (c) => /[\p{L}\p{N}]/u.test(c),
  upper: (c) => /\p{Lu}/u.test(c),
  lower: (c) => /\p{Ll}/u.test(c),
  space: (c) => /\s/.test(c),
  blank: (c) => c === " " || c === "\t",
  punct: (c) => /[!-/:-@[-`{-~]/.test(c),
  xdigit: (c) => /[0-9A-Fa-f]/.test(c),
};
const isWordChar = (c: string): boolean => /[\p{L}\p{N}_]/u.test(c);

class Reader {
  private i = 0;
  constructor(
    private readonly text: string,
    private readonly extended: boolean,
    private readonly fold: (c: string) => string,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.text.length) throw new PatternError(`Unmatched ) or \\)`);
    return node;
  }

  private peekOp(op: "|" | "(" | ")" | "+" | "?" | "{"): boolean {
    if (this.extended) return this.text[this.i] === op;
    return this.text[this.i] === "\\" && this.text[this.i + 1] === op;
  }

  private takeOp(): void {
    this.i += this.extended ? 1 : 2;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peekOp("|")) {
      this.takeOp();
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.text.length && !this.peekOp("|") && !this.peekOp(")")) {
      let atom = this.atom(items.length === 0);
      for (;;) {
        const c = this.text[this.i];
        if (c === "*") {
          this.i += 1;
          atom = { kind: "repeat", node: atom, min: 0, max: null };
        } else if (this.peekOp("+")) {
          this.takeOp();
          atom = { kind: "repeat", node: atom, min: 1, max: null };
        } else if (this.peekOp("?")) {
          this.takeOp();
          atom = { kind: "repeat", node: atom, min: 0, max: 1 };
        } else if (this.peekOp("{")) {
          atom = this.interval(atom);
        } else break;
      }
      items.push(atom);
    }
    return { kind: "seq", items };
  }

  private interval(node: Node): Node {
    const close = this.extended ? "}" : "\\}";
    const start = this.i;
    this.takeOp();
    const end = this.text.indexOf(close, this.i);
    const body = end < 0 ? "" : this.text.slice(this.i, end);
    const m = /^(\d*)(,(\d*))?$/.exec(body);
    if (end < 0 || !m || (m[1] === "" && m[3] === undefined)) {
      if (this.extended) {
        // GNU grep -E reads a `{` that starts no interval as itself.
        this.i = start;
        return node;
      }
      throw new PatternError("Unmatched \\{");
    }
    this.i = end + close.length;
    const min = m[1] === "" ? 0 : Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? null : Number(m[3]);
    if (min > MAX_REPEAT || (max !== null && max > MAX_REPEAT)) throw new PatternError(`repetition count over ${MAX_REPEAT}`);
    if (max !== null && max < min) throw new PatternError("Invalid content of \\{\\}");
    return { kind: "repeat", node, min, max };
  }

  private atom(first: boolean): Node {
    const c = this.text[this.i]!;
    if (this.peekOp("(")) {
      this.takeOp();
      const inner = this.alternation();
      if (!this.peekOp(")")) throw new PatternError("Unmatched ( or \\(");
      this.takeOp();
      return inner;
    }
    this.i += 1;
    if (c === "^" && (first || this.extended)) return { kind: "start" };
    if (c === "$" && (this.extended || this.i === this.text.length || this.peekOp(")") || this.peekOp("|"))) return { kind: "end" };
    if (c === ".") return { kind: "char", test: () => true };
    if (c === "[") return this.bracket();
    if (c === "*" && first) return this.literal("*");
    if (c === "\\") {
      const next = this.text[this.i];
      if (next === undefined) throw new PatternError("Trailing backslash");
      this.i += 1;
      if (/[1-9]/.test(next)) throw new PatternError("back-references are not supported");
      if (next === "w") return { kind: "char", test: isWordChar };
      if (next === "W") return { kind: "char", test: (x) => !isWordChar(x) };
      if (next === "s") return { kind: "char", test: (x) => /\s/.test(x) };
      if (next === "S") return { kind: "char", test: (x) => !/\s/.test(x) };
      return this.literal(next);
    }
    return this.literal(c);
  }

  private literal(c: string): Node {
    const want = this.fold(c);
    return { kind: "char", test: (x) => this.fold(x) === want };
  }

  private bracket(): Node {
    let negated = false;
    if (this.text[this.i] === "^") {
      negated = true;
      this.i += 1;
    }
    const tests: ((c: string) => boolean)[] = [];
    let first = true;
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined) throw new PatternError("Unmatched [, [^, [:, [., or [=");
      if (c === "]" && !first) {
        this.i += 1;
        break;
      }
      first = false;
      const named = /^\[:([a-z]+):\]/.exec(this.text.slice(this.i));
      if (named) {
        const test = Object.hasOwn(CLASSES, named[1]!) ? CLASSES[named[1]!] : undefined;
        if (!test) throw new PatternError("Invalid character class name");
        tests.push(test);
        this.i += named[0].length;
        continue;
      }
      this.i += 1;
      if (this.text[this.i] === "-" && this.text[this.i + 1] !== undefined && this.text[this.i + 1] !== "]") {
        const hi = this.text[this.i + 1]!;
        this.i += 2;
        const lo = c;
        tests.push((x) => (x >= lo && x <= hi) || (this.fold(x) >= this.fold(lo) && this.fold(x) <= this.fold(hi)));
      } else {
        const want = this.fold(c);
        tests.push((x) => this.fold(x) === want);
      }
    }
    return { kind: "char", test: (x) => tests.some((t) => t(x)) !== negated };
  }
}

// ---- the automaton ----

type State =
  | { kind: "char"; test: (c: string) => boolean; out: number }
  | { kind: "split"; out: number[] }
  | { kind: "assert"; at: "start" | "end"; out: number }
  | { kind: "match" };

class Builder {
  readonly states: State[] = [];

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new PatternError("pattern too complex");
    this.states.push(state);
    return this.states.length - 1;
  }

  /** Compiles `node` so that it continues to `next`; returns its entry state. */
  compile(node: Node, next: number): number {
    switch (node.kind) {
      case "char":
        return this.add({ kind: "char", test: node.test, out: next });
      case "start":
      case "end":
        return this.add({ kind: "assert", at: node.kind, out: next });
      case "seq":
        return node.items.reduceRight((to, item) => this.compile(item, to), next);
      case "alt":
        return this.add({ kind: "split", out: node.options.map((o) => this.compile(o, next)) });
      case "repeat": {
        let entry = next;
        if (node.max === null) {
          const loop = this.add({ kind: "split", out: [] });
          const body = this.compile(node.node, loop);
          (this.states[loop] as { out: number[] }).out = [body, next];
          entry = loop;
        } else {
          for (let k = node.max; k > node.min; k--) {
            const body = this.compile(node.node, entry);
            entry = this.add({ kind: "split", out: [body, next] });
            next = entry;
          }
        }
        for (let k = 0; k < node.min; k++) entry = this.compile(node.node, entry);
        return entry;
      }
    }
  }
}

/** A compiled pattern: whether a line has a match. */
export interface Pattern {
  test(line: string): boolean;
}

function escapeFixed(text: string): string {
  return text.replace(/[\\.[\]*^$+?{}()|]/g, (c) => `\\${c}`);
}

/**
 * Compiles a grep pattern. Newlines separate alternatives, as in grep.
 * @throws PatternError with grep's own wording for a pattern grep refuses too.
 */
export function compilePattern(source: string, options: PatternOptions): Pattern {
  if (source.length > MAX_GREP_PATTERN_CHARS) throw new PatternError(`pattern longer than ${MAX_GREP_PATTERN_CHARS} characters`);
  const fold = options.ignoreCase ? (c: string) => c.toLowerCase() : (c: string) => c;
  const alternatives = source.split("\n").map((p) => (options.fixed ? escapeFixed(p) : p));
  const extended = options.extended || options.fixed;
  const nodes = alternatives.map((p) => new Reader(p, extended, fold).parse());
  let body: Node = nodes.length === 1 ? nodes[0]! : { kind: "alt", options: nodes };
  const nonWord: Node = { kind: "char", test: (c) => !isWordChar(c) };
  if (options.line) body = { kind: "seq", items: [{ kind: "start" }, body, { kind: "end" }] };
  else if (options.word) {
    body = {
      kind: "seq",
      items: [{ kind: "alt", options: [{ kind: "start" }, nonWord] }, body, { kind: "alt", options: [{ kind: "end" }, nonWord] }],
    };
  }
  const builder = new Builder();
  const match = builder.states.push({ kind: "match" }) - 1;
  const entry = builder.compile(body, match);
  const states = builder.states;
  return { test: (line) => run(states, entry, line) };
}

/** Simulates every state at once; a match anywhere in the line is enough (an unanchored search). */
function run(states: readonly State[], entry: number, line: string): boolean {
  const chars = [...line];
  let current = new Set<number>();
  const close = (set: Set<number>, id: number, pos: number): boolean => {
    const stack = [id];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (set.has(s)) continue;
      set.add(s);
      const state = states[s]!;
      if (state.kind === "match") return true;
      if (state.kind === "split") stack.push(...state.out);
      else if (state.kind === "assert" && (state.at === "start" ? pos === 0 : pos === chars.length)) stack.push(state.out);
    }
    return false;
  };
  for (let pos = 0; pos <= chars.length; pos++) {
    if (close(current, entry, pos)) return true;
    if (pos === chars.length) break;
    const next = new Set<number>();
    for (const s of current) {
      const state = states[s]!;
      if (state.kind === "char" && state.test(chars[pos]!) && close(next, state.out, pos + 1)) return true;
    }
    current = next;
  }
  return false;
}
