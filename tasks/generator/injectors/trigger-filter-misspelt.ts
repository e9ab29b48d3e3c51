/**
 * trigger-filter-misspelt: an event's filter key is misspelt (`branch:` for `branches:`), which GitHub's
 * schema does not know: `Unexpected value 'branch'` (GHA004; real-errors.md §C, invalid_trigger_syntax (a)).
 *
 * Split rule: train writes the singular (`branch`, `tag`, `path`, `branch-ignore`); test swaps two
 * neighbouring letters of the key (`brnaches`, `tgas`), which train never shows.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine, swapLetters } from "./workflow-text/lines.js";
import { childEntries, topEntry, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const FILTERS = new Set(["branches", "tags", "paths", "branches-ignore", "tags-ignore", "paths-ignore"]);

function singular(key: string): string {
  return key.replace(/^(branch)es|^(tag|path)s/, "$1$2");
}

export const triggerFilterMisspelt = defineInjector({
  kind: "trigger-filter-misspelt",
  layer: "workflow",
  summary: "An event filter key misspelt (`branch:`): GitHub's `Unexpected value 'branch'` (GHA004)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) => {
      const on = topEntry(map, "on");
      if (!on) return [];
      return childEntries(map, on).flatMap((event) => childEntries(map, event).filter((f) => FILTERS.has(f.key)).map((filter) => ({ map, event, filter })));
    });
    return firstFitting(ctx.rng, places, ({ map, event, filter }) => {
      const wrong = ctx.split === "test" ? swapLetters(filter.key, ctx.rng) : singular(filter.key);
      if (wrong === null || wrong === filter.key || FILTERS.has(wrong)) return null;
      const line = map.lines[filter.line]!;
      const content = replaceLine(map, filter.line, line.replace(`${filter.key}:`, `${wrong}:`));
      return workflowInjection(ctx, {
        kind: "trigger-filter-misspelt",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: the ${event.key} event's filter is written \`${wrong}:\`; GitHub knows only branches, branches-ignore, tags, tags-ignore, paths and paths-ignore there, so it refuses the file.`,
          hint: "GitHub's events take a fixed set of filter keys; compare the spelling of the one the error points at with the documented ones.",
          stage: "parse",
          detection: [{ code: "GHA004", file: map.file }],
        },
      });
    });
  },
});
