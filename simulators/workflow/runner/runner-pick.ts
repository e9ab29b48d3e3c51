/**
 * Which runner picks up a job: its `runs-on` labels resolved for the leg (a matrix value, an input), then
 * matched against GitHub's hosted runners. A job no runner picks up waits in the queue until GitHub fails it
 * (rules/runner-label-unknown.ts).
 */
import type { WorkflowSource } from "../source.js";
import { interpolate } from "./evaluate.js";
import type { Scope } from "./evaluate.js";
import { chooseRunner, runsOnLabels } from "./hosted-runners.js";
import type { RunnerChoice } from "./hosted-runners.js";

/** The runner for a job's `runs-on` node; expressions are resolved in `scope` (a leg's matrix values). */
export function pickRunner(runsOn: unknown, source: WorkflowSource, scope: Scope): { choice: RunnerChoice; labels: string[] | null } {
  const labels = runsOnLabels(runsOn, source.doc);
  if (labels === null) return { choice: { kind: "custom" }, labels: null };
  const resolved: string[] = [];
  for (const label of labels) {
    const value = label.includes("${{") ? interpolate(label, scope) : { text: label, origin: { kind: "literal" as const } };
    // A value we cannot know (an output, a variable) may name any runner: not ours to judge.
    if (value.origin.kind === "opaque" || value.text.trim() === "") return { choice: { kind: "custom" }, labels: null };
    resolved.push(...value.text.split(",").map((l) => l.trim()).filter((l) => l !== ""));
  }
  return { choice: chooseRunner(resolved), labels: resolved };
}
