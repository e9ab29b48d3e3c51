/**
 * GHA017: a matrix that expands to more than 256 legs (after `exclude` and `include`). GitHub refuses it
 * ("Strategy expansion exceeded 256 results for job 'test'"; "A matrix will generate a maximum of 256 jobs per
 * workflow run"). The legs are counted, never built, so a product of 10^10 costs as little as one of 10. A
 * matrix written with expressions is not judged: its size is known only when the run starts.
 */
import { isMap } from "yaml";
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { expandMatrix, MAX_MATRIX_EXPANSION_STEPS, MAX_MATRIX_LEGS } from "../runner/matrix.js";
import { nodeAt } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const job = (matrix: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: echo\n`;

const axes = (n: number, size: number): string =>
  Array.from({ length: n }, (_, i) => `        a${i}: [${Array.from({ length: size }, (_, v) => v).join(", ")}]\n`).join("");

export const matrixTooLarge = workflowRule({
  code: "GHA017",
  name: "matrix-too-large",
  summary: "A job's matrix expands to more than 256 legs, which GitHub refuses",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      const { doc } = e.source;
      for (const j of jobsOf(e.source)) {
        const matrix = j.matrix;
        if (!isMap(matrix) || String(matrix).includes("${{")) continue;
        const legs = expandMatrix(matrix, doc);
        if (Array.isArray(legs)) continue;
        const message =
          legs.refused === "too-many-legs"
            ? `Strategy expansion exceeded ${MAX_MATRIX_LEGS} results for job '${j.id}'`
            : `Strategy expansion for job '${j.id}' was not finished: its ${legs.product} combinations, nearly all excluded, take more than ${MAX_MATRIX_EXPANSION_STEPS} steps to count (MAX_MATRIX_EXPANSION_STEPS)`;
        ctx.report(nodeAt(e, matrix), message);
      }
    },
  },
  cases: {
    valid: [
      workflowCase(job("        a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]\n        b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]\n")),
      // 260 combinations, four excluded: 256 legs.
      workflowCase(job(`${axes(1, 13)}        b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]\n        exclude:\n          - a0: 0\n            b: 1\n          - a0: 0\n            b: 2\n          - a0: 0\n            b: 3\n          - a0: 0\n            b: 4\n`)),
    ],
    invalid: [
      workflowCase(job("        a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]\n        b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]\n"), {
        file: CI,
        line: 7,
        message: "Strategy expansion exceeded 256 results for job 'test'",
      }),
      // Ten axes of ten values: 10^10 legs, counted without building one.
      workflowCase(job(axes(10, 10)), { file: CI, line: 7, message: "Strategy expansion exceeded 256 results for job 'test'" }),
      // 256 legs of the product and one include that extends none of them: 257.
      workflowCase(job("        a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]\n        b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]\n        include:\n          - a: 17\n"), {
        file: CI,
        line: 7,
        message: "Strategy expansion exceeded 256 results for job 'test'",
      }),
    ],
  },
});
