/**
 * Repairs for a workflow GitHub rejects before running it, keyed on GitHub's own messages: no trigger, a job
 * without runs-on, a misspelt key, a step that neither runs nor uses anything.
 */
import { nearest } from "../closest.js";
import type { RepairRule } from "../rule.js";
import { indentOf, insertLines, replaceLine, workflowLogLocation } from "../view.js";
import { outlineWorkflow } from "../workflow-outline.js";

/** Keys GitHub accepts, to tell a misspelling from a misplaced key. */
const KNOWN_KEYS = [
  "branches", "branches-ignore", "tags", "tags-ignore", "paths", "paths-ignore", "types", "push", "pull_request", "pull_request_target",
  "workflow_dispatch", "workflow_call", "schedule", "release", "runs-on", "steps", "needs", "env", "with", "uses", "run", "name", "if",
  "permissions", "strategy", "matrix", "outputs", "services", "container", "timeout-minutes", "continue-on-error", "working-directory",
  "shell", "defaults", "concurrency", "environment", "id", "cron", "inputs", "secrets", "on", "jobs",
];

/** `No event triggers defined in \`on\`` → push and pull_request on the branch the workflow already names. */
export const missingTrigger: RepairRule = {
  name: "missing-trigger",
  summary: "no `on:` trigger → on push to main and on pull requests, before `jobs:`",
  propose(view) {
    if (!/No event triggers defined/.test(view.log)) return [];
    const file = workflowLogLocation(view)?.file ?? view.workflows[0];
    if (file === undefined) return [];
    const lines = view.lines(file);
    const block = ["on:", "  push:", "    branches: [main]", "  pull_request:"];
    const empty = lines.findIndex((l) => /^on:\s*(\{\s*\}|\[\s*\]|~|null)?\s*$/.test(l));
    if (empty >= 0) return [replaceLine(file, empty + 1, "on: [push, pull_request]")];
    const jobs = lines.findIndex((l) => /^jobs:/.test(l));
    return [insertLines(file, jobs < 0 ? 1 : jobs + 1, [...block, ""])];
  },
};

/** `Required property is missing: runs-on` → a hosted runner, as the job's first key. */
export const missingRunsOn: RepairRule = {
  name: "missing-runs-on",
  summary: "a job without runs-on → runs-on: ubuntu-latest",
  propose(view) {
    if (!/Required property is missing: runs-on/.test(view.log)) return [];
    const at = workflowLogLocation(view);
    if (at === null) return [];
    return [insertLines(at.file, at.line + 1, [`${" ".repeat(at.column - 1)}runs-on: ubuntu-latest`])];
  },
};

/** `Unexpected value 'branch'` → the nearest key GitHub knows. */
export const unexpectedKey: RepairRule = {
  name: "unexpected-key",
  summary: "a key GitHub does not accept → the nearest key it knows",
  propose(view) {
    const word = /Unexpected value '([^']+)'/.exec(view.log)?.[1];
    const at = workflowLogLocation(view);
    if (word === undefined || at === null) return [];
    const line = view.lines(at.file)[at.line - 1] ?? "";
    const better = nearest(word, KNOWN_KEYS, 2);
    if (better === null || !line.includes(word)) return [];
    return [replaceLine(at.file, at.line, line.replace(word, better))];
  },
};

/** What a step named like this usually runs, for a step that lost its `uses:` or `run:`. */
const STEP_GUESSES: Array<[RegExp, string]> = [
  [/check\s*out/i, "uses: actions/checkout@v4"],
  [/buildx/i, "uses: docker/setup-buildx-action@v3"],
  [/qemu/i, "uses: docker/setup-qemu-action@v3"],
  [/log\s*in|login/i, "uses: docker/login-action@v3"],
  [/build.*push|push.*image/i, "uses: docker/build-push-action@v6"],
  [/set\s*up\s*node|setup-node/i, "uses: actions/setup-node@v4"],
  [/set\s*up\s*python|setup-python/i, "uses: actions/setup-python@v5"],
  [/upload/i, "uses: actions/upload-artifact@v4"],
  [/download/i, "uses: actions/download-artifact@v4"],
];

/** `There's not enough info to determine what you meant` → the action or command the step's name says. */
export const stepWithoutAction: RepairRule = {
  name: "step-without-action",
  summary: "a step with neither uses nor run → the action or command its name describes",
  propose(view) {
    if (!/not enough info to determine what you meant/.test(view.log)) return [];
    const at = workflowLogLocation(view);
    const outline = at === null ? null : outlineWorkflow(view.content(at.file) ?? "");
    if (at === null || outline === null) return [];
    const step = outline.jobs.flatMap((j) => j.steps).find((s) => s.line === at.line);
    if (step?.name === undefined) return [];
    const node = view.paths.includes("package.json");
    const guesses = STEP_GUESSES.filter(([re]) => re.test(step.name ?? "")).map(([, body]) => body);
    if (/install/i.test(step.name)) guesses.push(node ? "run: npm ci" : "run: pip install -r requirements.txt");
    if (/test/i.test(step.name)) guesses.push(node ? "run: npm test" : "run: pytest");
    const indent = " ".repeat(step.indent);
    return guesses.map((body) => insertLines(at.file, step.endLine + 1, [`${indent}${body}`]));
  },
};

/** A key indented under the wrong parent (`branches` directly under `on:`) → one level deeper. */
export const misplacedKey: RepairRule = {
  name: "misplaced-key",
  summary: "a known key GitHub rejects where it stands → indent it under the key above",
  propose(view) {
    const word = /Unexpected value '([^']+)'/.exec(view.log)?.[1];
    const at = workflowLogLocation(view);
    if (word === undefined || at === null || !KNOWN_KEYS.includes(word)) return [];
    const line = view.lines(at.file)[at.line - 1] ?? "";
    return [replaceLine(at.file, at.line, `  ${indentOf(line)}${line.trimStart()}`)];
  },
};

export const WORKFLOW_SYNTAX_RULES: readonly RepairRule[] = [missingTrigger, missingRunsOn, unexpectedKey, misplacedKey, stepWithoutAction];
