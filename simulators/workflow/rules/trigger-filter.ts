/**
 * GHA004: an event's filters or activity types are not ones GitHub accepts: an unknown key (`branch:`),
 * a type the event does not have, `branches` together with `branches-ignore`, or a schedule whose cron
 * GitHub cannot read.
 */
import { isMap } from "yaml";
import type { RuleContext } from "../../engine/rule.js";
import { workflowRule } from "../events.js";
import type { WorkflowParsedEvent } from "../events.js";
import { asMap, asSeq, entries, get, items, keyNode, scalarText } from "../source.js";
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
  for (const item of items(asSeq(get(on, "schedule", doc)), doc)) {
    const cron = get(asMap(item), "cron", doc);
    const text = scalarText(cron);
    if (text !== "" && !isValidCron(text)) {
      ctx.report(nodeAt(e, cron), "Invalid cron expression. Expected format: '* * * * *' (minute hour day month weekday)");
    }
  }
}

const FIELD = /^(\*|\d+(-\d+)?|[A-Za-z]{3}(-[A-Za-z]{3})?)(\/\d+)?$/;

/** Five POSIX cron fields, each a list of `*`, numbers, ranges, names and steps. */
export function isValidCron(text: string): boolean {
  const fields = text.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f) => f.split(",").every((part) => FIELD.test(part)));
}

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
      if (e.readable) exclusiveFilters(e, ctx);
    },
  },
  cases: {
    valid: [
      workflowCase(`on:\n  push:\n    branches: main\n    paths-ignore: ['docs/**']\n${HELLO_JOB}`),
      workflowCase(`on:\n  pull_request:\n    types: [opened, synchronize]\n  schedule:\n    - cron: '30 5 * * 1-5'\n${HELLO_JOB}`),
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
    ],
  },
});
