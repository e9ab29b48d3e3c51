/**
 * A workflow still does what it did: every job is still there, and every step that ran something (a `uses` or
 * a `run`) still has a counterpart. Deleting the failing step or job is not a fix. A step that ran nothing may
 * go: deleting it is one of the real fixes for a step GitHub rejects.
 */
import { isWorkflowPath } from "../../simulators/workflow/index.js";
import type { IntentCheck } from "./types.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface StepIdentity {
  job: string;
  keys: string[];
  label: string;
}

/** Ways to recognise a step after edits: its name, its action (without the ref), its first command. */
function stepIdentities(content: string): { jobs: Set<string>; steps: StepIdentity[] } | null {
  const doc = yamlDocuments(content)[0];
  if (!isRecord(doc) || !isRecord(doc["jobs"])) return null;
  const jobs = new Set<string>();
  const steps: StepIdentity[] = [];
  for (const [jobId, job] of Object.entries(doc["jobs"])) {
    jobs.add(jobId);
    if (!isRecord(job) || !Array.isArray(job["steps"])) continue;
    for (const step of job["steps"]) {
      if (!isRecord(step)) continue;
      const uses = typeof step["uses"] === "string" ? step["uses"].split("@")[0]! : null;
      const run = typeof step["run"] === "string" ? step["run"].trim().split(/\s+/).slice(0, 2).join(" ") : null;
      if (uses === null && run === null) continue;
      const keys = [typeof step["name"] === "string" ? `name:${step["name"]}` : "", uses ? `uses:${uses}` : "", run ? `run:${run}` : ""].filter(Boolean);
      steps.push({ job: jobId, keys, label: typeof step["name"] === "string" ? step["name"] : (uses ?? run ?? "a step") });
    }
  }
  return { jobs, steps };
}

export const workflowIntent: IntentCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    if (!isWorkflowPath(path)) continue;
    const now = after.get(path);
    const was = stepIdentities(file.content);
    if (!now || !was) continue;
    const is = stepIdentities(now.content);
    if (!is) continue; // a file that no longer parses fails in the simulator
    for (const job of was.jobs) if (!is.jobs.has(job)) violations.push(`${path}: job '${job}' was removed`);
    for (const step of was.steps) {
      if (!is.jobs.has(step.job)) continue;
      const found = is.steps.some((s) => s.job === step.job && s.keys.some((k) => step.keys.includes(k)));
      if (!found) violations.push(`${path}: step '${step.label}' of job '${step.job}' was removed`);
    }
  }
  return violations;
};
