/**
 * GHA111: `npm ci` refuses to install because the job's Node (setup-node, often a matrix leg) is outside the
 * package's `engines.node` range and the project's .npmrc sets `engine-strict=true`. Without engine-strict npm
 * only warns, so that is no failure here either.
 */
import { runRule } from "../rule-base.js";
import { CI, workflowCase } from "./cases.js";
import { CHECKOUT } from "./run-cases.js";

const PACKAGE = JSON.stringify({ name: "web", version: "1.2.0", engines: { node: ">=16" } });

const matrixJob = (versions: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [${versions}]\n    steps:\n${CHECKOUT}      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n      - run: npm ci\n`;

export const npmEngineUnsupported = runRule({
  code: "GHA111",
  name: "npm-engine-unsupported",
  stage: "build",
  summary: "npm ci under a Node version outside package.json `engines` fails when .npmrc sets engine-strict=true",
  cases: {
    valid: [
      workflowCase(matrixJob("18, 20"), { files: { "package.json": PACKAGE, "package-lock.json": "{}", ".npmrc": "engine-strict=true\n" } }),
      workflowCase(matrixJob("14, 18"), { files: { "package.json": PACKAGE, "package-lock.json": "{}" } }),
    ],
    invalid: [
      workflowCase(matrixJob("14, 18"), {
        files: { "package.json": PACKAGE, "package-lock.json": "{}", ".npmrc": "engine-strict=true\n" },
        file: CI,
        line: 13,
        message: 'Unsupported engine for web@1.2.0: wanted: {"node":">=16"}',
      }),
    ],
  },
});
