/**
 * registry-login-missing: the job pushes an image without having logged in to the registry first, which
 * refuses the push: `denied: requested access to the resource is denied`, `unauthorized: unauthenticated`,
 * `push access denied … insufficient_scope` (GHA104; real-errors.md §E, push_without_login).
 *
 * Split rule: train removes the login step; test moves it after the step that pushes (it then logs in too late).
 */
import { defineInjector } from "../injector.js";
import { firstFitting, spliceLines } from "./workflow-text/lines.js";
import { keyOf, stepLabel, stepText, workflowMaps } from "./workflow-text/model.js";
import type { Step, WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";
import { isLogin } from "./workflow-text/secrets.js";

/** Whether a step pushes an image (build-push-action with push: true, docker push, buildx --push). */
function pushes(map: WorkflowMap, step: Step): boolean {
  const uses = keyOf(step, "uses");
  const text = stepText(map, step);
  if (uses) return /^docker\/build-push-action@/i.test(uses.value) && /^\s*push:\s*true\s*$/m.test(text);
  return /\bdocker\s+push\b|\s--push\b/.test(text);
}

/** The file without `login`, or with it moved after `after`, keeping the blank lines between steps. */
function rearranged(map: WorkflowMap, login: Step, after: Step | null): string {
  const spaced = map.lines[login.end]?.trim() === "";
  const block = map.lines.slice(login.start, login.end);
  const out: string[] = [];
  map.lines.forEach((line, i) => {
    if (i >= login.start && i < login.end + (spaced ? 1 : 0)) return;
    out.push(line);
    if (after && i === after.end - 1) out.push(...(spaced ? ["", ...block] : block));
  });
  return spliceLines(map, 0, map.lines.length, out);
}

export const registryLoginMissing = defineInjector({
  kind: "registry-login-missing",
  layer: "workflow",
  summary: "A job pushes an image with no login to the registry before it: `denied: requested access to the resource is denied` (GHA104)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) =>
      map.jobs.flatMap((job) => {
        const logins = job.steps.filter((s) => isLogin(map, s));
        const push = job.steps.findIndex((s) => pushes(map, s));
        if (logins.length !== 1 || push < 0 || job.steps.indexOf(logins[0]!) > push) return [];
        return [{ map, job, login: logins[0]!, push: job.steps[push]!, last: job.steps[job.steps.length - 1]! }];
      }),
    );
    return firstFitting(ctx.rng, places, ({ map, job, login, last }) => {
      const test = ctx.split === "test";
      const content = rearranged(map, login, test ? last : null);
      return workflowInjection(ctx, {
        kind: "registry-login-missing",
        changed: [{ file: map.file, content }],
        issue: {
          description: test
            ? `${map.file}: in job '${job.key}', the login ('${stepLabel(map, login)}') runs only after the push, so the registry refuses the unauthenticated push.`
            : `${map.file}: job '${job.key}' pushes its image without logging in to the registry first, so the registry refuses the push.`,
          hint: "A registry accepts a push only from a client that has logged in to it. What does this job do before it pushes?",
          stage: "push",
          detection: [{ code: "GHA104", file: map.file }],
        },
      });
    });
  },
});
