/**
 * The one shell reader the simulators share: a workflow's `run:` scripts, and a Dockerfile's RUN steps,
 * shell-form CMD/ENTRYPOINT, entrypoint scripts and npm scripts. It reads quotes, `\` continuations, comments,
 * `&&`/`||`/`|`/`;`/`&`, redirections and heredocs, `$VAR`/`${VAR}`/`${VAR:-x}` and `$(…)`, and GitHub's
 * `${{ }}` (which GitHub substitutes before bash runs, even inside single quotes). Compound commands
 * (if/for/while/case, functions, subshells) are not interpreted: the commands inside them are marked
 * conditional, and each carries the compound commands around it (`frames`: a function definition with its
 * name, a `for` loop with its variable and words), so a simulator that follows some of them (program.ts) can
 * and one that does not can tell they run only as control flow it does not follow decides.
 * It runs nothing and never throws: what it cannot read becomes a plain word.
 */
import type { Frame } from "./frames.js";
import { FrameStack } from "./frames.js";

export type { Frame } from "./frames.js";

export type Part =
  | { kind: "lit"; text: string; quoted: boolean }
  | { kind: "var"; name: string; quoted: boolean; fallback?: string; op?: string }
  | { kind: "expr"; inner: string; quoted: boolean }
  | { kind: "subst"; quoted: boolean; text: string }
  | { kind: "bad"; text: string };

export interface Word {
  parts: Part[];
  raw: string;
}

export interface Redirect {
  op: string;
  target: Word | null;
}

export interface SimpleCommand {
  words: Word[];
  assignments: { name: string; value: Word }[];
  redirects: Redirect[];
  /** 1-based line of the script where the command starts. */
  line: number;
  /** Inside an if/while/for/case body or condition, a function or a subshell. */
  conditional: boolean;
  /** The compound commands around it, outermost first. */
  frames: readonly Frame[];
}

export interface Pipeline {
  commands: SimpleCommand[];
  negated: boolean;
}

/** `a && b || c`: pipelines joined by the operators before each of them. */
export interface AndOrList {
  pipelines: Pipeline[];
  ops: ("&&" | "||")[];
  /** Ended by `&`: the shell goes on without waiting for it. */
  background: boolean;
}

export interface ParseOptions {
  /**
   * Read GitHub's `${{ }}` as expressions. Off for scripts no workflow substitutes into (a Dockerfile's),
   * where `${{ x }}` is sh's own bad substitution and `'${{ x }}'` plain text.
   */
  githubExpressions: boolean;
}

const DEFAULTS: ParseOptions = { githubExpressions: true };

type Token = { type: "word"; word: Word; line: number } | { type: "op"; op: string; line: number } | { type: "newline"; line: number };

