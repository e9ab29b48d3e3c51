/**
 * checkout-after-build: a job's `actions/checkout` runs after the first step that reads the repository's files
 * (a `docker build`, build-push-action with a path context, `npm ci`, `pip install -r`), which then meets an
 * empty workspace: `failed to read dockerfile: open Dockerfile: no such file or directory`, `npm error code
 * ENOENT`, `Could not open requirements file` (GHA101; real-errors.md §C, checkout_after_build).
 *
 * Split rule: train moves the checkout to just after the first step that needs it; test drops it, so the job
 * never checks the repository out (where the reader is the job's last step, moving the checkout to the end
 * would be train's fault again). Jobs where a setup action with a dependency cache (setup-python, setup-node,
 * setup-java with `cache:`, setup-go) would run before the checkout are not a place: the real run would fail
 * in that action first, which the simulator does not model.
 */
import { defineInjector } from "../injector.js";
import { firstFitting } from "./workflow-text/lines.js";
import { actionOf, blockText, keyOf, stepLabel, stepText, workflowMaps } from "./workflow-text/model.js";
import type { Job, Step, WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const READS = /\b(npm (ci|install|test|run)|pip3? install\b.*\s-r\s|docker (buildx )?build)\b/;

/** Whether a step reads the repository's files in a way the simulated run checks. */
function readsWorkspace(map: WorkflowMap, step: Step): boolean {
  const action = actionOf(step);
  if (action === "docker/build-push-action") {
    const context = /^\s*context:\s*(\S.*)$/m.exec(stepText(map, step));
    return context !== null && !/^(https?|git):\/\//.test(context[1]!);
  }
  const run = keyOf(step, "run");
  return action === null && run !== undefined && READS.test(blockText(map, run));
}

/** Whether a real run would fail in this step first, without the files (a setup action's dependency cache). */
function failsEarlier(map: WorkflowMap, step: Step): boolean {
  const action = actionOf(step);
  if (action === "actions/setup-go") return true;
  return /^actions\/setup-(python|node|java)$/.test(action ?? "") && /^\s*cache:/m.test(stepText(map, step));
}

interface Place {
  map: WorkflowMap;
  job: Job;
  checkout: Step;
  reader: Step;
}

function placesIn(map: WorkflowMap): Place[] {
  return map.jobs.flatMap((job) => {
    const at = job.steps.findIndex((s) => actionOf(s) === "actions/checkout");
    const checkout = job.steps[at];
    if (!checkout || keyOf(checkout, "with") || keyOf(checkout, "if")) return [];
    for (const step of job.steps.slice(at + 1)) {
      if (failsEarlier(map, step)) return [];
      if (readsWorkspace(map, step)) return [{ map, job, checkout, reader: step }];
    }
    return [];
  });
}

/** The file with the checkout step moved to just after `after` (a step of the same job), or dropped (null). */
function moved(map: WorkflowMap, checkout: Step, after: Step | null): string {
  const spaced = map.lines[checkout.end]?.trim() === "";
  const block = map.lines.slice(checkout.start, checkout.end);
  const out: string[] = [];
  map.lines.forEach((line, i) => {
    if (i >= checkout.start && i < checkout.end + (spaced ? 1 : 0)) return;
    out.push(line);
    if (after && i === after.end - 1) out.push(...(spaced ? ["", ...block] : block));
  });
  return out.join("\n");
}

export const checkoutAfterBuild = defineInjector({
  kind: "checkout-after-build",
  layer: "workflow",
  summary: "actions/checkout runs after the step that reads the repository, or not at all: `open Dockerfile: no such file or directory`, ENOENT (GHA101)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap(placesIn);
    return firstFitting(ctx.rng, places, ({ map, job, checkout, reader }) => {
      const test = ctx.split === "test";
      const content = moved(map, checkout, test ? null : reader);
      return workflowInjection(ctx, {
        kind: "checkout-after-build",
        changed: [{ file: map.file, content }],
        issue: {
          description:
            `${map.file}: in job '${job.key}', the step '${stepLabel(map, reader)}' reads the repository's files, but ` +
            `${test ? "the job has no actions/checkout step" : "actions/checkout runs only right after it"}: every job starts on a fresh runner with an empty workspace, so the step finds nothing.`,
          hint: "A job starts on a fresh runner. At the step that fails, what has put the repository's files into the workspace yet?",
          stage: "build",
          detection: [{ code: "GHA101", file: map.file }],
        },
      });
    });
  },
});
