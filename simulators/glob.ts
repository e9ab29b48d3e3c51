/**
 * Glob patterns matched in linear time: `.dockerignore` lines, COPY sources, artifact patterns and sh's
 * `${VAR#pattern}`. A pattern is read into a short list of tokens (glob-syntax.ts, one reader per tool) and
 * matched by walking every live position at once (a Thompson-style simulation), so `*a*a*a*a*a*a*b` against
 * a long name costs the name's length times the live positions, never the exponential backtracking a
 * regular expression can take. Cheap tests come first: a literal pattern compares as a string, and a name
 * shorter than the pattern needs, or without its literal start or end, fails at once.
 *
 * Every match is charged to a GlobBudget: one per simulation (withGlobBudget), MAX_GLOB_STEPS steps in all,
 * so that many patterns against many long names cannot add up to a stall either. A step is one live
 * position meeting one character, and each match costs at least one.
 */
import type { GlobDialect, Token } from "./glob-syntax.js";
import { GlobSyntaxError, readPattern } from "./glob-syntax.js";

/**
 * Steps all the glob matching of one simulation may take: .dockerignore lines against their build context,
 * COPY sources, artifact patterns, sh's `${VAR#pattern}`. A step is one live position of a pattern meeting
 * one character of a name; every match costs at least one, and so does every .dockerignore line a path
 * passes over. The heaviest honest repository (200 files, a hundred-line .dockerignore) takes about a
 * hundred thousand, and two million take about 50 ms. Past it
 * the build step that needs more fails saying so (DF015); an artifact `pattern:` leaves what it downloads
 * unknown, and sh's `${VAR#pattern}` its value as it was.
 */
export const MAX_GLOB_STEPS = 2_000_000;

export type { GlobDialect, Token };
export { GlobSyntaxError };
export { minimatchExpands } from "./glob-syntax.js";

/** A simulation's glob matching ran past MAX_GLOB_STEPS. */
export class GlobBudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`matching glob patterns takes more than ${limit} steps (MAX_GLOB_STEPS); no real repository needs that many`);
    this.name = "GlobBudgetExceeded";
  }
}

/** Steps glob matching may still take. */
export class GlobBudget {
  private spent = 0;
  constructor(readonly limit: number = MAX_GLOB_STEPS) {}

  /** @throws GlobBudgetExceeded once the steps spent pass the limit. */
  spend(steps: number): void {
    this.spent += steps;
    if (this.spent > this.limit) throw new GlobBudgetExceeded(this.limit);
  }

  /**
   * Adds steps an earlier run of the same work spent, without stopping: that run already met (and answered)
   * whatever running out there meant, and its outcome is being replayed (incremental/sections.ts).
   */
  replay(steps: number): void {
    this.spent += steps;
  }

  get used(): number {
    return this.spent;
  }

  get exhausted(): boolean {
    return this.spent > this.limit;
  }
}

let active: GlobBudget | null = null;

/**
 * Runs `simulate` with one budget for all the glob matching it does (an inner call shares the outer one).
 * Simulations are synchronous, so the budget is the one of the simulation running.
 */
export function withGlobBudget<T>(simulate: () => T): T {
  if (active) return simulate();
  active = new GlobBudget();
  try {
    return simulate();
  } finally {
    active = null;
  }
}

/** The running simulation's budget, or outside one a budget of its own for the caller's operation. */
export function globBudget(): GlobBudget {
  return active ?? new GlobBudget();
}

export interface Glob {
  readonly source: string;
  readonly dialect: GlobDialect;
  readonly tokens: readonly Token[];
  readonly negated: boolean;
  readonly never: boolean;
  readonly noDotStart: boolean;
  /** The whole pattern when it has no wildcard: it matches only itself. */
  readonly literal: string | null;
  /** The literal text before the first wildcard, and how many tokens it is. */
  readonly head: string;
  readonly headTokens: number;
  /** The literal text after the last wildcard. */
  readonly tail: string;
  /** Characters a match has at least. */
  readonly minLength: number;
}

const ZERO_WIDTH = new Set<Token["kind"]>(["star", "globstar", "dirs"]);

