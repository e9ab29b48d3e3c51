/**
 * Values as a step sees them, with where they came from: a secret that exists or not, GITHUB_TOKEN, a shell
 * variable nobody mapped, a literal string that merely looks like an expression. The origin is what lets a
 * failing `docker login` say whether its password was empty because of a missing `env:` or a missing secret,
 * and whether a credential could be right for the registry it is sent to.
 */
import { checkValueLength } from "../../value-limits.js";

export type Origin =
  | { kind: "literal" }
  | { kind: "secret"; name: string; exists: boolean }
  | { kind: "token" }
  | { kind: "unmapped"; name: string }
  /** A value the simulator cannot know: a command's output, an expression over what a run only learns later, a file's content. */
  | { kind: "opaque"; from?: "command" | "expression" | "file" }
  | { kind: "single-brace"; text: string };

export interface Sval {
  text: string;
  origin: Origin;
}

/** A word of a command after expansion: its text, origin, and whether any part of it was quoted. */
export interface Arg extends Sval {
  quoted: boolean;
}

export const LITERAL: Origin = { kind: "literal" };
export const OPAQUE: Origin = { kind: "opaque" };
export const COMMAND_OUTPUT: Origin = { kind: "opaque", from: "command" };
export const EXPRESSION_VALUE: Origin = { kind: "opaque", from: "expression" };
export const FILE_CONTENT: Origin = { kind: "opaque", from: "file" };

export function literal(text: string): Sval {
  return { text, origin: singleBrace(text) ?? LITERAL };
}

/** `${ secrets.X }` written with single braces: GitHub leaves it as text, bash cannot expand it. */
export function singleBrace(text: string): Origin | null {
  const m = /\$\{(?!\{)\s*[A-Za-z_][\w-]*\.[^}]*\}/.exec(text);
  return m ? { kind: "single-brace", text: m[0] } : null;
}

/**
 * Joins parts; the origin is that of the first part that is not plain literal text.
 * @throws ValueTooLarge when the parts together are past MAX_VALUE_CHARS (the value is not built)
 */
export function concat(parts: readonly Sval[]): Sval {
  checkValueLength(parts.reduce((n, p) => n + p.text.length, 0));
  const text = parts.map((p) => p.text).join("");
  const origin = parts.find((p) => p.origin.kind !== "literal")?.origin ?? singleBrace(text) ?? LITERAL;
  return { text, origin };
}

/**
 * A list input (`tags`, `build-args`) as actions read it: items separated by newlines or commas, trimmed, empty
 * ones dropped; each item keeps the origin of the part it came from.
 */
export function listItems(parts: readonly Sval[]): Sval[] {
  const items: Sval[][] = [[]];
  for (const part of parts) {
    const plain = part.origin.kind === "literal" || part.origin.kind === "single-brace";
    part.text.split(/[\n,]/).forEach((fragment, i) => {
      if (i > 0) items.push([]);
      items[items.length - 1]!.push(plain ? literal(fragment) : { text: fragment, origin: part.origin });
    });
  }
  return items.map((item) => {
    const value = concat(item);
    return { text: value.text.trim(), origin: value.origin };
  }).filter((item) => item.text !== "");
}

/** The text GitHub prints for a value in a step's log: secrets are masked. */
export function shown(value: Sval): string {
  if ((value.origin.kind === "secret" || value.origin.kind === "token") && value.text !== "") return "***";
  return value.text;
}

/** A short deterministic hash, for opaque values and the runner's temp-file names. */
export function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** A UUID-shaped name derived from a seed, as the runner names `_temp/<uuid>.sh`. */
export function pseudoUuid(seed: string): string {
  const hex = [fnv(seed), fnv(`${seed}#1`), fnv(`${seed}#2`), fnv(`${seed}#3`)].join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
