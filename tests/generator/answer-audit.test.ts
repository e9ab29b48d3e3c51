/**
 * Generated scenarios do not state their own answers (issue 14): what an agent reads at reset, in the logs
 * the reference repair walks through and in each hint never holds a value a fault's repair writes, unless a
 * real tool prints it that way. The faithful cases are listed here, each with the tool that prints it.
 */
import { describe, expect, it } from "vitest";
import { answerValues, auditAnswers, type AnswerHit } from "../../generator/answer-audit.js";
import { generateInjected } from "../../generator/generate.js";

/** Lines a real tool prints with the value in them: an echo of the repository's own text, or the tool's message. */
const FAITHFUL: readonly { line: RegExp; why: string }[] = [
  { line: /Required property is missing: runs-on/, why: "GitHub's workflow parser names the missing key (real-errors.md, job without runs-on)" },
  { line: /restartPolicy: Required value: valid values: "OnFailure", "Never"/, why: "the API server's Job validation lists the values it takes" },
  { line: /Job's restartPolicy needs one of two values/, why: "the hint names the field kubectl's error names, not a value" },
  { line: /Username and password required/, why: "docker/login-action's error (real-errors.md, login without credentials)" },
  { line: /`npm ci` command can only install with an existing package-lock\.json/, why: "npm's own error names the lockfile" },
  { line: /^tags: |^--tag /, why: "docker/build-push-action prints its inputs, and GitHub a run step's script: the workflow's own text" },
  { line: /^Run /, why: "GitHub prints a run step's script before running it" },
  { line: /^Image:\s/, why: "kubectl describe pod shows the image the manifest names" },
  { line: /^(=> |\d+ \||> \[)/, why: "BuildKit echoes the Dockerfile's instruction or line it failed on" },
  { line: /is not (set|defined)$/, why: "the app's own start-up error names the variable its code reads (real-errors.md, missing_required_env)" },
  { line: /ingress-nginx: upstream timed out|curl: \(28\) Failed to connect to \S+ port \d+/, why: "ingress-nginx and curl name the upstream they could not reach" },
  { line: /\.yaml:\d+:\d+: The \w+ "[^"]+" is invalid: spec\.(selector|template)/, why: "kubectl's validation error, with the labels it compared" },
  { line: /spec\.selector is a required value/, why: "the hint repeats kubectl's field path" },
  { line: /load build definition from Dockerfile|open Dockerfile: no such file|workflow file/, why: "BuildKit and GitHub name the file they looked for" },
  { line: /^\$ kubectl |^Error: Error response from daemon: Get "https:\/\/registry-1\.docker\.io/, why: "a command line, or docker login naming the registry it reached" },
];

// Words a hint uses as prose that a repair also writes as a key: a place to look, not a value.
const PROSE = /^(registry|file|Dockerfile|app|readiness|liveness|health|selector)$/;

function unexplained(hits: readonly AnswerHit[]): AnswerHit[] {
  return hits.filter((h) => !(h.place === "hint" && PROSE.test(h.value)) && !FAITHFUL.some((f) => f.line.test(h.line)));
}

describe("generated scenarios do not state their own answers", () => {
  it("on a sample of every difficulty and both distributions, every value found is one a real tool prints", () => {
    const found: AnswerHit[] = [];
    for (const split of ["train", "test"] as const)
      for (const difficulty of ["easy", "medium", "hard", "expert"] as const)
        for (let seed = 1; seed <= 4; seed++) {
          const { scenario, injections } = generateInjected({ split, difficulty, seed });
          found.push(...unexplained(auditAnswers(scenario, injections)));
        }
    expect(found).toEqual([]);
  });

  it("finds an answer a hint states", () => {
    const { scenario, injections } = generateInjected({ split: "train", difficulty: "easy", seed: 1 });
    expect(unexplained(auditAnswers(scenario, injections))).toEqual([]);
    const files = scenario.files as Record<string, { content: string }>;
    const n = injections.findIndex((i) => answerValues(i, files).length > 0);
    const value = answerValues(injections[n]!, files)[0]!;
    const leaky = { ...scenario, issues: scenario.issues.map((i, k) => (k === n ? { ...i, hint: `${i.hint} Set it to ${value}.` } : i)) };
    expect(unexplained(auditAnswers(leaky, injections)).map((h) => h.place)).toContain("hint");
  });
});
