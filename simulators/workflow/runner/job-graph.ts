/** The order jobs run in, from their `needs`. */
import { jobsOf } from "../model.js";
import type { JobView } from "../model.js";
import type { WorkflowSource } from "../source.js";

/** Jobs in an order that respects `needs` (file order among independent jobs). */
export function order(jobs: readonly JobView[]): JobView[] {
  const done = new Set<string>();
  const ids = new Set(jobs.map((j) => j.id));
  const out: JobView[] = [];
  let progress = true;
  while (out.length < jobs.length && progress) {
    progress = false;
    for (const job of jobs) {
      if (done.has(job.id)) continue;
      if (job.needs.every((n) => done.has(n.name) || !ids.has(n.name))) {
        done.add(job.id);
        out.push(job);
        progress = true;
      }
    }
  }
  return out;
}

/** Every job a job waits for, directly or through others: whose artifacts it can download. */
export function transitiveNeeds(id: string, source: WorkflowSource): Set<string> {
  const jobs = new Map(jobsOf(source).map((j) => [j.id, j.needs.map((n) => n.name)]));
  const seen = new Set<string>();
  const stack = [...(jobs.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(jobs.get(next) ?? []));
  }
  return seen;
}
