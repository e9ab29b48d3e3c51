/**
 * The engine's costs, bounded whatever the input: match counting linear, the near-miss hint linear and
 * skipped when a cheap test rules it out, a patch's hunk search capped, the parse cache bounded by bytes;
 * and a step that throws changes nothing.
 */
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { MAX_FILE_BYTES, MAX_LISTED_MATCHES, MAX_PARSE_CACHE_BYTES, MAX_PATCH_SEARCH_STEPS } from "../../contracts/limits.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { Episode } from "../../environment/episode.js";
import type { Judge } from "../../environment/judge.js";
import { occurrenceLines } from "../../environment/lines.js";
import { nearMissLine } from "../../environment/near-miss.js";
import { forgetParses, memoByContent, parseCost } from "../../simulators/parse-cache.js";
import { JUDGE } from "../../graders/judge.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { medianMs, timed } from "../timing.js";

const catalog = loadCatalog();

function failure(files: Record<string, string>, action: EditAction): string {
  const out = applyEditAction(repositoryFrom(files), action);
  if (out.ok) throw new Error("expected the action to fail");
  return out.error;
}

describe("counting matches is linear", () => {
  it("16,000 matches in 48 KB are counted at once (they took 3 s), each on its line", () => {
    const haystack = "ab\n".repeat(16_000);
    const { value, ms } = timed(() => occurrenceLines(haystack, "ab"));
    expect(value).toHaveLength(16_000);
    expect(value.slice(0, 3)).toEqual([1, 2, 3]);
    expect(value.at(-1)).toBe(16_000);
    // The quadratic count took 3 s; the median of a few runs stays far below that on a loaded machine.
    expect(Math.min(ms, medianMs(5, () => occurrenceLines(haystack, "ab")))).toBeLessThan(300);
  });

  it("as many on one line, and a needle spanning lines, give the lines a naive count gives", () => {
    expect(medianMs(5, () => occurrenceLines("a".repeat(48_000), "aaa"))).toBeLessThan(300);
    const text = "x\nab\ncd ab\n\nab\ncd\n";
    const naive = (h: string, n: string) => [...h.matchAll(new RegExp(n, "g"))].map((m) => h.slice(0, m.index).split("\n").length);
    expect(occurrenceLines(text, "ab")).toEqual(naive(text, "ab"));
    expect(occurrenceLines(text, "ab\ncd")).toEqual(naive(text, "ab\ncd"));
    expect(occurrenceLines(text, "zz")).toEqual([]);
  });

  it("the ambiguity message lists the first lines and counts the rest", () => {
    const error = failure({ f: "ab\n".repeat(16_000) }, { action_type: "edit_file", edits: [{ file_path: "f", old_content: "ab", new_content: "x" }] });
    expect(error).toContain("old_content matches 16000 times in f (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 15990 more)");
    expect(MAX_LISTED_MATCHES).toBe(10);
  });
});

describe("the near-miss hint", () => {
  it("finds text equal up to whitespace, across lines, and says where", () => {
    const file = "FROM x\n  RUN   pip install \\\n\t  flask\nCMD run\n";
    expect(nearMissLine(file, "RUN pip install \\\nflask")).toBe(2);
    expect(nearMissLine(file, "CMD  run")).toBe(4);
    expect(nearMissLine(file, "RUN pip install django")).toBeNull();
    expect(nearMissLine(file, " \n\t ")).toBeNull();
    const error = failure({ Dockerfile: file }, { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "RUN pip install \\\n    flask", new_content: "" }] });
    expect(error).toContain("text matching it up to whitespace is at line 2");
  });

  it("on a 100,000-line file takes milliseconds, not seconds (it took 7 to 10 s)", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `  key${i % 97}: value ${i % 13}`);
    const file = `${lines.join("\n")}\nlast:   line\n`;
    // Every word of the text occurs, so the cheap test cannot rule it out: the full pass runs.
    expect(timed(() => nearMissLine(file, "key5: value 3\nkey6: value 12 key7:")).ms).toBeLessThan(1_000);
    const atEnd = timed(() => nearMissLine(file, "last: line"));
    expect(atEnd.value).toBe(100_001);
    expect(atEnd.ms).toBeLessThan(1_000);
    expect(timed(() => nearMissLine(file, "absent: words")).ms).toBeLessThan(50);
  });

  it("a failed edit on a 3,000-line file costs well under a millisecond", () => {
    const file = Array.from({ length: 3_000 }, (_, i) => `        - name: step-${i}\n`).join("");
    const files = repositoryFrom({ "ci.yml": file });
    const action: EditAction = { action_type: "edit_file", edits: [{ file_path: "ci.yml", old_content: "- nmae: step-12\n", new_content: "x" }] };
    expect(applyEditAction(files, action).ok).toBe(false);
    expect(medianMs(101, () => applyEditAction(files, action))).toBeLessThan(1);
  });
});

