/**
 * Parameter expansion as sh does it, over the words `parseScript` reads: `$VAR`, `${VAR:-default}` and the
 * other `${VAR op word}` forms, `$1`, `$#`, `"$@"`. Unquoted expansions split into fields on whitespace; quoted
 * ones do not. A `${…}` the reader marked bad is a `bad substitution`, exactly where bash reports one. Command
 * substitutions are not run: a simulator cannot know their output, so they stand for their own text.
 */
import { compileGlob, GlobBudgetExceeded, matchingPrefixes, reverseGlob } from "../glob.js";
import { checkValueLength } from "../value-limits.js";
import type { Part, Word } from "./parse.js";

export interface ExpansionScope {
  env: ReadonlyMap<string, string>;
  /** Positional parameters ($1 …, "$@"). */
  args?: readonly string[];
}

export class BadSubstitution extends Error {
  constructor(readonly expression: string) {
    super(`${expression}: bad substitution`);
  }
}

/** The fields a word expands to, built up part by part. */
class Fields {
  readonly done: string[] = [];
  private current = "";
  /** Whether the current field exists even if empty (`""` is one empty field, an empty `$X` none). */
  private present = false;
  /** Characters of every field so far: a word whose fields join past MAX_VALUE_CHARS is refused before it is built. */
  private chars = 0;

  /** @throws ValueTooLarge where the word grows past MAX_VALUE_CHARS (the shell runs out of memory) */
  join(text: string, quoted: boolean): void {
    this.chars += text.length;
    checkValueLength(this.chars);
    this.current += text;
    if (quoted || text !== "") this.present = true;
  }

  /** An unquoted expansion: whitespace inside it separates fields. */
  split(text: string): void {
    text.split(/[ \t\n]+/).forEach((piece, index) => {
      if (index > 0 && this.present) this.next();
      this.join(piece, false);
    });
  }

  /** `"$@"`: one field per argument, the first and last joined to the text around them. */
  spread(args: readonly string[]): void {
    args.forEach((arg, index) => {
      if (index > 0) this.next();
      this.join(arg, true);
    });
  }

  end(): string[] {
    if (this.present) this.next();
    return this.done;
  }

  private next(): void {
    this.done.push(this.current);
    this.current = "";
    this.present = false;
  }
}

function special(name: string, scope: ExpansionScope): string | undefined {
  const args = scope.args ?? [];
  if (/^\d+$/.test(name)) return args[Number(name) - 1];
  if (name === "#") return String(args.length);
  if (name === "@" || name === "*") return args.join(" ");
  // A script that has run nothing yet: the last status is 0, and `$$` any pid.
  if (name === "?") return "0";
  if (name === "$") return "1";
  return scope.env.get(name);
}

/**
 * `${VAR#glob}`, `##`, `%`, `%%`: the value without its shortest or longest matching prefix or suffix, found
 * in one linear pass (a suffix with the pattern read backwards over the reversed value). Should the
 * simulation's glob budget run out, the value is left as it is, as for the operations not modelled.
 */
export function removeMatch(value: string, op: string, glob: string): string {
  const pattern = compileGlob(glob, "shell");
  try {
    if (op.startsWith("#")) {
      const found = matchingPrefixes(pattern, value);
      return found ? value.slice(op === "#" ? found.shortest : found.longest) : value;
    }
    const found = matchingPrefixes(reverseGlob(pattern), [...value].reverse().join(""));
    return found ? value.slice(0, value.length - (op === "%" ? found.shortest : found.longest)) : value;
  } catch (e) {
    if (e instanceof GlobBudgetExceeded) return value;
    throw e;
  }
}

/** `${name op word}` given the parameter's value (undefined when unset). */
function applyOperator(value: string | undefined, op: string, word: string): string {
  const text = value ?? "";
  if (op === ":-" || op === ":=") return text === "" ? word : text;
  if (op === "-" || op === "=") return value === undefined ? word : text;
  if (op === ":+") return text === "" ? "" : word;
  if (op === "+") return value === undefined ? "" : word;
  if (op === "#" || op === "##" || op === "%" || op === "%%") return removeMatch(text, op, word);
  // `:?` would stop the script on an empty value; a simulator never invents that failure. Case changes,
  // replacements and substrings are not modelled: the value is left as it is.
  return text;
}

const BRACED = /^\$\{([#!]?)([0-9]+|[@*#?$!-]|[A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?(:?[-=+?]|##?|%%?|\/\/?|\^\^?|,,?|:)?(.*)\}$/s;

/** `$1`, `$@`, `${#VAR}` …: the parameters the reader leaves as substitutions. Null stands for `$@`'s fields. */
function parameter(text: string, scope: ExpansionScope): string | null {
  if (!text.startsWith("${")) return text === "$@" ? null : (special(text.slice(1), scope) ?? "");
  const m = BRACED.exec(text);
  if (!m) return "";
  const [, prefix, name, op, word] = m as unknown as [string, string, string, string | undefined, string];
  if (prefix === "#" && name !== "#") return String((special(name, scope) ?? "").length);
  if (prefix === "!") return ""; // indirection (`${!name}`) is too rare in these scripts to model
  if (name === "@" && op === undefined) return null;
  return applyOperator(special(name, scope), op ?? "", word);
}

function expandPart(part: Part, scope: ExpansionScope, fields: Fields): void {
  if (part.kind === "bad") throw new BadSubstitution(part.text);
  if (part.kind === "lit") return fields.join(part.text, part.quoted);
  // Read only from a workflow's script, whose runner substitutes these itself: shown as written.
  if (part.kind === "expr") return fields.join(`\${{ ${part.inner} }}`, part.quoted);
  if (part.kind === "subst" && (part.text.startsWith("$(") || part.text.startsWith("`"))) return fields.join(part.text, part.quoted);
  const value = part.kind === "var" ? applyOperator(scope.env.get(part.name), part.op ?? "", part.fallback ?? "") : parameter(part.text, scope);
  if (value === null) fields.spread(scope.args ?? []);
  else if (part.quoted) fields.join(value, true);
  else fields.split(value);
}

/**
 * Expands a word into zero or more fields, as sh does before running a command.
 * @example expandWord(parseScript('exec "$@"')[0]!.pipelines[0]!.commands[0]!.words[1]!, { env, args: ["node", "app.js"] }) // ["node", "app.js"]
 * @throws BadSubstitution where bash would stop with `bad substitution`
 * @throws ValueTooLarge where the word would grow past MAX_VALUE_CHARS (where bash runs out of memory)
 */
export function expandWord(word: Word, scope: ExpansionScope): string[] {
  const fields = new Fields();
  for (const part of word.parts) expandPart(part, scope, fields);
  return fields.end();
}

/** An assignment's value (`NAME=value`), which sh does not split: the word's fields joined back with spaces. */
export function expandValue(word: Word, scope: ExpansionScope): string {
  return expandWord(word, scope).join(" ");
}

/** The literal text of a word (quotes removed), or its source when it expands anything. */
export function literalWord(word: Word): string {
  return word.parts.every((p) => p.kind === "lit") ? word.parts.map((p) => (p.kind === "lit" ? p.text : "")).join("") : word.raw;
}