/** Adjacent zero-width tokens that match what one of them does (`**` then `*` is `**`): fewer live positions. */
function simplify(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const last = out[out.length - 1];
    if (last && ZERO_WIDTH.has(last.kind) && ZERO_WIDTH.has(t.kind)) {
      if (last.kind === "globstar") continue;
      if (t.kind === "globstar") {
        out[out.length - 1] = t;
        continue;
      }
      if (last.kind === t.kind) continue;
    }
    out.push(t);
  }
  return out;
}

/** The text a run of `char` tokens stands for. */
const literalText = (tokens: readonly Token[]) => tokens.map((t) => (t.kind === "char" ? String.fromCodePoint(t.code) : "")).join("");

/**
 * Reads a pattern as `dialect` does.
 * @throws GlobSyntaxError where the tool refuses the pattern (the dockerignore and filepath dialects).
 */
export function compileGlob(pattern: string, dialect: GlobDialect): Glob {
  const reading = readPattern(pattern, dialect);
  const tokens = simplify(reading.tokens);
  let head = 0;
  while (head < tokens.length && tokens[head]!.kind === "char") head++;
  let tail = tokens.length;
  while (tail > head && tokens[tail - 1]!.kind === "char") tail--;
  return {
    source: pattern,
    dialect,
    tokens,
    negated: reading.negated,
    never: reading.never,
    noDotStart: reading.noDotStart,
    literal: head === tokens.length ? literalText(tokens) : null,
    head: literalText(tokens.slice(0, head)),
    headTokens: head,
    tail: literalText(tokens.slice(tail)),
    minLength: tokens.filter((t) => !ZERO_WIDTH.has(t.kind)).length,
  };
}

const SLASH = 0x2f;
const DOT = 0x2e;

function inClass(t: Extract<Token, { kind: "class" }>, code: number): boolean {
  if (code === SLASH && !t.slash) return false;
  let hit = false;
  for (const [low, high] of t.ranges) if (code >= low && code <= high) hit = true;
  return hit !== t.negated;
}

/** Token kinds as small integers, for the simulation's inner loop. */
const CHAR = 0;
const ONE = 1;
const ONE_OR_SLASH = 2;
const CLASS = 3;
const STAR = 4;
const GLOBSTAR = 5;
const DIRS = 6;

/** A glob's tokens laid out for the simulation, made once per glob. */
interface Machine {
  kinds: Uint8Array;
  codes: Int32Array;
  classes: Array<Extract<Token, { kind: "class" }> | undefined>;
  /** Scratch space: the states seen in each generation, and two state lists. */
  seen: Int32Array;
  live: Int32Array;
  next: Int32Array;
}

const machines = new WeakMap<Glob, Machine>();

function machineOf(glob: Glob): Machine {
  let machine = machines.get(glob);
  if (machine) return machine;
  const n = glob.tokens.length;
  const kinds = new Uint8Array(n);
  const codes = new Int32Array(n);
  const classes: Machine["classes"] = [];
  glob.tokens.forEach((t, i) => {
    if (t.kind === "char") codes[i] = t.code;
    if (t.kind === "class") classes[i] = t;
    kinds[i] = t.kind === "char" ? CHAR : t.kind === "one" ? (t.slash ? ONE_OR_SLASH : ONE) : t.kind === "class" ? CLASS : t.kind === "star" ? STAR : t.kind === "globstar" ? GLOBSTAR : DIRS;
  });
  machine = { kinds, codes, classes, seen: new Int32Array(2 * n + 2), live: new Int32Array(2 * n + 2), next: new Int32Array(2 * n + 2) };
  machines.set(glob, machine);
  return machine;
}

/**
 * The live-position simulation over `input` from `from`, starting with `start` tokens matched. States are
 * token positions 0..n (n accepts) and, for a `dirs` token at p that has begun its run, n + 1 + p. Calls
 * `accepting` at every offset where the tokens so far match all of the input before it; stops when it
 * returns true or no position is live. Returns whether the end of the input was reached with n live.
 */
