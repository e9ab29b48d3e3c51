/** The order jobs run in, from their `needs`. */
import { jobsOf } from "../model.js";
import type { JobView } from "../model.js";
import type { WorkflowSource } from "../source.js";

/**
 * Jobs in an order that respects `needs` (file order among independent jobs): the order of passes over the
 * file that each take every job whose needs are all taken, a need taken earlier in the same pass included. A
 * job's pass is worked out once from its needs' passes rather than by scanning the file again per pass, which
 * cost a scan of every job for each job of a needs chain written bottom-up (quadratic in the jobs). Jobs in a
 * cycle, or waiting on one, never run; a need that names no job is not waited for.
 */
export function order(jobs: readonly JobView[]): JobView[] {
  const index = new Map(jobs.map((j, i) => [j.id, i]));
  const pass = passes(jobs, index);
  return jobs
    .map((job, i) => ({ job, i, pass: pass[i]! }))
    .filter((e) => Number.isFinite(e.pass))
    .sort((a, b) => a.pass - b.pass || a.i - b.i)
    .map((e) => e.job);
}

/**
 * The pass that takes each job (Infinity: none does). A job goes in the first pass after each need's, or in
 * the same pass as a need written above it; walked depth-first with an explicit stack, as a needs chain may be
 * as long as the file.
 */
function passes(jobs: readonly JobView[], index: ReadonlyMap<string, number>): number[] {
  const pass: number[] = new Array(jobs.length).fill(0);
  const state: number[] = new Array(jobs.length).fill(0); // 0 unvisited, 1 on the stack, 2 known
  for (let root = 0; root < jobs.length; root++) {
    if (state[root] === 2) continue;
    const stack: { at: number; next: number }[] = [{ at: root, next: 0 }];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const needs = jobs[top.at]!.needs;
      if (top.next < needs.length) {
        const n = index.get(needs[top.next++]!.name);
        if (n === undefined) continue;
        if (state[n] === 0) {
          state[n] = 1;
          stack.push({ at: n, next: 0 });
        } else if (state[n] === 1) pass[top.at] = Infinity; // a cycle: nothing in it is ever taken
        continue;
      }
      let p = Math.max(1, pass[top.at]!);
      for (const need of needs) {
        const n = index.get(need.name);
        if (n !== undefined) p = Math.max(p, state[n] === 2 ? pass[n]! + (n < top.at ? 0 : 1) : Infinity);
      }
      pass[top.at] = p;
      state[top.at] = 2;
      stack.pop();
    }
  }
  return pass;
}

/** Each job's direct needs, read once per parsed file. */
const NEEDS = new WeakMap<WorkflowSource, ReadonlyMap<string, readonly string[]>>();

function needsOf(source: WorkflowSource): ReadonlyMap<string, readonly string[]> {
  let needs = NEEDS.get(source);
  if (!needs) {
    needs = new Map(jobsOf(source).map((j) => [j.id, j.needs.map((n) => n.name)]));
    NEEDS.set(source, needs);
  }
  return needs;
}

/** Every job a job waits for, directly or through others: whose artifacts it can download. */
export function transitiveNeeds(id: string, source: WorkflowSource): Set<string> {
  const jobs = needsOf(source);
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
