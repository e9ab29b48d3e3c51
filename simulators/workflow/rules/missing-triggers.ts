/** GHA002: no `on:`, or an `on:` with no event in it; GitHub then has nothing to run the workflow for. */
import { isMap, isScalar, isSeq } from "yaml";
import { workflowRule } from "../events.js";
import { get, keyNode } from "../source.js";
import { nodeAt, UNPOSITIONED } from "./parse-findings.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const missingTriggers = workflowRule({
  code: "GHA002",
  name: "missing-triggers",
  summary: "The workflow defines no event trigger in `on`",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      const { root, doc } = e.source;
      if (!e.readable || !root) return ctx.undecided();
      const on = get(root, "on", doc);
      const empty =
        on === undefined ||
        (isScalar(on) && (on.value === null || on.value === "")) ||
        ((isMap(on) || isSeq(on)) && on.items.length === 0);
      const key = keyNode(root, "on", doc);
      // GitHub pins this annotation to line 1 of the file, without a (Line, Col) position.
      if (empty) ctx.report(key ? nodeAt(e, key) : { line: 1, column: 1 }, "No event triggers defined in `on`", UNPOSITIONED);
    },
  },
  cases: {
    valid: [workflowCase(`on: push\n${HELLO_JOB}`), workflowCase(`on: [push, pull_request]\n${HELLO_JOB}`)],
    invalid: [
      workflowCase(`name: CI\n${HELLO_JOB}`, { file: CI, line: 1, message: "No event triggers defined in `on`" }),
      workflowCase(`name: CI\non: {}\n${HELLO_JOB}`, { file: CI, message: "No event triggers defined" }),
      workflowCase(`on:\n${HELLO_JOB}`, { file: CI }),
    ],
  },
});
