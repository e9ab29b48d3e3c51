/**
 * Reads what a workflow file declares into facts (declared-events.ts): its triggers and their filters as
 * written, its jobs with their matrix legs, its steps with the commands their scripts run.
 */
import { isMap, isScalar, isSeq } from "yaml";
import type { UnitRun } from "../engine/engine.js";
import type { DeclaredTrigger } from "./declared-events.js";
import type { WorkflowEvent, WorkflowUnit } from "./events.js";
import { jobsOf } from "./model.js";
import { runsOnLabels } from "./runner/hosted-runners.js";
import { matrixCombinations } from "./runner/matrix.js";
import { scriptCommands } from "./script-commands.js";
import { asMap, entries, get, items, scalarText } from "./source.js";
import type { WorkflowSource } from "./source.js";

/** A filter's value as strings: a scalar's text, a sequence's items (a schedule's crons), a mapping's keys. */
function filterValues(node: unknown, doc: WorkflowSource["doc"]): string[] {
  if (isMap(node)) return entries(node, doc).map((e) => e.key);
  if (isSeq(node)) return items(node, doc).flatMap((item) => (isMap(item) ? entries(item, doc).map((e) => scalarText(e.value) || e.key) : [scalarText(item)]));
  return isScalar(node) && node.value !== null ? [scalarText(node)] : [];
}

export function declaredTriggers(source: WorkflowSource): DeclaredTrigger[] {
  const { doc } = source;
  const on = get(source.root, "on", doc);
  if (isScalar(on)) return scalarText(on) === "" ? [] : [{ event: scalarText(on), filters: {} }];
  if (isSeq(on)) return items(on, doc).map((item) => ({ event: scalarText(item), filters: {} })).filter((t) => t.event !== "");
  return entries(asMap(on), doc).map((e) => {
    if (e.key === "schedule") return { event: e.key, filters: { cron: filterValues(e.value, doc) } };
    return { event: e.key, filters: Object.fromEntries(entries(asMap(e.value), doc).map((f) => [f.key, filterValues(f.value, doc)])) };
  });
}

function textOrNull(node: unknown): string | null {
  const text = scalarText(node);
  return text === "" ? null : text;
}

function written(node: unknown, doc: WorkflowSource["doc"]): Record<string, string> {
  return Object.fromEntries(entries(asMap(node), doc).filter((e) => isScalar(e.value)).map((e) => [e.key, scalarText(e.value)]));
}

/** How the job's `permissions:` (else the workflow's) limits GITHUB_TOKEN, as written. */
function tokenLimit(job: unknown, source: WorkflowSource): "limited" | "write-all" | "default" {
  const block = get(asMap(job), "permissions", source.doc) ?? get(source.root, "permissions", source.doc);
  if (block === undefined || block === null || (isScalar(block) && block.value === null)) return "default";
  if (!isScalar(block)) return "limited";
  const text = scalarText(block);
  return text === "write-all" || text.includes("${{") ? "write-all" : "limited";
}

/** Emits the declaration facts of a file whose YAML could be read. */
export function declareWorkflow(unit: UnitRun<WorkflowEvent, WorkflowUnit>, source: WorkflowSource): void {
  const { doc, file } = source;
  unit.emit({ type: "workflow-triggers", file, triggers: declaredTriggers(source), env: written(get(source.root, "env", doc), doc) });
  for (const job of jobsOf(source)) {
    const uses = get(job.map, "uses", doc);
    unit.emit({
      type: "workflow-job",
      file,
      job: job.id,
      if: textOrNull(get(job.map, "if", doc)),
      needs: job.needs.map((n) => n.name),
      runsSteps: job.map !== null && uses === undefined && job.steps.length > 0,
      uses: textOrNull(uses),
      runsOn: runsOnLabels(get(job.map, "runs-on", doc), doc),
      legs: matrixCombinations(job.matrix, doc),
      env: written(get(job.map, "env", doc), doc),
      with: written(get(job.map, "with", doc), doc),
      token: tokenLimit(job.map, source),
    });
    for (const step of job.steps) {
      // The first of a key written twice, as `get` reads it (GitHub refuses such a file, but it still declares).
      const keys = new Map<string, unknown>();
      for (const e of entries(step.map, doc)) if (!keys.has(e.key)) keys.set(e.key, e.value);
      const action = scalarText(keys.get("uses"));
      const at = action.indexOf("@");
      const run = keys.get("run");
      unit.emit({
        type: "workflow-step",
        file,
        job: job.id,
        index: step.index,
        name: textOrNull(keys.get("name")),
        id: textOrNull(keys.get("id")),
        uses: action === "" ? null : { action: at < 0 ? action : action.slice(0, at), ref: at < 0 ? null : action.slice(at + 1) },
        run: run !== undefined,
        shell: textOrNull(keys.get("shell")),
        if: textOrNull(keys.get("if")),
        continueOnError: textOrNull(keys.get("continue-on-error")),
        commands: run === undefined ? [] : scriptCommands(scalarText(run)),
        with: Object.fromEntries(entries(asMap(keys.get("with")), doc).map((e) => [e.key, scalarText(e.value)])),
        env: written(keys.get("env"), doc),
      });
    }
  }
}
