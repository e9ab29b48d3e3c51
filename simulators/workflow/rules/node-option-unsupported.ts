/**
 * GHA112: an npm script runs `node` with an option the job's Node does not have yet. `node --test` (the
 * built-in test runner) arrived in Node 18; Node 14 and 16 stop with `node: bad option: --test` and exit 9.
 * Lowering package.json `engines` or switching engine-strict off lets `npm ci` pass on such a leg, and then
 * the tests fail here instead.
 */
import { workflowRule } from "../events.js";
import { CI, workflowCase } from "./cases.js";
import { CHECKOUT } from "./run-cases.js";

const PACKAGE = JSON.stringify({ name: "web", version: "1.2.0", scripts: { test: "node --test" } });

const matrixJob = (versions: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [${versions}]\n    steps:\n${CHECKOUT}      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n      - run: npm ci\n      - run: npm test\n`;

/** Node options and the major release that introduced them. */
const NODE_OPTIONS_SINCE: ReadonlyArray<{ option: string; major: number }> = [{ option: "--test", major: 18 }];

export const nodeOptionUnsupported = workflowRule({
  code: "GHA112",
  name: "node-option-unsupported",
  stage: "build",
  summary: "An npm script runs node with an option the job's Node version does not have (node --test before Node 18)",
  severity: "error",
  phase: "run",
  on: {
    "npm-script"(e, ctx) {
      if (e.node === null || e.script === "") return;
      const major = Number(e.node.node.split(".")[0]);
      for (const { option, major: since } of NODE_OPTIONS_SINCE) {
        if (major >= since || !e.nodeCommands.some((argv) => argv.slice(1).includes(option))) continue;
        const text = `node: bad option: ${option}`;
        ctx.report(e.at, text, { output: [`> ${e.packageId} ${e.script}`, `> ${e.text}`, "", text], exitCode: 9 });
        return;
      }
    },
  },
  cases: {
    valid: [workflowCase(matrixJob("18, 20"), { files: { "package.json": PACKAGE, "package-lock.json": "{}" } })],
    invalid: [
      workflowCase(matrixJob("14, 18"), {
        files: { "package.json": PACKAGE, "package-lock.json": "{}" },
        file: CI,
        line: 14,
        message: "node: bad option: --test",
      }),
    ],
  },
});
