/**
 * copy-source-typo: a COPY names a file the build context does not have, a letter off (docker build:
 * `failed to compute cache key: … "/requirments.txt": not found`). Train misspells by dropping or swapping a
 * letter; test by doubling one or changing its case, which train never shows.
 */
import { defineInjector } from "../injector.js";
import type { GenFile } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo } from "./dockerfile-places.js";

const COPY = /^(COPY|ADD)((?:\s+--[a-z-]+=\S+)*)\s+(\S+)\s+(\S+)\s*$/i;

/** A near miss of `name` that is not `name`. */
function misspell(name: string, rng: Rng, split: string): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 1 ? name.slice(0, dot) : name;
  const ext = dot > 1 ? name.slice(dot) : "";
  // Long names keep their first and last letters, as typos mostly do; short ones have no letter to spare.
  const i = stem.length >= 3 ? rng.between(1, stem.length - 2) : rng.between(0, stem.length - 1);
  let typo: string;
  if (split === "test") {
    typo = rng.chance(0.5) ? stem.slice(0, i) + stem[i] + stem.slice(i) : stem.slice(0, i) + stem[i]!.toUpperCase() + stem.slice(i + 1);
  } else if (stem.length >= 3) {
    typo = rng.chance(0.5) ? stem.slice(0, i) + stem.slice(i + 1) : stem.slice(0, i - 1) + stem[i] + stem[i - 1] + stem.slice(i + 1);
  } else {
    typo = stem.length === 2 && stem[0] !== stem[1] ? stem[1]! + stem[0]! : `${stem}_`;
  }
  return typo === stem ? `${stem}_${ext}` : typo + ext;
}

function dockerfiles(files: ReadonlyMap<string, GenFile>): string[] {
  return [...files.keys()].filter((p) => /(^|\/)Dockerfile$/.test(p)).sort();
}

export const copySourceTypo = defineInjector({
  kind: "copy-source-typo",
  layer: "dockerfile",
  summary: "A COPY source misspelt: BuildKit's `failed to compute cache key … not found`",
  inject(ctx) {
    const { files, rng, split } = ctx;
    const candidates = dockerfiles(files).flatMap((file) =>
      files.get(file)!.content.split("\n").flatMap((line, n) => {
        const m = COPY.exec(line);
        if (!m || /--from/i.test(m[2] ?? "") || /[*?[]/.test(m[3]!) || m[3] === "." || m[3]!.endsWith("/")) return [];
        const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
        if (!files.has(dir + m[3]!.replace(/^\.\//, ""))) return [];
        return [{ file, line, n, source: m[3]!, dir }];
      }),
    );
    if (candidates.length === 0) return null;
    const { file, line, n, source, dir } = rng.pick(candidates);
    const wrong = misspell(source, rng, split);
    const broken = line.replace(` ${source} `, ` ${wrong} `);
    if (broken === line || files.has(dir + wrong.replace(/^\.\//, ""))) return null;
    const lines = files.get(file)!.content.split("\n");
    lines[n] = broken;
    const content = lines.join("\n");
    // Whole lines, unique in the file and clear of other faults' texts, so the repair composes.
    const change = changeTo(ctx, file, content);
    if (!change) return null;
    return {
      kind: "copy-source-typo",
      layer: "dockerfile",
      changes: [{ file, content }],
      issue: {
        description: `${file}: \`${broken.trim()}\` names ${wrong}, which the build context does not have (${source} is there).`,
        hint: "Compare the file the failing COPY names with the files the build context actually holds.",
        stage: "build",
        detection: [{ code: "DF004", file }],
      },
      repair: [{ action_type: "edit_file", edits: [{ file_path: file, old_content: change.broken, new_content: change.original }] }],
      introduced: [{ file, text: change.broken }],
    };
  },
});
