/**
 * Parameter expansion as sh does it for the forms real scripts use: `$VAR`, `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `$1`, `"$@"`. Unquoted expansions split on whitespace; quoted ones do not. A `${…}` that is
 * not a valid parameter expression is a `bad substitution`, exactly where bash reports one.
 */
import type { RawWord } from "./tokenize.js";

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

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function lookup(name: string, scope: ExpansionScope): string | undefined {
  if (/^\d+$/.test(name)) return scope.args?.[Number(name) - 1];
  if (name === "#") return String(scope.args?.length ?? 0);
  return scope.env.get(name);
}

/** Expands one piece of text; `$@` becomes a marker handled by expandWord. */
function expandText(text: string, scope: ExpansionScope, vars: Set<string>): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\" && text[i + 1] === "$") {
      out += "$";
      i += 2;
      continue;
    }
    if (c !== "$") {
      out += c;
      i += 1;
      continue;
    }
    const rest = text.slice(i + 1);
    if (rest.startsWith("{")) {
      const close = rest.indexOf("}");
      if (close < 0) throw new BadSubstitution("$" + rest);
      const inner = rest.slice(1, close);
      const m = /^([A-Za-z_][A-Za-z0-9_]*|\d+|#|@)(?:(:?[-=+?])(.*))?$/s.exec(inner);
      if (!m) throw new BadSubstitution("${" + inner + "}");
      const name = m[1]!;
      vars.add(name);
      const value = name === "@" ? (scope.args ?? []).join(" ") : lookup(name, scope);
      const op = m[2];
      const word = m[3] ?? "";
      let result = value ?? "";
      if (op === ":-" || op === ":=") result = value === undefined || value === "" ? word : value;
      else if (op === "-" || op === "=") result = value === undefined ? word : value;
      else if (op === ":+") result = value === undefined || value === "" ? "" : word;
      else if (op === "+") result = value === undefined ? "" : word;
      out += result;
      i += 2 + close;
      continue;
    }
    if (rest.startsWith("@")) {
      out += "\u0000@\u0000";
      i += 2;
      continue;
    }
    const m = NAME.exec(rest) ?? /^(\d|#|\?|\$)/.exec(rest);
    if (!m) {
      out += "$";
      i += 1;
      continue;
    }
    vars.add(m[0]);
    out += m[0] === "?" ? "0" : m[0] === "$" ? "1" : (lookup(m[0], scope) ?? "");
    i += 1 + m[0].length;
  }
  return out;
}

/** Expands a word into zero or more fields, and names the variables it referenced. */
export function expandWord(word: RawWord, scope: ExpansionScope, referenced = new Set<string>()): string[] {
  const fields: string[] = [];
  let current = "";
  let hasContent = false;
  for (const part of word) {
    if (part.quote === "single") {
      current += part.text;
      hasContent = true;
      continue;
    }
    const expanded = expandText(part.text, scope, referenced);
    if (expanded.includes("\u0000@\u0000")) {
      const [before, after] = expanded.split("\u0000@\u0000");
      const args = [...(scope.args ?? [])];
      if (args.length === 0) {
        current += (before ?? "") + (after ?? "");
        hasContent ||= part.quote === "double" && (before ?? "") + (after ?? "") !== "";
        continue;
      }
      args[0] = (before ?? "") + current + args[0];
      current = "";
      fields.push(...args.slice(0, -1));
      current = args[args.length - 1]! + (after ?? "");
      hasContent = true;
      continue;
    }
    if (part.quote === "double") {
      current += expanded;
      hasContent = true;
      continue;
    }
    const pieces = expanded.split(/[ \t\n]+/);
    pieces.forEach((piece, index) => {
      if (index > 0 && (current !== "" || hasContent)) {
        fields.push(current);
        current = "";
        hasContent = false;
      }
      current += piece;
      if (piece !== "") hasContent = true;
    });
  }
  if (current !== "" || hasContent) fields.push(current);
  return fields;
}

/** The literal text of a word, without expansion (quotes removed). */
export function literalWord(word: RawWord): string {
  return word.map((p) => p.text).join("");
}
