/**
 * The near-miss hint of a failed edit: the same line as the one-pass reference for every file and text
 * (whitespace variants, multi-line texts, empty lines, unicode, very long lines), whichever way the search
 * goes, and a cost of about a scan of the file, pathological inputs included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { occurrenceLines } from "../../environment/lines.js";
import { nearMissLine } from "../../environment/near-miss.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { referenceNearMissLine } from "./near-miss-reference.js";
import { medianMs, timed } from "../timing.js";

const WORDS = ["a", "b", "ab", "ba", "RUN", "pip", "x:", "-", "\\", "é", "日本", "😀", "a😀", "line", "12", "\u0301"];
const SPACES = [" ", "  ", "\t", "\n", "\r\n", "\n\n", " \n\t ", "\u00a0", "\u3000", "\u2028", "\ufeff", "\v"];

const word = fc.constantFrom(...WORDS);
const space = fc.constantFrom(...SPACES);

/** A line: an indent, then words with whitespace between; now and then very long, now and then empty. */
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom("", "  ", "\t", "    "), fc.array(fc.tuple(word, fc.constantFrom(" ", "  ", "\t", "", "\u00a0")), { maxLength: 6 })).map(([indent, parts]) => indent + parts.map(([w, s]) => w + s).join("")) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.tuple(word, fc.integer({ min: 200, max: 3000 })).map(([w, n]) => `${w} `.repeat(n)) },
);

const file = fc.tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom("\n", "\r\n", "\n \n")).map(([lines, separator]) => lines.join(separator));

/**
 * A text to look for: a piece of the file with its whitespace runs rewritten (a near miss, or the exact
 * text), maybe with one character changed or the ends trimmed mid-word; or words and whitespace at random.
 */
function needleFor(content: string, from: number, length: number, spaces: string[], mutate: number): string {
  const start = content.length === 0 ? 0 : from % content.length;
  let piece = content.slice(start, start + length);
  let k = 0;
  piece = piece.replace(/\s+/g, () => spaces[k++ % Math.max(spaces.length, 1)] ?? " ");
  if (mutate > 0 && piece.length > 0) {
    const at = mutate % piece.length;
    piece = piece.slice(0, at) + (piece[at] === "a" ? "b" : "a") + piece.slice(at + 1);
  }
  return piece;
}

const fromFile = fc.tuple(file, fc.nat(), fc.integer({ min: 0, max: 120 }), fc.array(space, { minLength: 1, maxLength: 5 }), fc.oneof(fc.constant(0), fc.nat())).map(
  ([content, from, length, spaces, mutate]) => ({ content, needle: needleFor(content, from, length, spaces, mutate) }),
);
const atRandom = fc.tuple(file, fc.array(fc.oneof(word, space), { maxLength: 12 }).map((parts) => parts.join(""))).map(([content, needle]) => ({ content, needle }));

/** The search's give-up point at its default, never, and at once: the answer must not depend on it. */
const ALLOWANCES = [undefined, Number.POSITIVE_INFINITY, 0, 7] as const;

function agrees({ content, needle }: { content: string; needle: string }): void {
  const expected = referenceNearMissLine(content, needle);
  for (const allowance of ALLOWANCES) expect(nearMissLine(content, needle, allowance)).toBe(expected);
}

describe("the near-miss hint agrees with the one-pass reference", () => {
  it("on pieces of the file with their whitespace changed", () => {
    fc.assert(fc.property(fromFile, agrees), { numRuns: 1500, seed: 16 });
  });

  it("on words and whitespace at random", () => {
    fc.assert(fc.property(atRandom, agrees), { numRuns: 1500, seed: 17 });
  });

  it("on short texts over a tiny alphabet, where words overlap and repeat", () => {
    const unit = fc.constantFrom("a", "b", " ", "\n", "\t");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.string({ unit, maxLength: 10 }), (content, needle) => agrees({ content, needle })),
      { numRuns: 3000, seed: 18 },
    );
  });

  it("finds near misses often enough for the comparison to mean something", () => {
    const found = fc.sample(fromFile, { numRuns: 500, seed: 16 }).filter(({ content, needle }) => referenceNearMissLine(content, needle) !== null).length;
    expect(found).toBeGreaterThan(150);
  });

  it("on hand-picked cases: indentation, tabs, line breaks, a word's end and start, unicode", () => {
    const cases: Array<[string, string, number | null]> = [
      ["FROM x\n  RUN   pip install \\\n\t  flask\nCMD run\n", "RUN pip install \\\nflask", 2],
      ["FROM x\nxRUN a\n", "RUN a", 2],
      ["FROM x\nRUN abc\n", "RUN ab", 2],
      ["a\n\n\n   b", "a b", 1],
      ["x\n\u3000日本\u00a0語", "日本 語", 2],
      ["😀 a\n😀  a", "😀\ta", 1],
      ["ab", "a b", null],
      ["", "a", null],
      ["a b", " \n\t ", null],
      ["a b", "a b c", null],
    ];
    for (const [content, needle, expected] of cases) {
      expect(nearMissLine(content, needle)).toBe(expected);
      expect(referenceNearMissLine(content, needle)).toBe(expected);
    }
  });
});