const META = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"]);
const PARAM = /^[#!]?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/;
const PARAM_REST = /^(\[[^\]]*\])?(:?[-=+?]|##?|%%?|\/\/?|\^\^?|,,?|:|$)/;

class Lexer {
  private i = 0;
  private line = 1;
  private pendingHeredocs: { delimiter: string; strip: boolean }[] = [];
  readonly tokens: Token[] = [];

  constructor(
    private readonly s: string,
    private readonly expressions: boolean,
  ) {}

  run(): Token[] {
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === "\\" && this.s[this.i + 1] === "\n") {
        this.i += 2;
        this.line++;
      } else if (c === " " || c === "\t" || c === "\r") this.i++;
      else if (c === "\n") {
        this.tokens.push({ type: "newline", line: this.line });
        this.i++;
        this.line++;
        this.skipHeredocs();
      } else if (c === "#") {
        while (this.i < this.s.length && this.s[this.i] !== "\n") this.i++;
      } else if (META.has(c)) this.operator();
      else this.word();
    }
    return this.tokens;
  }

  private skipHeredocs(): void {
    for (const doc of this.pendingHeredocs) {
      while (this.i < this.s.length) {
        const end = this.s.indexOf("\n", this.i);
        const lineText = this.s.slice(this.i, end < 0 ? this.s.length : end);
        this.i = end < 0 ? this.s.length : end + 1;
        this.line++;
        if ((doc.strip ? lineText.replace(/^\t+/, "") : lineText).trim() === doc.delimiter) break;
      }
    }
    this.pendingHeredocs = [];
  }

  private operator(): void {
    const rest = this.s.slice(this.i, this.i + 3);
    const ops = ["<<<", "<<-", "&>>", "&&", "||", ";;", ">>", "<<", ">&", "<&", "&>", ">|", ";", "&", "|", "<", ">", "(", ")"];
    const op = ops.find((o) => rest.startsWith(o))!;
    this.i += op.length;
    this.tokens.push({ type: "op", op, line: this.line });
    if (op === "<<" || op === "<<-") {
      while (this.s[this.i] === " ") this.i++;
      const start = this.i;
      const word = this.readWord();
      const delimiter = this.s.slice(start, this.i).replace(/['"\\]/g, "");
      this.tokens.push({ type: "word", word, line: this.line });
      this.pendingHeredocs.push({ delimiter, strip: op === "<<-" });
    }
  }

  private word(): void {
    const line = this.line;
    const start = this.i;
    const word = this.readWord();
    // `2>&1`: a file-descriptor number glued to a redirection belongs to the operator.
    if (/^\d+$/.test(this.s.slice(start, this.i)) && (this.s[this.i] === ">" || this.s[this.i] === "<")) return;
    this.tokens.push({ type: "word", word, line });
  }

  private readWord(): Word {
    const parts: Part[] = [];
    const start = this.i;
    const lit = (text: string, quoted: boolean): void => {
      const last = parts[parts.length - 1];
      if (last && last.kind === "lit" && last.quoted === quoted) last.text += text;
      else parts.push({ kind: "lit", text, quoted });
    };
    while (this.i < this.s.length && !META.has(this.s[this.i]!)) {
      const c = this.s[this.i]!;
      if (c === "\\") {
        if (this.s[this.i + 1] === "\n") this.line++;
        else lit(this.s[this.i + 1] ?? "", true);
        this.i += 2;
      } else if (c === "'") {
        const end = this.s.indexOf("'", this.i + 1);
        const text = this.s.slice(this.i + 1, end < 0 ? this.s.length : end);
        this.line += (text.match(/\n/g) ?? []).length;
        this.i = end < 0 ? this.s.length : end + 1;
        if (this.expressions) this.withExpressions(text, (t) => lit(t, true), parts);
        else lit(text, true);
      } else if (c === '"') {
        this.i++;
        while (this.i < this.s.length && this.s[this.i] !== '"') {
          const d = this.s[this.i]!;
          if (d === "\\" && '"\\$`\n'.includes(this.s[this.i + 1] ?? "")) {
            if (this.s[this.i + 1] !== "\n") lit(this.s[this.i + 1]!, true);
            else this.line++;
            this.i += 2;
          } else if (d === "$") this.dollar(parts, true, lit);
          else if (d === "`") this.backtick(parts, true);
          else {
            if (d === "\n") this.line++;
            lit(d, true);
            this.i++;
          }
        }
        this.i++;
        if (parts.length === 0) lit("", true);
      } else if (c === "$") this.dollar(parts, false, lit);
      else if (c === "`") this.backtick(parts, false);
      else {
        lit(c, false);
        this.i++;
      }
    }
    return { parts, raw: this.s.slice(start, this.i) };
  }

  private withExpressions(text: string, lit: (t: string) => void, parts: Part[]): void {
    let at = 0;
    for (;;) {
      const open = text.indexOf("${{", at);
      const close = open < 0 ? -1 : text.indexOf("}}", open);
      if (open < 0 || close < 0) break;
      if (open > at) lit(text.slice(at, open));
      parts.push({ kind: "expr", inner: text.slice(open + 3, close).trim(), quoted: true });
      at = close + 2;
    }
    if (at < text.length || parts.length === 0) lit(text.slice(at));
  }

  private backtick(parts: Part[], quoted: boolean): void {
    const end = this.s.indexOf("`", this.i + 1);
    const text = this.s.slice(this.i, end < 0 ? this.s.length : end + 1);
    this.i = end < 0 ? this.s.length : end + 1;
    parts.push({ kind: "subst", quoted, text });
  }

  private balanced(open: string, close: string): string {
    const start = this.i;
    let depth = 0;
    let quote: string | null = null;
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === open) depth++;
      else if (c === close && --depth === 0) {
        this.i++;
        break;
      }
      if (c === "\n") this.line++;
      this.i++;
    }
    return this.s.slice(start, this.i);
  }

  private dollar(parts: Part[], quoted: boolean, lit: (text: string, quoted: boolean) => void): void {
    const next = this.s[this.i + 1];
    if (this.expressions && this.s.startsWith("${{", this.i)) {
      const close = this.s.indexOf("}}", this.i + 3);
      const end = close < 0 ? this.s.length : close + 2;
      parts.push({ kind: "expr", inner: this.s.slice(this.i + 3, close < 0 ? end : close).trim(), quoted });
      this.i = end;
    } else if (next === "{") {
      this.i++;
      const body = this.balanced("{", "}");
      const content = body.slice(1, -1);
      const name = PARAM.exec(content);
      const rest = name ? content.slice(name[0].length) : "";
      const opMatch = name ? PARAM_REST.exec(rest) : null;
      if (!name || !opMatch) parts.push({ kind: "bad", text: `\${${content}}` });
      else {
        const op = opMatch[2] ?? "";
        const bare = name[0].replace(/^[#!]/, "");
        if (!/^[A-Za-z_]/.test(bare) || name[0] !== bare) parts.push({ kind: "subst", quoted, text: `\${${content}}` });
        else parts.push({ kind: "var", name: bare, quoted, op, fallback: rest.slice((opMatch[1] ?? "").length + op.length) });
      }
    } else if (next === "(") {
      this.i++;
      parts.push({ kind: "subst", quoted, text: `$${this.balanced("(", ")")}` });
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i + 1))!;
      parts.push({ kind: "var", name: m[0], quoted });
      this.i += 1 + m[0].length;
    } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      parts.push({ kind: "subst", quoted, text: `$${next}` });
      this.i += 2;
    } else {
      lit("$", quoted);
      this.i++;
    }
  }
}

