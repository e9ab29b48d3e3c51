/**
 * Helpers for writing rule cases: a workflow file at the usual path, optionally with the repository files
 * its steps need.
 */
import type { RuleCase } from "../../engine/rule.js";

export const CI = ".github/workflows/ci.yml";

/** A case whose repository holds one workflow (plus any other files). */
export function workflowCase(
  yaml: string,
  extra: Partial<Omit<RuleCase, "files">> & { files?: RuleCase["files"] } = {},
): RuleCase {
  const { files, ...rest } = extra;
  return { files: { [CI]: yaml, ...(files ?? {}) }, ...rest };
}

/** The smallest job, to embed after a workflow's header in cases. */
export const HELLO_JOB = `jobs:
  hello:
    runs-on: ubuntu-latest
    steps:
      - run: echo hello
`;

/** A small app repository: a Dockerfile and what it copies. */
export const APP_FILES = {
  Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY . .\nCMD [\"python\", \"app.py\"]\n",
  "requirements.txt": "flask==3.0.0\n",
  "app.py": "print('hi')\n",
};
