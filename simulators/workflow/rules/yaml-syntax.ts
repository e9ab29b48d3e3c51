/** GHA001: the file is not YAML GitHub can read (syntax, alias bomb, nesting, a root that is not a mapping). */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";

export const yamlSyntax = workflowRule({
  code: "GHA001",
  name: "yaml-syntax",
  summary: "The workflow file is not valid YAML, or its root is not a mapping",
  stage: "parse",
  severity: "error",
  phase: "parse",
  on: {
    "workflow-parsed"(e, ctx) {
      // The one judgement an unreadable file still gets.
      for (const f of e.findings) if (f.category === "yaml") ctx.report(f.position, f.message);
    },
  },
  cases: {
    valid: [workflowCase("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo a:b\n      - run: |\n          echo 'a: b'\n")],
    invalid: [
      workflowCase("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo a: b\n", { file: CI, line: 6 }),
      workflowCase("on: push\njobs:\n  build:\n    runs-on: [ubuntu-latest\n", { file: CI }),
      workflowCase("- on: push\n", { file: CI, line: 1, message: "Expected a mapping" }),
    ],
  },
});