describe("what a failed edit costs", () => {
  const notes = Array.from({ length: 3_000 }, (_, i) => `line ${i} of the operations notes, with a few more words`).join("\n") + "\n";
  const files = repositoryFrom({ "NOTES.md": notes });
  const failing = (old_content: string): EditAction => ({ action_type: "edit_file", edits: [{ file_path: "NOTES.md", old_content, new_content: "x" }] });
  const longNear = Array.from({ length: 40 }, (_, k) => `  line ${2950 + k}  of\tthe operations notes, with a few more words`).join("\n");

  it("on a 3,000-line file, well under a millisecond: text absent, near miss, long multi-line near miss", () => {
    const cases: Array<[string, string]> = [
      ["text that is nowhere", "old_content was not found in NOTES.md"],
      ["line  2998 of the  operations notes,\nwith", "text matching it up to whitespace is at line 2999"],
      [longNear, "text matching it up to whitespace is at line 2951"],
    ];
    for (const [needle, message] of cases) {
      const outcome = applyEditAction(files, failing(needle));
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.error).toContain(message);
      expect(medianMs(101, () => applyEditAction(files, failing(needle)))).toBeLessThan(1);
    }
  });

  it("on a 100,000-line file of repeated lines, well under a second, and the same line as the reference", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `  key${i % 97}: value ${i % 13}`);
    const content = `${lines.join("\n")}\nlast:   line\n`;
    for (const needle of ["key5: value 3\nkey6: value 12 key7:", "last: line", "key5: value 5 absent", "value 3\n key4:"]) {
      const run = timed(() => nearMissLine(content, needle));
      expect(run.value).toBe(referenceNearMissLine(content, needle));
      expect(run.ms).toBeLessThan(500);
    }
    expect(nearMissLine(content, "last: line")).toBe(100_001);
  });

  it("one word repeated everywhere, with a text of that word ending in another: linear, not quadratic", () => {
    const content = "a ".repeat(250_000);
    const needle = `${"a ".repeat(2_000)}b`;
    const run = timed(() => nearMissLine(content, needle));
    expect(run.value).toBeNull();
    expect(run.ms).toBeLessThan(500);
    const withEnd = `${content}\nb`;
    expect(nearMissLine(withEnd, needle)).toBe(referenceNearMissLine(withEnd, needle));
  });

  it("a 1 MB text: answered at once when longer than the file, and in bounded time when the file is as long", () => {
    const needle = "word ".repeat(200_000);
    const small = timed(() => nearMissLine(notes, needle));
    expect(small.value).toBeNull();
    expect(small.ms).toBeLessThan(200);
    const big = `${"word\n".repeat(210_000)}`;
    const run = timed(() => nearMissLine(big, needle));
    expect(run.value).toBe(1);
    expect(run.ms).toBeLessThan(1_000);
    const failed = timed(() => applyEditAction(repositoryFrom({ "NOTES.md": notes }), failing(needle)));
    expect(failed.value.ok).toBe(false);
    expect(failed.ms).toBeLessThan(200);
  });

  it("counting exact matches stays linear however many there are", () => {
    const content = "ab\n".repeat(100_000);
    const run = timed(() => occurrenceLines(content, "ab"));
    expect(run.value.length).toBe(100_000);
    expect(run.value.at(-1)).toBe(100_000);
    expect(run.ms).toBeLessThan(200);
  });
});
