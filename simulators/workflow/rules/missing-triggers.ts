/** GHA002: no `on:`, or an `on:` with no event in it; GitHub then has nothing to run the workflow for. */
import { isMap, isScalar, isSeq } from "yaml";
import { parseRule } from "../rule-base.js";
import { get, keyNode } from "../source.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

export const missingTriggers = parseRule({
  code: "GHA002",
  name: "missing-triggers",
  summary: "The workflow defines no event trigger in `on`",
  check(ctx) {
    const { root, doc } = ctx.source;
    if (!root) return;
    const on = get(root, "on", doc);
    const empty =
      on === undefined ||
      (isScalar(on) && (on.value === null || on.value === "")) ||
      ((isMap(on) || isSeq(on)) && on.items.length === 0);
    // GitHub pins this annotation to line 1 of the file, without a (Line, Col) position.
    if (empty) ctx.report(keyNode(root, "on", doc) ?? { line: 1, column: 1 }, "No event triggers defined in `on`", { positional: false });
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
