/**
 * The repository scans skip a file whose lowercased text holds none of a pattern's needles. That may never
 * change a count: whatever the text (any case, any Unicode around the match), the scan counts what the
 * pattern itself matches.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { CREDENTIAL_SHAPES } from "../../simulators/scan/credentials.js";
import { countPatterns, type NamedPattern } from "../../simulators/scan/pattern-counts.js";
import { STRICTNESS, SUPPRESSIONS } from "../../simulators/scan/suppressions.js";

const LISTS: Record<string, readonly NamedPattern[]> = { suppressions: SUPPRESSIONS, strictness: STRICTNESS, credentials: CREDENTIAL_SHAPES };

/** A match of each pattern, or a near one, as repositories write them. */
const FRAGMENTS = [
  "# hadolint ignore=DL3008",
  "#hadolint global ignore=DL3018",
  "# check=skip=JSONArgsRecommended",
  "ignore-check.kube-linter.io/no-read-only-root-fs: x",
  "# checkov:skip=CKV_K8S_8",
  "# trivy:ignore:AVD-DS-0002",
  "# shellcheck disable=SC2086",
  "import os  # noqa: F401",
  "x = 1 # nosec",
  "# actionlint-ignore",
  "actionlint: disable",
  "continue-on-error: true",
  "  continue-on-error: ${{ true }} # flaky",
  "run: make test || true",
  "run: ./deploy.sh || exit 0",
  "cmd || :",
  "if: false",
  "  - if: 'false'",
  '    if: "false"',
  "if: ${{ false }}",
  "engine-strict=true",
  "  engine-strict = true  ",
  "https://hooks.slack.com/services/T000/B000/XXXX",
  "https://discordapp.com/api/webhooks/1234/abc_DEF",
  "ghp_abcdefghijklmnopqrstuvwxyz0123",
  "github_pat_11ABCDEFGHIJKLMNOPQRSTUV",
  "dckr_pat_abcdefghij123",
  "xoxb-1234567890-abc",
  "AKIAIOSFODNN7EXAMPLE",
  "-----BEGIN RSA PRIVATE KEY-----",
  "-----BEGIN OPENSSH PRIVATE KEY-----",
];

const NOISE = ["\n", " ", "\t", "#", ":", "=", "İ", "Σ", "ß", "ǅ", "K", "steps:", "- run: echo", "skip", "false", "||"];

/** `text` with each letter's case flipped where `flips` says. */
function recase(text: string, flips: readonly boolean[]): string {
  return [...text].map((c, i) => (flips[i % flips.length] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join("");
}

const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...FRAGMENTS), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 })).map(([f, flips]) => recase(f, flips)),
  fc.tuple(fc.constantFrom(...FRAGMENTS), fc.constantFrom("\t", "  ", "\n", "\u00a0", "")).map(([f, space]) => f.replaceAll(" ", space)),
  fc.constantFrom(...NOISE),
  fc.string({ maxLength: 6, unit: "binary" }),
);
const content = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));

describe("repository scans", () => {
  it("every needle is lowercase ASCII that the pattern's matches hold", () => {
    for (const patterns of Object.values(LISTS)) {
      for (const { name, needles } of patterns) {
        for (const n of needles ?? []) expect(n, name).toMatch(/^[\x20-\x7e]+$/);
        for (const n of needles ?? []) expect(n, name).toBe(n.toLowerCase());
      }
    }
  });

  it("count what the patterns match, files skipped by needle or not", () => {
    fc.assert(
      fc.property(fc.array(content, { minLength: 1, maxLength: 3 }), (texts) => {
        const repo = repositoryFrom(Object.fromEntries(texts.map((t, i) => [`f${i}.yaml`, t])));
        for (const patterns of Object.values(LISTS)) {
          const counted = countPatterns(repo, patterns);
          for (const { name, pattern } of patterns) {
            const expected = texts.reduce((sum, t) => sum + (t.match(pattern)?.length ?? 0), 0);
            expect(counted.get(name), name).toBe(expected);
          }
        }
      }),
      { numRuns: 2000, seed: 16 },
    );
  });

  it("count the same text alike in a repository built again, and after a thousand texts more", () => {
    const text = FRAGMENTS.join("\n");
    const first = countPatterns(repositoryFrom({ "a.yaml": text }), SUPPRESSIONS);
    // Texts enough to push the first out of the counts kept by text (a megabyte of characters).
    for (let i = 0; i < 1100; i++) countPatterns(repositoryFrom({ [`n${i}`]: `${"x".repeat(1000)}${i} # noqa` }), SUPPRESSIONS);
    for (const again of [repositoryFrom({ "b.yaml": text }), repositoryFrom({ "c.yaml": `${text}` })]) expect(countPatterns(again, SUPPRESSIONS)).toEqual(first);
    expect([...first.values()].some((n) => n > 0)).toBe(true);
  });

  it("find every fragment the scans exist for (the property above meets matches, not only misses)", () => {
    const repo = repositoryFrom(Object.fromEntries(FRAGMENTS.map((f, i) => [`f${i}`, f])));
    const found = Object.values(LISTS).flatMap((patterns) => [...countPatterns(repo, patterns)].filter(([, n]) => n > 0).map(([name]) => name));
    const every = Object.values(LISTS).flatMap((patterns) => patterns.map((p) => p.name));
    expect(found.sort()).toEqual(every.sort());
  });
});
