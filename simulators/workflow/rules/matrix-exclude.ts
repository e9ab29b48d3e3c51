/**
 * GHA015: a matrix `exclude:` entry naming a key the matrix does not have. GitHub's server refuses the file
 * ("Matrix exclude key 'os' does not match any key within the matrix", at that key); an `include:` entry may
 * add keys, an `exclude:` one may not. A matrix built by an expression, or with keys written as expressions,
 * is not judged: its keys are known only when the run starts.
 */
import { isMap, isSeq } from "yaml";
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { asMap, entries, get, items } from "../source.js";
import { nodeAt } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const job = (matrix: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: echo\n`;

export const matrixExclude = workflowRule({
  code: "GHA015",
  name: "matrix-exclude-key",
  summary: "A matrix `exclude` entry names a key the matrix does not define",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      const { doc } = e.source;
      for (const j of jobsOf(e.source)) {
        const matrix = j.matrix;
        if (!isMap(matrix)) continue;
        const keys = entries(matrix, doc).map((m) => m.key);
        if (keys.some((k) => k.includes("${{"))) continue;
        const axes = new Set(keys.filter((k) => k !== "include" && k !== "exclude"));
        const exclude = get(matrix, "exclude", doc);
        if (!isSeq(exclude)) continue;
        for (const entry of items(exclude, doc)) {
          for (const key of entries(asMap(entry), doc)) {
            if (!axes.has(key.key) && !key.key.includes("${{")) {
              ctx.report(nodeAt(e, key.keyNode), `Matrix exclude key '${key.key}' does not match any key within the matrix`);
            }
          }
        }
      }
    },
  },
  cases: {
    valid: [
      workflowCase(job("        node: [18, 20]\n        os: [ubuntu-latest]\n        exclude:\n          - node: 18\n            os: ubuntu-latest\n        include:\n          - node: 22\n            experimental: true\n")),
    ],
    invalid: [
      workflowCase(job("        node: [18, 20]\n        exclude:\n          - os: windows-latest\n"), {
        file: CI,
        line: 9,
        message: "Matrix exclude key 'os' does not match any key within the matrix",
      }),
    ],
  },
});
