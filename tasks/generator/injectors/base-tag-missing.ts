/**
 * base-tag-missing: a FROM names a tag its registry does not publish (BuildKit: `failed to resolve source
 * metadata for docker.io/library/python:3.12-slimm: not found`). Only images whose tags the catalogue knows
 * are changed, and the wrong tag is checked to be absent. Train misspells a variant word (`slimm`, `alpne`)
 * or adds a variant the image does not publish (`alpine:3.20-slim`); test names a version that was never
 * released (a minor ten past the real one, or its digits transposed), which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

/** A variant word with a letter dropped or doubled. */
function misspellWord(word: string, rng: Rng): string {
  const i = rng.between(1, word.length - 1);
  return rng.chance(0.5) ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i - 1] + word.slice(i);
}

/** Tags that look like `tag` but name another version or variant, most likely first. */
function wrongTags(tag: string, rng: Rng, split: string): string[] {
  const parts = tag.split("-");
  if (split === "test") {
    const version = /^(\d+(?:\.\d+)*)$/.exec(parts[0]!);
    if (!version) return [];
    const numbers = version[1]!.split(".");
    const last = numbers[numbers.length - 1]!;
    const later = [...numbers.slice(0, -1), String(Number(last) + 10)].join(".");
    const transposed = last.length === 2 && last[0] !== last[1] && last[1] !== "0" ? [...numbers.slice(0, -1), last[1]! + last[0]!].join(".") : null;
    const versions = rng.shuffle([later, ...(transposed ? [transposed] : [])]);
    return versions.map((v) => [v, ...parts.slice(1)].join("-"));
  }
  const words = parts.map((w, i) => ({ w, i })).filter(({ w, i }) => i > 0 && /^[a-z]{3,}$/.test(w));
  if (words.length > 0) {
    const { w, i } = rng.pick(words);
    return [[...parts.slice(0, i), misspellWord(w, rng), ...parts.slice(i + 1)].join("-")];
  }
  return [`${tag}-slim`, `${tag}-alpine`];
}

export const baseTagMissing = defineInjector({
  kind: "base-tag-missing",
  layer: "dockerfile",
  summary: "A FROM tag the registry does not publish: BuildKit's `failed to resolve source metadata … not found`",
  inject(ctx) {
    const { world, rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) => {
        const from = stage.from;
        const lookup = lookupImage(stage.image, world);
        if (from.line !== from.endLine || stage.image.includes("$") || lookup.status !== "found" || lookup.ref.tag === null) return [];
        return [{ view, line: from.line, image: stage.image, tag: lookup.ref.tag }];
      }),
    );
    for (const { view, line, image, tag } of rng.shuffle(candidates)) {
      const written = view.lines[line - 1]!;
      const name = image.slice(0, image.length - tag.length - 1);
      for (const wrong of wrongTags(tag, rng, split)) {
        if (lookupImage(`${name}:${wrong}`, world).status !== "tag_not_found" || !written.includes(image)) continue;
        const broken = written.replace(image, `${name}:${wrong}`);
        const after = withLines(view.content, line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "base-tag-missing",
          change,
          after,
          issue: {
            description: `${view.file}: FROM ${name}:${wrong} names a tag the registry does not publish (${image} is the image the build was written for).`,
            hint: "The build cannot even fetch its base image. Read the tag in FROM against the tags that image really publishes.",
            stage: "build",
            detection: [{ code: "DF003", file: view.file }],
          },
        });
      }
    }
    return null;
  },
});
