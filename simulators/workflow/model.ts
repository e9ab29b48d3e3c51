/**
 * A read-only view of a parsed workflow's jobs and steps over the YAML nodes, for the rules and the
 * interpreter: ids, key nodes (for positions) and the step mappings, tolerant of any malformed shape.
 */
import type { Node, YAMLMap } from "yaml";
import { asMap, asSeq, entries, get, items, stringList } from "./source.js";
import type { WorkflowSource } from "./source.js";

export interface StepView {
  index: number;
  map: YAMLMap;
}

export interface JobView {
  id: string;
  keyNode: Node | null;
  map: YAMLMap | null;
  needs: { name: string; node: unknown }[];
  steps: StepView[];
  /** `strategy.matrix` as written (undefined when the job has none). */
  matrix: unknown;
}

/** Read once per parsed file: the parse rules, the declaration facts and the runner all walk the jobs. */
const JOBS = new WeakMap<WorkflowSource, readonly JobView[]>();

/** The jobs of a workflow in file order (duplicates after the first are dropped, as GitHub refuses them). */
export function jobsOf(source: WorkflowSource): readonly JobView[] {
  let jobs = JOBS.get(source);
  if (!jobs) {
    jobs = readJobs(source);
    JOBS.set(source, jobs);
  }
  return jobs;
}

function readJobs(source: WorkflowSource): JobView[] {
  const doc = source.doc;
  const jobs = asMap(get(source.root, "jobs", doc));
  const out: JobView[] = [];
  const seen = new Set<string>();
  for (const e of entries(jobs, doc)) {
    if (seen.has(e.key.toUpperCase())) continue;
    seen.add(e.key.toUpperCase());
    const map = asMap(e.value);
    out.push({ id: e.key, keyNode: e.keyNode, map, needs: needsOf(map, source), steps: stepsOf(map, source), matrix: get(asMap(get(map, "strategy", doc)), "matrix", doc) });
  }
  return out;
}

function needsOf(job: YAMLMap | null, source: WorkflowSource): { name: string; node: unknown }[] {
  const needs = get(job, "needs", source.doc);
  const seq = asSeq(needs);
  if (seq) return items(seq, source.doc).map((node) => ({ name: stringList(node, source.doc)[0] ?? "", node })).filter((n) => n.name !== "");
  return stringList(needs, source.doc).map((name) => ({ name, node: needs }));
}

function stepsOf(job: YAMLMap | null, source: WorkflowSource): StepView[] {
  const out: StepView[] = [];
  items(asSeq(get(job, "steps", source.doc)), source.doc).forEach((node, index) => {
    const map = asMap(node);
    if (map) out.push({ index, map });
  });
  return out;
}
