/**
 * What a step changed in the repository, as unified diffs made by the `diff` package and shown line by line
 * (added, removed, context), with the file modes when an execute bit changed. Text only, so screen readers
 * read the `+`/`-` marks as they are.
 */
import { structuredPatch } from "diff";
import { h } from "./dom.js";

interface Files {
  files: Record<string, string>;
  file_modes: Record<string, string>;
}

/** One block per changed file, or a note that the step changed no file. */
export function renderFilesDiff(before: Files, after: Files): HTMLElement {
  const paths = [...new Set([...Object.keys(before.files), ...Object.keys(after.files)])].sort();
  const blocks: HTMLElement[] = [];
  for (const path of paths) {
    const old = before.files[path];
    const now = after.files[path];
    const modeChange = old !== undefined && now !== undefined && before.file_modes[path] !== after.file_modes[path];
    if (old === now && !modeChange) continue;
    const status = old === undefined ? "created" : now === undefined ? "deleted" : old === now ? "mode changed" : "modified";
    const patch = structuredPatch(old === undefined ? "/dev/null" : `a/${path}`, now === undefined ? "/dev/null" : `b/${path}`, old ?? "", now ?? "", undefined, undefined, { context: 3 });
    const lines: HTMLElement[] = [];
    if (modeChange) lines.push(h("span", { class: "diff-meta" }, `old mode ${before.file_modes[path]}\nnew mode ${after.file_modes[path]}\n`));
    for (const hunk of patch.hunks) {
      lines.push(h("span", { class: "diff-hunk" }, `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@\n`));
      for (const line of hunk.lines) {
        const kind = line.startsWith("+") ? "diff-add" : line.startsWith("-") ? "diff-del" : "diff-ctx";
        lines.push(h("span", { class: kind }, `${line}\n`));
      }
    }
    blocks.push(
      h(
        "figure",
        { class: "diff-file" },
        h("figcaption", {}, h("code", {}, path), ` ${status}`),
        h("pre", { class: "diff", tabindex: 0, "aria-label": `Changes to ${path}` }, ...lines),
      ),
    );
  }
  return blocks.length === 0 ? h("p", { class: "muted" }, "This step changed no file.") : h("div", { class: "diff-files" }, ...blocks);
}
