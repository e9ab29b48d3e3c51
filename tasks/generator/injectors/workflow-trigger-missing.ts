/**
 * workflow-trigger-missing: the workflow has no trigger, so GitHub has no event to run it for and lists the
 * file as a failed run: ``No event triggers defined in `on` `` (GHA002; real-errors.md §C, missing_on_trigger).
 *
 * Split rule: train removes the whole `on:` block; test keeps the `on:` key with nothing under it, which GitHub
 * refuses the same way.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, spliceLines, withTrailingBlank } from "./workflow-text/lines.js";
import { topEntry, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

export const workflowTriggerMissing = defineInjector({
  kind: "workflow-trigger-missing",
  layer: "workflow",
  summary: "A workflow without `on:` events: GitHub's ``No event triggers defined in `on` `` (GHA002)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) => {
      const on = topEntry(map, "on");
      return on ? [{ map, on }] : [];
    });
    return firstFitting(ctx.rng, places, ({ map, on }) => {
      const test = ctx.split === "test";
      const [from, to] = withTrailingBlank(map, on.line, on.end);
      const content = test ? spliceLines(map, on.line, on.end, ["on:"]) : spliceLines(map, from, to, []);
      return workflowInjection(ctx, {
        kind: "workflow-trigger-missing",
        changed: [{ file: map.file, content }],
        issue: {
          description: test
            ? `${map.file}: \`on:\` names no event, so GitHub has nothing to run the workflow for and refuses it.`
            : `${map.file}: the workflow has no \`on:\`, so GitHub has no event to run it for and refuses it.`,
          hint: "A workflow runs only for the events its on: key names. When should this one run? The repository's other workflows and README say how it is used.",
          stage: "parse",
          detection: [{ code: "GHA002", file: map.file }],
        },
      });
    });
  },
});
