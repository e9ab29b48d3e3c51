/**
 * `${VAR op word}` in a step's script, beyond the defaults script.ts reads itself: prefix and suffix removal
 * (`#`, `##`, `%`, `%%`) and plain-text replacement (`/`, `//`) are done as bash does them when the value is
 * known. What is not modelled (case changes, substrings, glob replacements) leaves a value the run cannot know:
 * it keeps a secret's or an unmapped variable's origin, but a known value does not stay "known" as its own
 * text, which would name an artifact or a tag the script never wrote.
 */
import { removeMatch } from "../../shell/expand.js";
import { replaceText } from "../../shell/replace.js";
import { fnv, OPAQUE } from "./values.js";
import type { Sval } from "./values.js";

function exactly(text: string, op: string, word: string): string | null {
  if (op === "#" || op === "##" || op === "%" || op === "%%") return removeMatch(text, op, word);
  if (op === "/" || op === "//") return replaceText(text, op, word);
  return null;
}

/** The value of `${name op word}` given the variable's value. */
export function operated(value: Sval, name: string, op: string, word: string): Sval {
  const known = value.origin.kind === "literal" ? exactly(value.text, op, word) : null;
  if (known !== null) return { text: known, origin: value.origin };
  if (value.text === "") return { text: "", origin: value.origin };
  return { text: `x${fnv(name + op)}`, origin: value.origin.kind === "literal" ? OPAQUE : value.origin };
}
