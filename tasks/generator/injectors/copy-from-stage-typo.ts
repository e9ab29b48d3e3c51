/**
 * copy-from-stage-typo: `COPY --from=` names a build stage a letter off. BuildKit reads a name that is no
 * stage as an image and fails pulling it (`failed to resolve source metadata for docker.io/library/biuld:latest:
 * pull access denied`). Train drops a letter or swaps two; test doubles one or writes the stage's agent or
 * plural form (`builder` for `build`), which train never shows. The wrong name stays within two edits of a
 * stage's (how BuildKit users misspell them) and is never an image that exists.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

function wrongNames(name: string, rng: Rng, split: string): string[] {
  const i = rng.between(1, name.length - 1);
  if (split === "test") {
    const forms = name.endsWith("er") || name.endsWith("s") ? [] : [`${name}er`, `${name}s`];
    return [name.slice(0, i) + name[i] + name.slice(i), ...rng.shuffle(forms)];
  }
  const dropped = name.slice(0, i) + name.slice(i + 1);
  const swapped = i < name.length - 1 ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : dropped;
  return rng.chance(0.5) ? [dropped, swapped] : [swapped, dropped];
}

export const copyFromStageTypo = defineInjector({
  kind: "copy-from-stage-typo",
  layer: "dockerfile",
  summary: "COPY --from names a stage a letter off: BuildKit pulls it as an image (`pull access denied`)",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) => {
      const names = view.parsed.stages.map((s) => s.name).filter((n): n is string => n !== null);
      return view.parsed.instructions.flatMap((i) => {
        const from = i.flags.get("from");
        return (i.keyword === "COPY" || i.keyword === "ADD") && from && names.includes(from) && from.length >= 3 && i.line === i.endLine ? [{ view, i, from, names }] : [];
      });
    });
    for (const { view, i, from, names } of rng.shuffle(candidates)) {
      const written = view.lines[i.line - 1]!;
      for (const wrong of wrongNames(from, rng, split)) {
        if (wrong === from || names.includes(wrong) || lookupImage(wrong, world).status === "found") continue;
        const broken = written.replace(`--from=${from}`, `--from=${wrong}`);
        const after = withLines(view.content, i.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "copy-from-stage-typo",
          change,
          after,
          issue: {
            description: `${view.file}: \`${broken.trim()}\` names ${wrong}, which is no stage of this Dockerfile (${from} is), so BuildKit tries to pull an image of that name.`,
            hint: "The build fails pulling an image nobody asked for. Which stage is this COPY meant to take its files from, and what is that stage called?",
            stage: "build",
            detection: [{ code: "DF006", file: view.file }],
          },
        });
      }
    }
    return null;
  },
});
