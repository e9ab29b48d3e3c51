/**
 * Which runner picks up a job: its `runs-on` labels resolved for the leg (a matrix value, an input), then
 * judged against GitHub's hosted runners. A job no runner picks up waits in the queue ("Waiting for a runner
 * to pick up this job...") until GitHub fails the run when the 24-hour queue limit passes.
 */
import { runnerLabelUnknown } from "../rules/runner-label-unknown.js";
import { nodePosition } from "../source.js";
import type { WorkflowSource } from "../source.js";
import { interpolate } from "./evaluate.js";
import type { Scope } from "./evaluate.js";
import { chooseRunner, runsOnLabels } from "./hosted-runners.js";
import type { RunnerChoice } from "./hosted-runners.js";
import type { RunFailure } from "./run-workflow.js";

/** The runner for a job's `runs-on` node; expressions are resolved in `scope` (a leg's matrix values). */
export function pickRunner(runsOn: unknown, source: WorkflowSource, scope: Scope): RunnerChoice {
  const labels = runsOnLabels(runsOn, source.doc);
  if (labels === null) return { kind: "custom" };
  const resolved: string[] = [];
  for (const label of labels) {
    const value = label.includes("${{") ? interpolate(label, scope) : { text: label, origin: { kind: "literal" as const } };
    // A value we cannot know (an output, a variable) may name any runner: not ours to judge.
    if (value.origin.kind === "opaque" || value.text.trim() === "") return { kind: "custom" };
    resolved.push(...value.text.split(",").map((l) => l.trim()).filter((l) => l !== ""));
  }
  return chooseRunner(resolved);
}

/** The failure of a job that no runner picks up, on its `runs-on` line. */
export function unpickedJob(labels: string[], runsOn: unknown, source: WorkflowSource, github: Record<string, string>, leg: string, switchedOff: boolean): RunFailure {
  const message = "This request was automatically failed because there were no enabled runners online to process the request for more than 1 days.";
  const log = [
    `Requested labels: ${labels.join(", ")}`,
    `Job defined at: ${github.repository}/${source.file}@${github.ref}`,
    "Waiting for a runner to pick up this job...",
    message,
  ];
  return {
    rule: runnerLabelUnknown,
    severity: switchedOff ? "warning" : "error",
    position: nodePosition(source.lines, runsOn),
    message,
    log: log.join("\n"),
    job: leg,
    step: -1,
  };
}