function simulate(glob: Glob, input: string, from: number, start: number, budget: GlobBudget, accepting?: (offset: number) => boolean): boolean {
  const machine = machineOf(glob);
  const { kinds, codes, classes, seen } = machine;
  let live = machine.live;
  let next = machine.next;
  const n = kinds.length;
  const noDotStart = glob.noDotStart;
  seen.fill(-1);
  let generation = 0;
  let count = 0;
  let liveCount = 0;
  // add(state): the state and, past each zero-width token, the state after it (written out where used, for speed).
  for (let s = start; seen[s] !== generation; s++) {
    seen[s] = generation;
    next[count++] = s;
    if (s >= n || kinds[s]! < STAR) break;
  }
  let swap = live;
  live = next;
  next = swap;
  liveCount = count;
  let steps = 1;
  for (let i = from; ; ) {
    if (seen[n] === generation && accepting?.(i)) break;
    if (i >= input.length || liveCount === 0) break;
    const code = input.codePointAt(i)!;
    // A wildcard may not take the `.` that starts a name where dotfiles are hidden.
    const hidden = noDotStart && code === DOT && (i === 0 || input.charCodeAt(i - 1) === SLASH);
    const slash = code === SLASH;
    i += code > 0xffff ? 2 : 1;
    generation++;
    count = 0;
    steps += liveCount;
    if (steps > 65_536) {
      budget.spend(steps);
      steps = 0;
    }
    for (let k = 0; k < liveCount; k++) {
      const s = live[k]!;
      // Up to two states follow from s: `to` and, for a run of `**/` meeting a `/`, also `also`.
      let to = -1;
      let also = -1;
      if (s > n) {
        if (hidden) continue;
        to = s;
        if (slash) also = s - n;
      } else if (s < n) {
        switch (kinds[s]) {
          case CHAR:
            if (codes[s] === code) to = s + 1;
            break;
          case ONE:
            if (!hidden && !slash) to = s + 1;
            break;
          case ONE_OR_SLASH:
            if (!hidden) to = s + 1;
            break;
          case CLASS:
            if (!hidden && inClass(classes[s]!, code)) to = s + 1;
            break;
          case STAR:
            if (!hidden && !slash) to = s;
            break;
          case GLOBSTAR:
            if (!hidden) to = s;
            break;
          case DIRS:
            if (hidden) break;
            to = n + 1 + s;
            if (slash) also = s + 1;
            break;
        }
      }
      for (let state = to; state >= 0; state = also, also = -1) {
        for (let t = state; seen[t] !== generation; t++) {
          seen[t] = generation;
          next[count++] = t;
          if (t >= n || kinds[t]! < STAR) break;
        }
      }
    }
    swap = live;
    live = next;
    next = swap;
    liveCount = count;
  }
  budget.spend(steps);
  return seen[n] === generation;
}

/**
 * Whether `glob` matches all of `name`. Costs at most the name's length times the pattern's tokens, charged
 * to `budget`.
 * @throws GlobBudgetExceeded when the budget runs out.
 */
export function matchGlob(glob: Glob, name: string, budget: GlobBudget = globBudget()): boolean {
  if (glob.never) return false;
  return matchTokens(glob, name, budget) !== glob.negated;
}

function matchTokens(glob: Glob, name: string, budget: GlobBudget): boolean {
  if (glob.literal !== null || glob.minLength > name.length || !name.startsWith(glob.head) || !name.endsWith(glob.tail)) {
    budget.spend(1);
    return glob.literal !== null ? glob.literal === name : false;
  }
  return simulate(glob, name, glob.head.length, glob.headTokens, budget);
}

/**
 * The shortest and longest prefixes of `text` that `glob` matches (lengths in UTF-16 units), or null when
 * none does: sh's `${VAR#pattern}` and `${VAR##pattern}`, in one pass over the text.
 */
export function matchingPrefixes(glob: Glob, text: string, budget: GlobBudget = globBudget()): { shortest: number; longest: number } | null {
  let shortest = -1;
  let longest = -1;
  simulate(glob, text, 0, 0, budget, (offset) => {
    if (shortest < 0) shortest = offset;
    longest = offset;
    return false;
  });
  return shortest < 0 ? null : { shortest, longest };
}

/** The pattern read backwards, for suffixes: sh's `${VAR%pattern}` matches the reversed text with it. */
export function reverseGlob(glob: Glob): Glob {
  if (glob.tokens.some((t) => t.kind === "dirs")) throw new Error("a pattern with `**/` cannot be reversed");
  const tokens = [...glob.tokens].reverse();
  const reverse = (s: string) => [...s].reverse().join("");
  return { ...glob, tokens, literal: glob.literal === null ? null : reverse(glob.literal), head: reverse(glob.tail), headTokens: [...glob.tail].length, tail: reverse(glob.head) };
}