describe("apply_patch's search is bounded", () => {
  const twentyThousand = "a\n".repeat(20_000);

  it("a hunk that matches nowhere in a large file is refused after a bounded search", () => {
    const context = " a\n".repeat(5_000);
    const patch = `--- a/f\n+++ b/f\n@@ -20000,5001 +20000,5000 @@\n${context}-b\n`;
    const { value, ms } = timed(() => applyEditAction(repositoryFrom({ f: twentyThousand }), { action_type: "apply_patch", patch }));
    expect(value.ok).toBe(false);
    expect(!value.ok && value.error).toContain(`takes more than ${MAX_PATCH_SEARCH_STEPS} line comparisons`);
    expect(ms).toBeLessThan(1_000);
  });

  it("a hunk whose line numbers are a little off still applies where its context is (the offset search)", () => {
    const file = "one\ntwo\nthree\nfour\nfive\nsix\n";
    const patch = "--- a/f\n+++ b/f\n@@ -5,3 +5,3 @@\n two\n-three\n+THREE\n four\n";
    const out = applyEditAction(repositoryFrom({ f: file }), { action_type: "apply_patch", patch });
    expect(out.ok && out.repo.get("f")!.content).toBe("one\ntwo\nTHREE\nfour\nfive\nsix\n");
  });

  it("a CRLF file takes a plain patch, keeping its line endings", () => {
    const file = "one\r\ntwo\r\nthree\r\n";
    const patch = "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n";
    const out = applyEditAction(repositoryFrom({ f: file }), { action_type: "apply_patch", patch });
    expect(out.ok && out.repo.get("f")!.content).toBe("one\r\nTWO\r\nthree\r\n");
  });

  it("many hunks that each apply where they say cost one comparison per line", () => {
    const file = Array.from({ length: 1_000 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    const hunks = Array.from({ length: 100 }, (_, h) => `@@ -${h * 10 + 1},1 +${h * 10 + 1},1 @@\n-line ${h * 10 + 1}\n+LINE ${h * 10 + 1}\n`).join("");
    const { value, ms } = timed(() => applyEditAction(repositoryFrom({ f: file }), { action_type: "apply_patch", patch: `--- a/f\n+++ b/f\n${hunks}` }));
    expect(value.ok && value.repo.get("f")!.content.split("\n")[990]).toBe("LINE 991");
    expect(ms).toBeLessThan(200);
  });
});

describe("a step is transactional", () => {
  /** The grader's judge, except that it throws on files containing BOOM, as a simulator bug would. */
  const fragile: Judge = {
    assess: (scenario, files) => {
      if ([...files.values()].some((f) => f.content.includes("BOOM"))) throw new TypeError("Cannot read properties of undefined (reading 'x')");
      return JUDGE.assess(scenario, files);
    },
    score: (facts) => JUDGE.score(facts),
  };

  it("a check that throws changes nothing, says so, and the episode plays on", () => {
    const episode = Episode.start(catalog, { scenario_id: "typo_filename" }, "ep", fragile);
    episode.step({ action_type: "request_hint" });
    const before = episode.state();
    const result = episode.step({ action_type: "add_line", file_path: "README.md", line_number: 1, content: "BOOM" });
    expect(result.reward).toBe(0);
    expect(result.done).toBe(false);
    expect(result.observation.last_action_error).toMatch(/^internal error while checking this action \(TypeError: Cannot read properties/);
    expect(result.observation.last_action_error).toContain("not applied or counted");
    expect(result.observation.files).toEqual(before.files);
    expect(result.observation.step_count).toBe(before.step_count);
    expect(episode.state()).toEqual(before);

    const next = episode.step({ action_type: "add_line", file_path: "README.md", line_number: 1, content: "# fine" });
    expect(next.observation.last_action_error).toBeNull();
    expect(next.observation.step_count).toBe(before.step_count + 1);
    expect(episode.record().actions).toHaveLength(2);
  });

  it("so does a score that throws when the action would end the episode", () => {
    const judge: Judge = { assess: JUDGE.assess, score: () => { throw new RangeError("no score"); } };
    const episode = Episode.start(catalog, { scenario_id: "typo_filename" }, "ep", judge);
    const result = episode.step({ action_type: "submit" });
    expect(result.done).toBe(false);
    expect(result.observation.last_action_error).toContain("RangeError: no score");
    expect(episode.done).toBe(false);
    expect(episode.record().actions).toEqual([]);
  });
});

describe("the parse cache is bounded by bytes", () => {
  it("distinct large files never hold more than the budget (by count they grew RSS to 3.8 GB)", () => {
    let parses = 0;
    const cached = memoByContent((text) => ({ length: text.length, n: ++parses }), { name: "test: large files" });
    for (let i = 0; i < 60; i++) cached(`${i}:${"k: v\n".repeat(100_000)}`);
    expect(cached.bytes).toBeLessThanOrEqual(MAX_PARSE_CACHE_BYTES);
    expect(cached.size).toBeLessThan(60);
    expect(cached.size * parseCost("k: v\n".repeat(100_000))).toBeLessThanOrEqual(MAX_PARSE_CACHE_BYTES);
  });

  it("keeps the parse of the largest file a repository may hold, at workflows' 100 bytes a character (a file over 168 KB was parsed at every step)", () => {
    let parses = 0;
    const cached = memoByContent((text) => ({ n: ++parses, length: text.length }), { name: "test: one largest file", expansion: 100 });
    const largest = "x".repeat(MAX_FILE_BYTES);
    expect(cached(largest)).toBe(cached(largest));
    expect(parses).toBe(1);
    forgetParses("test: one largest file");
  });

  it("keeps the most recently used, and does not keep a text too large to share the budget", () => {
    // Room for eight texts of 100 characters; one entry may take half the budget.
    const cached = memoByContent((text) => ({ text }), { name: "test: eight texts", maxBytes: parseCost("x".repeat(100)) * 8 });
    const texts = Array.from({ length: 9 }, (_, i) => String.fromCharCode(97 + i).repeat(100));
    const first = cached(texts[0]!);
    const second = cached(texts[1]!);
    for (const t of texts.slice(2, 8)) cached(t);
    expect(cached(texts[0]!)).toBe(first);
    // The cache is full: the ninth text evicts the second, the least recently used, not the first.
    cached(texts[8]!);
    expect(cached.size).toBe(8);
    expect(cached(texts[0]!)).toBe(first);
    expect(cached(texts[1]!)).not.toBe(second);
    const huge = "h".repeat(1_000);
    expect(cached(huge)).not.toBe(cached(huge));
    expect(cached.size).toBe(8);
  });
});