const REDIRECTS = new Set(["<", ">", ">>", "<<", "<<-", "<<<", ">&", "<&", "&>", "&>>", ">|"]);
const OPENERS = new Set(["if", "while", "until", "for", "case", "select", "{"]);
const CLOSERS = new Set(["fi", "done", "esac", "}"]);
const PREFIXES = new Set(["then", "else", "elif", "do", "if", "while", "until", "time"]);

/** After these, a newline does not end the list: `a &&` on one line and `b` on the next are one list. */
const CONTINUING = new Set(["&&", "||", "|"]);

/**
 * Parses a script into and-or lists of pipelines of simple commands, in order. Never throws.
 * @example parseScript("cd /app && npm ci")[0]!.ops // ["&&"]
 */
export function parseScript(script: string, options: Partial<ParseOptions> = {}): AndOrList[] {
  const { githubExpressions } = { ...DEFAULTS, ...options };
  const tokens = new Lexer(script, githubExpressions).run();
  const lists: AndOrList[] = [];
  let list: AndOrList = { pipelines: [], ops: [], background: false };
  let pipeline: Pipeline = { commands: [], negated: false };
  let command: SimpleCommand | null = null;
  let depth = 0;
  /** `(`s still open: a `)` with none open inside a case ends a pattern, not a subshell. */
  let openParens = 0;
  let skipHeader = false;
  const frames = new FrameStack();
  const newCommand = (line: number): SimpleCommand => ({ words: [], assignments: [], redirects: [], line, conditional: depth > 0, frames: frames.frames() });

  const endCommand = (): void => {
    // A command of redirections alone (`{ …; } > file`, `> file`) still creates its targets.
    if (command && (command.words.length > 0 || command.assignments.length > 0 || command.redirects.length > 0)) pipeline.commands.push(command);
    command = null;
  };
  const endPipeline = (): void => {
    endCommand();
    if (pipeline.commands.length > 0) list.pipelines.push(pipeline);
    else if (list.ops.length > list.pipelines.length - 1 && list.ops.length > 0) list.ops.pop();
    pipeline = { commands: [], negated: false };
  };
  const endList = (background = false): void => {
    endPipeline();
    if (list.pipelines.length > 0) lists.push({ ...list, background });
    list = { pipelines: [], ops: [], background: false };
    skipHeader = false;
    frames.endHeader();
  };
  const afterContinuing = (t: number): boolean => {
    let p = t - 1;
    while (tokens[p]?.type === "newline") p--;
    const previous = tokens[p];
    return previous?.type === "op" && CONTINUING.has(previous.op);
  };

  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    if (token.type === "newline" && afterContinuing(t)) continue;
    if (token.type === "newline" || (token.type === "op" && (token.op === ";" || token.op === ";;" || token.op === "&"))) {
      endList(token.type === "op" && token.op === "&");
      continue;
    }
    if (token.type === "op") {
      if (token.op === "&&" || token.op === "||") {
        endPipeline();
        if (list.pipelines.length > 0) list.ops.push(token.op);
      } else if (token.op === "|") endCommand();
      else if (REDIRECTS.has(token.op)) {
        const next = tokens[t + 1];
        const target = next?.type === "word" ? next.word : null;
        if (target) t++;
        command ??= newCommand(token.line);
        command.redirects.push({ op: token.op, target });
      } else if (token.op === "(") {
        const after = tokens[t + 1];
        if (command && command.words.length === 1 && command.assignments.length === 0 && after?.type === "op" && after.op === ")") {
          // `name ( )`: a function definition; its body is the compound command that follows.
          frames.defineFunction(literalText(command.words[0]!), command.line);
          command = null;
          t++;
          continue;
        }
        if (command && command.words.length > 0) command.words = [];
        depth++;
        openParens++;
        frames.openParen(token.line);
      } else if (token.op === ")") {
        if (openParens === 0 && frames.frames().at(-1)?.kind === "case") {
          // A case item's `)` ends its patterns (`''|*[!0-9]*)`), which are no command, and its body stays
          // inside the case: what it runs (an `exit 1`) depends on a match the simulators do not decide.
          command = null;
          pipeline = { commands: [], negated: false };
          continue;
        }
        openParens = Math.max(0, openParens - 1);
        depth = Math.max(0, depth - 1);
        frames.closeParen();
      }
      continue;
    }
    if (skipHeader) {
      frames.headerWord(token.word);
      continue;
    }
    const raw = token.word.raw;
    const atStart = !command || (command.words.length === 0 && command.assignments.length === 0);
    if (atStart && raw === "!" && pipeline.commands.length === 0) {
      pipeline.negated = true;
      continue;
    }
    const name = tokens[t + 1];
    if (atStart && raw === "function" && name?.type === "word") {
      // `function name { … }` (and `function name() { … }`).
      frames.defineFunction(literalText(name.word), token.line);
      const open = tokens[t + 2];
      const close = tokens[t + 3];
      t += open?.type === "op" && open.op === "(" && close?.type === "op" && close.op === ")" ? 3 : 1;
      command = null;
      continue;
    }
    if (atStart && (OPENERS.has(raw) || CLOSERS.has(raw) || PREFIXES.has(raw))) {
      if (OPENERS.has(raw)) {
        depth++;
        // After `&&`/`||` the compound command runs only as the command before it decides.
        const guarded = pipeline.commands.length === 0 && list.ops.length > 0 && list.ops.length === list.pipelines.length;
        frames.openKeyword(raw, token.line, guarded);
      }
      if (CLOSERS.has(raw)) {
        depth = Math.max(0, depth - 1);
        frames.closeKeyword();
      }
      // A loop or case header (`for x in a b`) is not a command; `if`/`while` conditions are, conditionally.
      if (raw === "for" || raw === "case" || raw === "select") skipHeader = true;
      continue;
    }
    if (!command) {
      frames.notABody();
      command = newCommand(token.line);
    }
    // `A=1 B=2 cmd`: every word before the command's name that looks like an assignment is one.
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(raw);
    if (command.words.length === 0 && assignment && token.word.parts[0]?.kind === "lit" && !token.word.parts[0].quoted) {
      const first = token.word.parts[0];
      const rest: Part[] = [{ ...first, text: first.text.slice(assignment[0].length) }, ...token.word.parts.slice(1)];
      command.assignments.push({ name: assignment[1]!, value: { parts: rest, raw: raw.slice(assignment[0].length) } });
    } else command.words.push(token.word);
  }
  endList();
  return lists;
}

/** A word's text with quotes removed (a function's name). */
function literalText(word: Word): string {
  return word.parts.map((p) => (p.kind === "lit" ? p.text : "")).join("") || word.raw;
}
