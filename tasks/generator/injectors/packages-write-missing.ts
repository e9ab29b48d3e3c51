/**
 * packages-write-missing: a `permissions:` block no longer grants `packages: write`, and every scope a block
 * does not list is none, so GITHUB_TOKEN cannot push to ghcr.io: `denied: permission_denied: write_package`,
 * `denied: installation not allowed to Create organization package` (GHA105; real-errors.md §D/§I,
 * missing_token_permissions, missing_packages_write).
 *
 * Split rule: train drops the `packages: write` line; test lowers it to `packages: read`, which still fails.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine, spliceLines } from "./workflow-text/lines.js";
import { childEntries, keyOf, topEntry, workflowMaps } from "./workflow-text/model.js";
import type { Entry, WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const TOKEN = /(secrets\.GITHUB_TOKEN|github\.token)/;

/**
 * The `packages: write` entries of a workflow's permission blocks that the token's push relies on: the
 * workflow's block when no job sets its own (a job's block replaces it), and the block of a job that logs in
 * with the token.
 */
function grants(map: WorkflowMap): { block: Entry; entry: Entry }[] {
  const own = map.jobs.flatMap((job) => {
    const block = keyOf(job, "permissions");
    return block && TOKEN.test(map.lines.slice(job.line, job.end).join("\n")) ? [block] : [];
  });
  const top = topEntry(map, "permissions");
  const overridden = map.jobs.some((job) => keyOf(job, "permissions"));
  const blocks = [...(top && !overridden ? [top] : []), ...own].filter((b) => b.value === "");
  return blocks.flatMap((block) => {
    const entries = childEntries(map, block);
    const entry = entries.find((e) => e.key === "packages" && e.value === "write");
    return entry && entries.length > 1 ? [{ block, entry }] : [];
  });
}

export const packagesWriteMissing = defineInjector({
  kind: "packages-write-missing",
  layer: "workflow",
  summary: "A permissions block without `packages: write`: the ghcr.io push is `denied: permission_denied: write_package` (GHA105)",
  inject(ctx) {
    const places = workflowMaps(ctx.files)
      .filter((map) => /ghcr\.io/.test(map.content) && TOKEN.test(map.content))
      .flatMap((map) => grants(map).map((g) => ({ map, ...g })));
    return firstFitting(ctx.rng, places, ({ map, entry }) => {
      const test = ctx.split === "test";
      const content = test ? replaceLine(map, entry.line, map.lines[entry.line]!.replace("write", "read")) : spliceLines(map, entry.line, entry.line + 1, []);
      return workflowInjection(ctx, {
        kind: "packages-write-missing",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: the permissions block ${test ? "grants only packages: read" : "does not list packages"}, so GITHUB_TOKEN may not write packages and the push to ghcr.io is denied.`,
          hint: "A permissions block sets every scope it does not grant to none (or to what it says). Which scope does a push to ghcr.io with GITHUB_TOKEN need?",
          stage: "push",
          detection: [{ code: "GHA105", file: map.file }],
        },
      });
    });
  },
});
