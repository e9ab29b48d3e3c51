/**
 * Generated scenarios do not state their own answers (issue 14): what an agent reads at reset, in the logs
 * the reference repair walks through and in each hint never holds a value a fault's repair writes, unless a
 * real tool prints it that way. The faithful cases are listed here, each with the tool that prints it. The
 * sample is every split and difficulty of delivery and host scenarios, each cell at other seeds (1-12 and
 * 1-6), so that it meets many compositions in a few seconds; a wider run of the same audit (seeds 1-40 of
 * every cell, 480 delivery and 480 host scenarios) found no hit this list does not explain.
 */
import { describe, expect, it } from "vitest";
import { answerValues, auditAnswers, type AnswerHit } from "../../generator/answer-audit.js";
import { generateInjected } from "../../generator/generate.js";
import { generateHostInjected } from "../../generator/host-generate.js";

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
  { line: /: Unsupported value: "[^"]*": supported values: /, why: "the API server's field.NotSupported error lists the values the field takes" },
  { line: /^\w+ = os\.environ\["\w+"\]$/, why: "Python's traceback prints the source line of the frame that raised KeyError" },
  // Host scenarios: systemd, ps, nginx and the app's database driver as they print.
  { line: /^Process: \d+ ExecStart=/, why: "systemctl status prints the unit's command line" },
  { line: /^\S+ +\d+ +\d+ \//, why: "ps aux prints each process's command line" },
  { line: /OperationalError: connection to server at "[^"]+", port \d+ failed/, why: "psycopg names the address and port it connected to" },
  { line: /\[error\] .*"[^"]+" is forbidden \(13: Permission denied\)/, why: "nginx's error.log names the path it could not open" },
  { line: /as root in \/|writers other than root|the web root/, why: "prose (the inspect shell's user, df's reserved blocks, a document root), not a crontab's user field" },
];

// Words a hint uses as prose that a repair also writes as a key: a place to look, not a value.
const PROSE = /^(registry|file|Dockerfile|app|readiness|liveness|health|selector)$/;

function unexplained(hits: readonly AnswerHit[]): AnswerHit[] {
  return hits.filter((h) => !(h.place === "hint" && PROSE.test(h.value)) && !FAITHFUL.some((f) => f.line.test(h.line)));
}

const CELLS = (["train", "validation", "test"] as const).flatMap((split) => (["easy", "medium", "hard", "expert"] as const).map((difficulty) => ({ split, difficulty })));

describe("generated scenarios do not state their own answers", () => {
  it("on a sample of every split and difficulty, every value found in a delivery scenario is one a real tool prints", () => {
    const found: AnswerHit[] = [];
    CELLS.forEach((cell, k) => {
      for (const seed of [1 + (k % 6), 7 + (k % 6)]) {
        const { scenario, injections } = generateInjected({ ...cell, seed });
        found.push(...unexplained(auditAnswers(scenario, injections)));
      }
    });
    expect(found).toEqual([]);
  });

  it("on a sample of every split and difficulty, every value found in a host scenario is one a real tool prints", () => {
    const found: AnswerHit[] = [];
    CELLS.forEach((cell, k) => {
      const { scenario, injections } = generateHostInjected({ ...cell, seed: 1 + (k % 6) });
      found.push(...unexplained(auditAnswers(scenario, injections)));
    });
    expect(found).toEqual([]);
  });

  it("takes what a host command sets as its answer, not the unit or file it acts on", () => {
    const { scenario } = generateHostInjected({ split: "train", difficulty: "easy", seed: 1 });
    const files = scenario.files as Record<string, { content: string }>;
    const host = (command: string) => ({ kind: "k", repair: [{ action_type: "host" as const, command }] });
    expect(answerValues(host("systemctl daemon-reload && systemctl restart shop"), files)).toEqual([]);
    expect(answerValues(host("chmod 750 /var/www/shop"), files)).toEqual(["750"]);
    expect(answerValues(host("pkill -f 'reindex.py'"), files)).toEqual(["reindex.py"]);
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

  it("finds an answer a host scenario's hint states", () => {
    const { scenario, injections } = generateHostInjected({ split: "train", difficulty: "medium", seed: 1 });
    const files = scenario.files as Record<string, { content: string }>;
    const n = injections.findIndex((i) => answerValues(i, files).length > 0);
    const value = answerValues(injections[n]!, files)[0]!;
    const leaky = { ...scenario, issues: scenario.issues.map((i, k) => (k === n ? { ...i, hint: `${i.hint} Then run it with ${value}.` } : i)) };
    expect(unexplained(auditAnswers(leaky, injections)).map((h) => h.place)).toContain("hint");
  });
});
