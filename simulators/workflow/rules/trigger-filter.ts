/**
 * GHA004: an event's filters or activity types are not ones GitHub accepts: an unknown key (`branch:`),
 * a type the event does not have, a schedule whose cron GitHub cannot read, an input GitHub's parser refuses
 * (a type it does not know, a choice without options, a default of the wrong type: all of these GitHub's
 * parser decides), or what GitHub's server refuses after the parse: `branches` together with
 * `branches-ignore`, and more than 25 inputs for `workflow_dispatch`.
 */
import { isMap } from "yaml";
import type { RuleContext } from "../../engine/rule.js";
import { workflowRule } from "../events.js";
import type { WorkflowParsedEvent } from "../events.js";
import { asMap, entries, get, keyNode } from "../source.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";
import { nodeAt, reportFindings, UNPOSITIONED } from "./parse-findings.js";

const EXCLUSIVE = ["branches", "tags", "paths"];

function exclusiveFilters(e: WorkflowParsedEvent, ctx: RuleContext): void {
  const { doc } = e.source;
  const on = asMap(get(e.source.root, "on", doc));
  for (const event of entries(on, doc)) {
    if (!isMap(event.value)) continue;
    for (const filter of EXCLUSIVE) {
      const ignore = keyNode(event.value, `${filter}-ignore`, doc);
      if (ignore && keyNode(event.value, filter, doc)) {
        // GitHub's annotation for this one carries no (Line, Col); the position here is for the reader.
        ctx.report(nodeAt(e, ignore), `you may only define one of \`${filter}\` and \`${filter}-ignore\` for a single event`, UNPOSITIONED);
      }
    }
  }
}

/** GitHub's limit on a manual run's form (25 since December 2025; 10 before). */
const MAX_DISPATCH_INPUTS = 25;

function tooManyDispatchInputs(e: WorkflowParsedEvent, ctx: RuleContext): void {
  const { doc } = e.source;
  const dispatch = asMap(get(asMap(get(e.source.root, "on", doc)), "workflow_dispatch", doc));
  const inputs = asMap(get(dispatch, "inputs", doc));
  if (!inputs || entries(inputs, doc).length <= MAX_DISPATCH_INPUTS) return;
  // The annotation points at the file's first line without a (Line, Col); the position is for the reader.
  const key = keyNode(dispatch, "inputs", doc);
  ctx.report(key ? nodeAt(e, key) : { line: 1, column: 1 }, `you may only define up to ${MAX_DISPATCH_INPUTS} \`inputs\` for a \`workflow_dispatch\` event`, UNPOSITIONED);
}

/** A dispatch form with `count` string inputs. */
const dispatchInputs = (count: number): string =>
  `on:\n  workflow_dispatch:\n    inputs:\n${Array.from({ length: count }, (_, i) => `      input_${i + 1}:\n        type: string\n`).join("")}${HELLO_JOB}`;

export const triggerFilter = workflowRule({
  code: "GHA004",
  name: "trigger-filter",
  summary: "An event's filters or activity types are not valid for that event",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      reportFindings("filter")(e, ctx);
      if (!e.readable) return;
      exclusiveFilters(e, ctx);
      tooManyDispatchInputs(e, ctx);
    },
  },
  cases: {
    valid: [
      workflowCase(`on:\n  push:\n    branches: main\n    paths-ignore: ['docs/**']\n${HELLO_JOB}`),
      workflowCase(`on:\n  pull_request:\n    types: [opened, synchronize]\n  schedule:\n    - cron: '30 5 * * 1-5'\n${HELLO_JOB}`),
      { name: "25 dispatch inputs", ...workflowCase(dispatchInputs(25)) },
    ],
    invalid: [
      workflowCase(`on:\n  push:\n    branch: [main]\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'branch'" }),
      workflowCase(`on:\n  push:\n    branches: [main]\n    branches-ignore: [dev]\n${HELLO_JOB}`, {
        file: CI,
        message: "you may only define one of `branches` and `branches-ignore` for a single event",
      }),
      workflowCase(`on:\n  pull_request:\n    types: [open]\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'open'" }),
      workflowCase(`on:\n  push:\n    types: [created]\n${HELLO_JOB}`, { file: CI, line: 3, message: "Unexpected value 'types'" }),
      workflowCase(`on:\n  schedule:\n    - cron: 'every day'\n${HELLO_JOB}`, { file: CI, line: 3, message: "Invalid cron expression" }),
      { name: "26 dispatch inputs", ...workflowCase(dispatchInputs(26), { file: CI, line: 3, message: "you may only define up to 25 `inputs` for a `workflow_dispatch` event" }) },
    ],
  },
});
