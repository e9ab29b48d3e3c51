/**
 * Line edits on a mapped workflow and the small slips the workflow injectors draw their wrong values from.
 * Every helper returns the file's new text; the map it was given stays as it was.
 */
import type { Rng } from "../../rng.js";
import type { WorkflowMap } from "./model.js";

/** The text with lines [from, to) replaced by `replacement` (no lines: a removal). */
export function spliceLines(map: WorkflowMap, from: number, to: number, replacement: readonly string[]): string {
  return [...map.lines.slice(0, from), ...replacement, ...map.lines.slice(to)].join("\n");
}

export function replaceLine(map: WorkflowMap, line: number, text: string): string {
  return spliceLines(map, line, line + 1, [text]);
}

/** Lines [from, to) moved so that they come before line `at` of the original (at ≥ to or at ≤ from). */
export function moveLines(map: WorkflowMap, from: number, to: number, at: number): string {
  const block = map.lines.slice(from, to);
  const rest = [...map.lines.slice(0, from), ...map.lines.slice(to)];
  const target = at >= to ? at - (to - from) : at;
  return [...rest.slice(0, target), ...block, ...rest.slice(target)].join("\n");
}

/** Lines [from, to) and the blank line that separates them from the next, when the file spaces its steps. */
export function withTrailingBlank(map: WorkflowMap, from: number, to: number): [number, number] {
  return to < map.lines.length && map.lines[to]!.trim() === "" && (from === 0 || map.lines[from - 1]!.trim() === "") ? [from, to + 1] : [from, to];
}

/** Two neighbouring letters of `word` swapped (never the first), a different word; null when it has none. */
export function swapLetters(word: string, rng: Rng): string | null {
  const places: number[] = [];
  for (let i = 1; i + 1 < word.length; i++) if (/[a-z]/i.test(word[i]!) && /[a-z]/i.test(word[i + 1]!) && word[i] !== word[i + 1]) places.push(i);
  if (places.length === 0) return null;
  const i = rng.pick(places);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** One letter of `word` dropped (never the first); null when that changes nothing. */
export function dropLetter(word: string, rng: Rng): string | null {
  const places: number[] = [];
  for (let i = 1; i < word.length; i++) if (/[a-z]/i.test(word[i]!) && word[i] !== word[i - 1]) places.push(i);
  if (places.length === 0) return null;
  const i = rng.pick(places);
  return word.slice(0, i) + word.slice(i + 1);
}

/** Tries the places in a seeded order and returns the first fault that can be built there. */
export function firstFitting<T, R>(rng: Rng, places: readonly T[], build: (place: T) => R | null): R | null {
  for (const place of rng.shuffle(places)) {
    const built = build(place);
    if (built !== null) return built;
  }
  return null;
}
