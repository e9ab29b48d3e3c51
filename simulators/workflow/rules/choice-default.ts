/**
 * GHA016: a `choice` input of `workflow_dispatch` whose `default` is not one of its `options`. GitHub's parser
 * and server accept the file (only the default's type is checked), so this is a warning: the Run workflow form
 * offers only the options, and a run started with the default gets a value no option names, which the steps
 * that branch on the options do not expect.
 */
import { isScalar } from "yaml";
import { workflowRule } from "../events.js";
import { asMap, asSeq, entries, get, items, scalarText } from "../source.js";
import { nodeAt } from "./parse-findings.js";
import { CI, HELLO_JOB, workflowCase } from "./cases.js";

const dispatch = (input: string): string => `on:\n  workflow_dispatch:\n    inputs:\n      level:\n${input}${HELLO_JOB}`;

export const choiceDefault = workflowRule({
  code: "GHA016",
  name: "choice-default-not-an-option",
  summary: "A workflow_dispatch choice input's default is not one of its options",
  stage: "parse",
  severity: "warning",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      if (!e.readable) return ctx.undecided();
      const { doc } = e.source;
      const inputs = asMap(get(asMap(get(asMap(get(e.source.root, "on", doc)), "workflow_dispatch", doc)), "inputs", doc));
      for (const input of entries(inputs, doc)) {
        const spec = asMap(input.value);
        if (scalarText(get(spec, "type", doc)) !== "choice") continue;
        const value = get(spec, "default", doc);
        const options = items(asSeq(get(spec, "options", doc)), doc);
        if (!isScalar(value) || options.length === 0 || !options.every(isScalar)) continue;
        const written = scalarText(value);
        // An expression default is evaluated when the run starts; it is not judged here.
        if (written.includes("${{")) continue;
        const choices = options.map((o) => scalarText(o));
        if (!choices.includes(written)) ctx.report(nodeAt(e, value), `The default '${written}' of choice input '${input.key}' is not one of its options: ${choices.join(", ")}`);
      }
    },
  },
  cases: {
    valid: [
      workflowCase(dispatch("        type: choice\n        options: [info, debug]\n        default: info\n")),
      { name: "no default", ...workflowCase(dispatch("        type: choice\n        options: [info, debug]\n")) },
      { name: "a string input's default", ...workflowCase(dispatch("        type: string\n        default: anything\n")) },
    ],
    invalid: [
      workflowCase(dispatch("        type: choice\n        options:\n          - info\n          - debug\n        default: warning\n"), {
        file: CI,
        line: 9,
        message: "The default 'warning' of choice input 'level' is not one of its options: info, debug",
      }),
    ],
  },
});
