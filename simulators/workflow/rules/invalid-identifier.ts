/**
 * GHA009: a job id or step id GitHub refuses: not starting with a letter or `_`, holding other characters
 * than alphanumerics, `-` and `_`, starting with `__`, or a step id used twice in one job.
 */
import { jobsOf } from "../model.js";
import { workflowRule } from "../events.js";
import { get, scalarText } from "../source.js";
import { nodeAt } from "./parse-findings.js";
import { CI, workflowCase } from "./cases.js";

const VALID = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** GitHub's IdBuilder check; returns its message, or null for a good id. */
export function identifierProblem(id: string, known: Set<string>): string | null {
  if (!VALID.test(id) || id.length >= 100) {
    return `The identifier '${id}' is invalid. IDs may only contain alphanumeric characters, '_', and '-'. IDs must start with a letter or '_' and and must be less than 100 characters.`;
  }
  if (id.startsWith("__")) return `The identifier '${id}' is invalid. IDs starting with '__' are reserved.`;
  if (known.has(id)) return `The identifier '${id}' may not be used more than once within the same scope.`;
  known.add(id);
  return null;
}

export const invalidIdentifier = workflowRule({
  code: "GHA009",
  name: "invalid-identifier",
  summary: "A job or step id that GitHub refuses, or a step id used twice in one job",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      for (const job of jobsOf(e.source)) {
        const problem = identifierProblem(job.id, new Set());
        if (problem) ctx.report(nodeAt(e, job.keyNode), problem);
        const known = new Set<string>();
        for (const step of job.steps) {
          const idNode = get(step.map, "id", e.source.doc);
          const id = scalarText(idNode);
          if (id === "") continue;
          const stepProblem = identifierProblem(id, known);
          if (stepProblem) ctx.report(nodeAt(e, idNode), stepProblem);
        }
      }
    },
  },
  cases: {
    valid: [workflowCase("on: push\njobs:\n  build_1:\n    runs-on: ubuntu-latest\n    steps:\n      - id: meta\n        run: echo\n      - id: push-image\n        run: echo\n")],
    invalid: [
      workflowCase("on: push\njobs:\n  1build:\n    runs-on: ubuntu-latest\n    steps: [{run: echo ok}]\n", { file: CI, line: 3, message: "The identifier '1build' is invalid" }),
      workflowCase("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - id: meta\n        run: echo\n      - id: meta\n        run: echo\n", {
        file: CI,
        line: 8,
        message: "The identifier 'meta' may not be used more than once within the same scope.",
      }),
    ],
  },
});
