/**
 * step-without-action: a step has neither `uses` nor `run`, so GitHub cannot tell what it is: `There's not
 * enough info to determine what you meant` or, with inputs left, `Required property is missing: uses` (GHA007;
 * real-errors.md §C, missing_step_uses_or_run). The step's name or inputs still say which action it ran.
 *
 * Split rule: train drops the `uses:` line of a step that keeps a name or inputs; test misspells the key
 * (`use:`, `using:`), which GitHub also reports as `Unexpected value` (GHA005).
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine, spliceLines } from "./workflow-text/lines.js";
import { actionOf, keyOf, stepLabel, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

export const stepWithoutAction = defineInjector({
  kind: "step-without-action",
  layer: "workflow",
  summary: "A step with neither uses nor run: GitHub's `There's not enough info to determine what you meant` (GHA007)",
  inject(ctx) {
    const test = ctx.split === "test";
    const places = workflowMaps(ctx.files).flatMap((map) =>
      map.jobs.flatMap((job) =>
        job.steps.flatMap((step) => {
          const uses = keyOf(step, "uses");
          // Without its build step the workflow no longer reads as the delivery: the build itself is never the place.
          if (!uses || keyOf(step, "run") || actionOf(step) === "docker/build-push-action") return [];
          // What is left after the uses line goes must still be a step that says what it was.
          if (!test && !step.keys.some((k) => k !== uses && (k.key === "name" || k.key === "with"))) return [];
          return [{ map, job, step, uses }];
        }),
      ),
    );
    return firstFitting(ctx.rng, places, ({ map, job, step, uses }) => {
      const line = map.lines[uses.line]!;
      const key = ctx.rng.pick(["use", "using"]);
      let content: string;
      if (test) content = replaceLine(map, uses.line, line.replace("uses:", `${key}:`));
      else if (uses.line === step.start) {
        // The dash moves to the step's next key.
        const next = step.keys.find((k) => k.line > uses.line);
        if (!next || next.line !== uses.line + 1) return null;
        const dash = line.slice(0, line.indexOf("-") + 2);
        content = spliceLines(map, uses.line, next.line + 1, [dash + map.lines[next.line]!.trimStart()]);
      } else content = spliceLines(map, uses.line, uses.line + 1, []);
      const named = keyOf(step, "name") ? ` ('${stepLabel(map, step)}')` : "";
      const what = test ? `spells its uses: key \`${key}:\`` : "has lost its uses: line";
      return workflowInjection(ctx, {
        kind: "step-without-action",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: in job '${job.key}', the step that ran ${uses.value}${named} ${what}, so it has neither uses nor run and GitHub refuses the file.`,
          hint: "A step either runs an action (uses) or a script (run); what is left of the step the error points at says which one it was meant to run.",
          stage: "parse",
          detection: test ? [{ code: "GHA007", file: map.file }, { code: "GHA005", file: map.file }] : [{ code: "GHA007", file: map.file }],
        },
      });
    });
  },
});
