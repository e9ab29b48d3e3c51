/**
 * A workflow file's shape with line numbers: its jobs and their steps, where each starts and ends, how far
 * each is indented, and the env names each level maps. Rules use it to insert lines where a person would.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from "yaml";

export interface StepOutline {
  job: string;
  /** Line of the step's first key (the `- ` line) and its last line, 1-based. */
  line: number;
  endLine: number;
  /** Column (0-based) of the step's keys. */
  indent: number;
  name?: string;
  run?: string;
  uses?: string;
  /** Names the step's own `env:` maps, and the line of `env:` when it has one. */
  env: string[];
  envLine?: number;
  with: Record<string, string>;
}

export interface JobOutline {
  id: string;
  /** Line of `id:` and of the job's last line. */
  line: number;
  endLine: number;
  /** Column (0-based) of the job's keys. */
  indent: number;
  keys: Record<string, number>;
  env: string[];
  needs: string[];
  steps: StepOutline[];
  /** Line of `steps:`. */
  stepsLine?: number;
}

export interface WorkflowOutline {
  jobs: JobOutline[];
  /** Top-level keys and their lines. */
  keys: Record<string, number>;
  env: string[];
}

/** The outline of a workflow, or null when it does not parse as a mapping. */
export function outlineWorkflow(text: string): WorkflowOutline | null {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const root = doc.contents;
  if (!isMap(root)) return null;
  const lineAt = (offset: number): number => counter.linePos(offset).line;
  const colAt = (offset: number): number => counter.linePos(offset).col - 1;
  const lastLine = (node: Node): number => {
    let end = node.range?.[1] ?? 0;
    while (end > 0 && /\s/.test(text[end - 1] ?? "")) end--;
    return lineAt(Math.max(0, end - 1));
  };
  const keysOf = (map: YAMLMap): Record<string, number> => {
    const keys: Record<string, number> = {};
    for (const pair of map.items) if (isScalar(pair.key)) keys[String(pair.key.value)] = lineAt(pair.key.range?.[0] ?? 0);
    return keys;
  };
  const envOf = (map: YAMLMap): string[] => {
    const env = map.get("env", true);
    return isMap(env) ? env.items.map((p) => (isScalar(p.key) ? String(p.key.value) : "")).filter(Boolean) : [];
  };

  const jobs: JobOutline[] = [];
  const jobsNode = root.get("jobs", true);
  if (isMap(jobsNode)) {
    for (const pair of jobsNode.items) {
      if (!isScalar(pair.key) || !isMap(pair.value)) continue;
      const job = pair.value;
      const id = String(pair.key.value);
      const needs = job.get("needs", true);
      const steps: StepOutline[] = [];
      const stepsNode = job.get("steps", true);
      if (isSeq(stepsNode)) {
        for (const item of stepsNode.items) {
          if (!isMap(item)) continue;
          const str = (key: string): string | undefined => {
            const v = item.get(key, true);
            return isScalar(v) ? String(v.value) : undefined;
          };
          const withNode = item.get("with", true);
          const withValues: Record<string, string> = {};
          if (isMap(withNode)) for (const p of withNode.items) if (isScalar(p.key) && isScalar(p.value)) withValues[String(p.key.value)] = String(p.value.value);
          const envNode = item.get("env", true);
          const start = item.range?.[0] ?? 0;
          const step: StepOutline = { job: id, line: lineAt(start), endLine: lastLine(item), indent: colAt(start), env: envOf(item), with: withValues };
          const name = str("name");
          const run = str("run");
          const uses = str("uses");
          if (name !== undefined) step.name = name;
          if (run !== undefined) step.run = run;
          if (uses !== undefined) step.uses = uses;
          if (isMap(envNode)) step.envLine = lineAt(envNode.range?.[0] ?? 0) - 1;
          steps.push(step);
        }
      }
      const keys = keysOf(job);
      const outline: JobOutline = {
        id,
        line: lineAt(pair.key.range?.[0] ?? 0),
        endLine: lastLine(job),
        indent: colAt(job.range?.[0] ?? 0),
        keys,
        env: envOf(job),
        needs: needsOf(needs),
        steps,
      };
      if (keys["steps"] !== undefined) outline.stepsLine = keys["steps"];
      jobs.push(outline);
    }
  }
  return { jobs, keys: keysOf(root), env: envOf(root) };
}

/** The step a runner log is about: `Run <first line of the script>` or `Run owner/action@ref`. */
export function failingStep(outline: WorkflowOutline, log: string): StepOutline | null {
  const head = /^Run (.+)$/m.exec(log)?.[1]?.trim();
  if (head === undefined) return null;
  const steps = outline.jobs.flatMap((j) => j.steps);
  return (
    steps.find((s) => s.run !== undefined && s.run.split("\n")[0]?.trim() === head) ??
    steps.find((s) => s.uses === head) ??
    steps.find((s) => s.run?.includes(head) === true) ??
    null
  );
}

/** `needs: a` or `needs: [a, b]` as a list. */
function needsOf(node: unknown): string[] {
  if (isScalar(node)) return [String(node.value)];
  if (isSeq(node)) return node.items.map((n) => (isScalar(n) ? String(n.value) : ""));
  return [];
}
