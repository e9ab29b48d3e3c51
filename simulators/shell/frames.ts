/**
 * The compound commands open at each point of a script as the shell reader meets them: `if`/`while`/`case`,
 * `{ … }` groups and `( … )` subshells, function definitions (`name() { … }`, `function name { … }`) with
 * their name, and `for` loops with their variable and the words after `in`. The reader asks for the current
 * stack when it starts a simple command; the stack is shared until it changes, so the cost stays linear in the
 * script's length times MAX_FRAME_DEPTH.
 */
import type { Word } from "./parse.js";

/**
 * A compound command a simple command sits in. One object per compound command, shared by every command
 * inside it, so consumers compare frames by identity.
 */
export type Frame =
  /** `name() { … }`, `function name { … }`: the body runs only when the function is called. */
  | { kind: "function"; name: string; line: number }
  /** `for name in words; do … done`; `words` null when there is no `in` (the positional parameters). */
  | { kind: "for"; variable: string; words: Word[] | null; line: number }
  /** `{ …; }`; `guarded` when it is the right side of `&&`/`||` (`[ ok ] || { echo bad; exit 1; }`), run only as that decides. */
  | { kind: "group"; line: number; guarded?: boolean }
  | { kind: "if" | "while" | "until" | "case" | "select" | "subshell" | "unknown"; line: number };

/** Nesting deeper than this is not given frames of its own: a command there counts as in control flow not followed. */
export const MAX_FRAME_DEPTH = 64;

type ForFrame = Extract<Frame, { kind: "for" }>;

/** Nesting past MAX_FRAME_DEPTH: one frame no simulator follows stands for all of it. */
const TOO_DEEP: Frame = { kind: "unknown", line: 0 };

const KINDS: Readonly<Record<string, Frame["kind"]>> = { if: "if", while: "while", until: "until", case: "case", select: "select", "{": "group", for: "for" };

export class FrameStack {
  private readonly open: { frame: Frame; paren: boolean }[] = [];
  private overflow = 0;
  private current: readonly Frame[] = [];
  /** A function's name read (`name()`, `function name`): the next compound command is its body. */
  private pendingFunction: { name: string; line: number } | null = null;
  /** The `for` loop whose header (`name in words`) is being read, and which part of it comes next. */
  private header: { frame: ForFrame; next: "variable" | "in" | "words" | "none" } | null = null;
  /** `(` read inside a loop header (`for ((…))`), whose `)` closes no frame. */
  private headerParens = 0;

  frames(): readonly Frame[] {
    return this.current;
  }

  /** `name ( )` or `function name`: the compound command that follows is the function's body. */
  defineFunction(name: string, line: number): void {
    this.pendingFunction = { name, line };
  }

  /** A word that opens nothing where a function body was expected: bash's syntax error; the name is dropped. */
  notABody(): void {
    this.pendingFunction = null;
  }

  /** An opening keyword (`if`, `for`, `{` …) at the start of a command; `guarded`: it follows `&&` or `||`. */
  openKeyword(keyword: string, line: number, guarded = false): void {
    const kind = KINDS[keyword] ?? "unknown";
    if (kind === "for") {
      const frame: ForFrame = { kind: "for", variable: "", words: null, line };
      this.push(frame, false);
      this.header = { frame, next: "variable" };
      return;
    }
    this.push(this.pendingFunction ? { kind: "function", ...this.pendingFunction } : ({ kind, line, ...(guarded && kind === "group" ? { guarded } : {}) } as Frame), false);
  }

  /** `(` opening a subshell (or a function's body written as one). */
  openParen(line: number): void {
    if (this.header) {
      // `for ((i = 0; …))`: arithmetic the simulators do not evaluate.
      this.header.frame.variable = "";
      this.header.frame.words = null;
      this.header.next = "none";
      this.headerParens++;
      return;
    }
    this.push(this.pendingFunction ? { kind: "function", ...this.pendingFunction } : { kind: "subshell", line }, true);
  }

  /** A closing keyword (`fi`, `done`, `esac`, `}`): the innermost compound command ends. */
  closeKeyword(): void {
    if (this.overflow > 0) this.shallower();
    else if (this.open.length > 0) this.pop();
  }

  /** `)`: ends a subshell; inside `case` it only ends a pattern. */
  closeParen(): void {
    if (this.headerParens > 0) this.headerParens--;
    else if (this.overflow > 0) this.shallower();
    else if (this.open[this.open.length - 1]?.paren) this.pop();
  }

  /** A word of a loop or case header (`x in a b`), which is not a command. */
  headerWord(word: Word): void {
    const header = this.header;
    if (!header) return;
    if (header.next === "variable") {
      header.frame.variable = /^[A-Za-z_][A-Za-z0-9_]*$/.test(word.raw) ? word.raw : "";
      header.next = "in";
    } else if (header.next === "in") {
      if (word.raw === "in") header.frame.words = [];
      header.next = "words";
    } else if (header.next === "words" && header.frame.words) header.frame.words.push(word);
  }

  /** The header ended (`;` or a newline before `do`). */
  endHeader(): void {
    this.header = null;
  }

  private push(frame: Frame, paren: boolean): void {
    this.pendingFunction = null;
    if (this.open.length >= MAX_FRAME_DEPTH) {
      if (this.overflow++ === 0) this.current = [...this.current, TOO_DEEP];
      return;
    }
    this.open.push({ frame, paren });
    this.current = this.open.map((o) => o.frame);
  }

  private shallower(): void {
    if (--this.overflow === 0) this.current = this.open.map((o) => o.frame);
  }

  private pop(): void {
    this.open.pop();
    this.current = this.open.map((o) => o.frame);
  }
}
