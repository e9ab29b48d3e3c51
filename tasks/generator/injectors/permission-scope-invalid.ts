/**
 * permission-scope-invalid: a `permissions:` entry names a scope or a level GitHub does not have (`package:
 * write`, `contents: reads`), so it refuses the file: `Unexpected value 'package'` (GHA014).
 *
 * Split rule: train misspells the scope (the singular: `package`, `content`, `id-token` stays out); test
 * misspells the level (`writes`, `reads`, `write-all` under a scope).
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine } from "./workflow-text/lines.js";
import { childEntries, keyOf, topEntry, workflowMaps } from "./workflow-text/model.js";
import type { Entry } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const LEVEL_SLIPS: Record<string, string[]> = { write: ["writes", "write-all"], read: ["reads", "read-only"] };

export const permissionScopeInvalid = defineInjector({
  kind: "permission-scope-invalid",
  layer: "workflow",
  summary: "A permissions entry with a scope or level GitHub does not have (`package: write`): `Unexpected value` (GHA014)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) =>
      [topEntry(map, "permissions"), ...map.jobs.map((j) => keyOf(j, "permissions"))]
        .filter((b): b is Entry => b !== undefined && b.value === "")
        .flatMap((block) => childEntries(map, block).filter((e) => /^(packages|contents)$/.test(e.key) && /^(read|write)$/.test(e.value)).map((entry) => ({ map, entry }))),
    );
    return firstFitting(ctx.rng, places, ({ map, entry }) => {
      const test = ctx.split === "test";
      const wrong = test ? ctx.rng.pick(LEVEL_SLIPS[entry.value]!) : entry.key.replace(/s$/, "");
      const line = map.lines[entry.line]!;
      const text = test ? line.replace(`: ${entry.value}`, `: ${wrong}`) : line.replace(`${entry.key}:`, `${wrong}:`);
      const content = replaceLine(map, entry.line, text);
      return workflowInjection(ctx, {
        kind: "permission-scope-invalid",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: the permissions entry \`${text.trim()}\` ${test ? "gives a level" : "names a scope"} GitHub does not have, so it refuses the file.`,
          hint: "GitHub's permissions take a fixed list of scopes, each read, write or none; check the entry the error points at against that list.",
          stage: "parse",
          detection: [{ code: "GHA014", file: map.file }],
        },
      });
    });
  },
});
