/**
 * Variant axes over a base's workflows, as teams write the same pipeline differently: a manual
 * `workflow_dispatch` trigger, a concurrency group, job timeouts, the runner image a job pins instead of
 * `ubuntu-latest`, and a nightly copy of the CI workflow on a schedule. Each keeps every job and step the base
 * has; none changes what a run does.
 *
 * Split rule: timeouts, pinned runner images and nightly schedules come from pools that differ by split.
 */
import { isDeliveryWorkflow } from "../../../simulators/pipeline/delivery.js";
import type { GeneratorBase } from "../define-base.js";
import { defineAxis, poolFor, type SplitPools, type VariantAxis } from "./axis.js";
import { contentOf, editFiles } from "./rewrite.js";

const WORKFLOW = /^\.github\/workflows\/[^/]+\.ya?ml$/;

function workflows(base: GeneratorBase): [string, string][] {
  return Object.entries(base.files)
    .filter(([p]) => WORKFLOW.test(p))
    .map(([p, f]) => [p, contentOf(f)] as [string, string])
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * An axis that decides, per workflow `fits`, among `choices`, and rewrites the workflow's text with `write`
 * for any pick but the first (the workflow as written).
 */
function perWorkflow(name: string, written: string, fits: (content: string) => boolean, choices: (base: GeneratorBase) => readonly string[], write: (content: string, choice: string) => string): VariantAxis {
  return defineAxis({
    name,
    decisions: (base) => workflows(base).flatMap(([p, content]) => (fits(content) ? [{ key: `${name}:${p}`, written, choices: choices(base) }] : [])),
    apply(base, picks) {
      const changes = workflows(base).flatMap(([p, content]) => {
        const pick = picks.get(`${name}:${p}`);
        return pick !== undefined && pick !== written && fits(content) ? [[p, write(content, pick)] as const] : [];
      });
      return changes.length === 0 ? base : editFiles(base, (files) => changes.forEach(([p, c]) => files.set(p, c)));
    },
  });
}

/** A block `on:` mapping at the top level, with the triggers under it. */
const BLOCK_ON = /^on:[ \t]*\n(?=[ \t]+\S)/m;

export const dispatchAxis = perWorkflow(
  "dispatch",
  "none",
  (c) => BLOCK_ON.test(c) && !c.includes("workflow_dispatch"),
  () => ["none", "manual"],
  (c) => c.replace(BLOCK_ON, "on:\n  workflow_dispatch:\n"),
);

const JOBS = /^jobs:[ \t]*$/m;

export const concurrencyAxis = perWorkflow(
  "concurrency",
  "none",
  (c) => JOBS.test(c) && !/^concurrency:/m.test(c),
  () => ["none", "cancel", "queue"],
  (c, pick) => {
    const group = pick === "cancel" ? "${{ github.workflow }}-${{ github.ref }}" : "${{ github.workflow }}";
    return c.replace(JOBS, `concurrency:\n  group: ${group}\n  cancel-in-progress: ${pick === "cancel"}\n\njobs:`);
  },
);

/** A job's `runs-on` on one line, at the indentation of a job's keys under `jobs:`. */
const RUNS_ON = /^( {4})runs-on:[ \t]*(\S[^\n]*)$/m;

const TIMEOUTS: SplitPools<string> = { train: ["none", "10", "15", "30"], test: ["none", "12", "25", "45"] };

export const timeoutAxis = perWorkflow(
  "timeout",
  "none",
  (c) => RUNS_ON.test(c) && !c.includes("timeout-minutes"),
  (base) => poolFor(base, TIMEOUTS, "none"),
  (c, pick) => c.replace(new RegExp(RUNS_ON.source, "gm"), `$1runs-on: $2\n$1timeout-minutes: ${pick}`),
);

const RUNNERS: SplitPools<string> = { train: ["ubuntu-latest", "ubuntu-24.04"], test: ["ubuntu-latest", "ubuntu-22.04"] };
const LATEST = /^( {4}runs-on:[ \t]*)ubuntu-latest[ \t]*$/m;

export const runnerAxis = perWorkflow(
  "runner",
  "ubuntu-latest",
  (c) => LATEST.test(c),
  (base) => poolFor(base, RUNNERS, "ubuntu-latest"),
  (c, pick) => c.replace(new RegExp(LATEST.source, "gm"), `$1${pick}`),
);

const SCHEDULES: SplitPools<string> = { train: ["0 3 * * *", "30 2 * * 1-5", "15 4 * * 0"], test: ["0 5 * * *", "45 1 * * 1-5"] };

/** The CI workflow a nightly copy is made of: `ci.yml`, which tests and does not deliver. */
function ciWorkflow(base: GeneratorBase): string | null {
  const ci = base.files[".github/workflows/ci.yml"];
  if (ci === undefined || base.files[".github/workflows/nightly.yml"] !== undefined) return null;
  const content = contentOf(ci);
  return isDeliveryWorkflow(content) || !/^name:[ \t]*\S/m.test(content) || !/^on:/m.test(content) ? null : content;
}

/** The CI workflow on a schedule: its name, and its triggers replaced by the schedule and a manual run. */
function nightly(ci: string, cron: string): string {
  const lines = ci.split("\n");
  const start = lines.findIndex((l) => /^on:/.test(l));
  let end = start + 1;
  while (end < lines.length && (lines[end] === "" || /^[ \t]/.test(lines[end]!))) end++;
  // Keep the blank line that separated the triggers from what follows.
  while (end > start + 1 && lines[end - 1] === "") end--;
  const on = ["on:", "  schedule:", `    - cron: "${cron}"`, "  workflow_dispatch:"];
  return [...lines.slice(0, start), ...on, ...lines.slice(end)].join("\n").replace(/^name:[ \t]*\S[^\n]*$/m, "name: nightly");
}

export const nightlyAxis = defineAxis({
  name: "nightly",
  decisions: (base) => (ciWorkflow(base) === null ? [] : [{ key: "nightly", written: "none", choices: ["none", ...poolFor(base, SCHEDULES)] }]),
  apply(base, picks) {
    const ci = ciWorkflow(base);
    const pick = picks.get("nightly");
    if (ci === null || pick === undefined || pick === "none") return base;
    return editFiles(base, (files) => files.set(".github/workflows/nightly.yml", nightly(ci, pick)));
  },
});
