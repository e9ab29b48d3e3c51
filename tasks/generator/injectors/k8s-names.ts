/**
 * Wrong names and values the k8s injectors draw, per split. The train split (and validation) makes the
 * slips engineers make most (a dropped or swapped letter, a familiar suffix); the test split makes slips
 * train never shows (a doubled letter, a changed letter, other suffixes), so a policy evaluated on test meets
 * faults it has not seen. Every name stays a valid DNS label, so the fault is the one intended and not a
 * refusal of the name itself.
 */
import type { InjectionContext } from "../injector.js";
import type { Rng } from "../rng.js";

export type GenSplit = InjectionContext["split"];

/** Whether the split draws from the held-out ranges. */
export function heldOut(split: GenSplit): boolean {
  return split === "test";
}

const LETTER = /[a-zA-Z]/;

/**
 * A one-letter slip of `word` that is not `word`: train drops a letter or swaps two neighbours; test doubles
 * a letter or replaces one with its neighbour in the alphabet. Only letters inside the word are touched, so
 * the result keeps its first and last character and its case (a DNS label stays one).
 */
export function slip(word: string, rng: Rng, split: GenSplit): string {
  const inner = [...word].flatMap((ch, i) => (i > 0 && i < word.length - 1 && LETTER.test(ch) ? [i] : []));
  if (inner.length === 0) return `${word}${heldOut(split) ? "x" : "s"}`;
  const i = rng.pick(inner);
  const ch = word[i]!;
  let out: string;
  if (heldOut(split)) {
    out = rng.chance(0.5) ? word.slice(0, i) + ch + word.slice(i) : word.slice(0, i) + (/[zZ]/.test(ch) ? String.fromCharCode(ch.charCodeAt(0) - 1) : String.fromCharCode(ch.charCodeAt(0) + 1)) + word.slice(i + 1);
  } else if (rng.chance(0.5) || !LETTER.test(word[i + 1] ?? "")) {
    out = word.slice(0, i) + word.slice(i + 1);
  } else {
    out = word.slice(0, i) + word[i + 1] + ch + word.slice(i + 2);
  }
  return out === word ? `${word}${heldOut(split) ? "x" : "s"}` : out;
}

/** Suffixes engineers add to an object's name by habit, by split. */
const SUFFIXES = { train: ["-svc", "-service", "-config", "-api"], test: ["-http", "-app", "-web", "-v2", "-main"] };

/**
 * A near name for an object named `name` that `taken` does not hold: a habitual suffix, or a slip.
 * `suffixes` narrows the habit to the kind of object (a Service is `-svc`, a ConfigMap `-config`).
 */
export function nearName(name: string, rng: Rng, split: GenSplit, taken: (n: string) => boolean, suffixes?: { train: readonly string[]; test: readonly string[] }): string | null {
  const pool = (suffixes ?? SUFFIXES)[heldOut(split) ? "test" : "train"];
  const candidates = rng.shuffle([...pool.map((s) => (name.endsWith(s) ? name.slice(0, -s.length) : `${name}${s}`)), slip(name, rng, split)]);
  return candidates.find((c) => c !== name && c.length > 0 && c.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(c) && !taken(c)) ?? null;
}

/** A port from the split's pool that is none of `avoid`. */
export function otherPort(rng: Rng, split: GenSplit, avoid: readonly number[]): number | null {
  const pool = heldOut(split) ? [81, 4000, 5001, 8001, 8443, 9090, 10080] : [80, 3000, 5000, 8000, 8080, 9000];
  const left = pool.filter((p) => !avoid.includes(p));
  return left.length === 0 ? null : rng.pick(left);
}

/** A YAML scalar's source for `value`, quoted the way `source` (the text it replaces) was. */
export function asScalar(source: string, value: string): string {
  if (source.startsWith('"')) return JSON.stringify(value);
  if (source.startsWith("'")) return `'${value.replaceAll("'", "''")}'`;
  return /^[\w./@-][\w./@:-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~|[-+]?[\d.]+(e[-+]?\d+)?)$/i.test(value) ? value : JSON.stringify(value);
}
