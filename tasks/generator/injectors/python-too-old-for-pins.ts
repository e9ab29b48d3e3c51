/**
 * python-too-old-for-pins: a stage's base moves to an older Python whose pip cannot install the pinned
 * requirements (`ERROR: Ignored the following versions that require a different python version: 0.115.6
 * Requires-Python >=3.8` … `No matching distribution found for fastapi==0.115.6`); the RUN exits 1. The new tag
 * is one the registry publishes, and at least one pin is checked against PyPI's Requires-Python to need a
 * newer interpreter. Train moves to Python 3.7; test to 3.6 or 2.7, which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { installability } from "../../../simulators/images/pypi.js";
import { defineInjector } from "../injector.js";
import { changeTo, pinsOf, pipInstalls, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const OLD_PYTHONS = { train: ["3.7"], test: ["3.6", "2.7"] };

export const pythonTooOldForPins = defineInjector({
  kind: "python-too-old-for-pins",
  layer: "dockerfile",
  summary: "A Python base too old for the pinned requirements: pip's `No matching distribution found`",
  fits: (base) => base.stack.build.includes("pip"),
  inject(ctx) {
    const { rng, world, files } = ctx;
    const olds = OLD_PYTHONS[ctx.split === "test" ? "test" : "train"];
    const candidates = viewsOf(files).flatMap((view) =>
      pipInstalls(view, files).flatMap(({ stage, file }) => {
        const lookup = lookupImage(stage.image, world);
        const version = lookup.status === "found" ? /^(\d+\.\d+)(?:\.\d+)?(-.*)?$/.exec(lookup.ref.tag ?? "") : null;
        if (lookup.status !== "found" || lookup.ref.repository !== "library/python" || !version || stage.from.line !== stage.from.endLine) return [];
        return [{ view, stage, file, tag: lookup.ref.tag!, variant: version[2] ?? "" }];
      }),
    );
    for (const { view, stage, file, tag, variant } of rng.shuffle(candidates)) {
      const written = view.lines[stage.from.line - 1]!;
      for (const old of rng.shuffle(olds)) {
        const image = stage.image.replace(`:${tag}`, `:${old}${variant}`);
        const lookup = lookupImage(image, world);
        const python = lookup.status === "found" ? lookup.config.env?.["PYTHON_VERSION"] : undefined;
        if (!python || !written.includes(stage.image)) continue;
        const refused = pinsOf(files.get(file)!.content).find((p) => installability(p.name, p.version, python).kind === "needs-newer-python");
        if (!refused) continue;
        const broken = written.replace(stage.image, image);
        const after = withLines(view.content, stage.from.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "python-too-old-for-pins",
          change,
          after,
          issue: {
            description: `${view.file}: ${image} has Python ${python}, on which pip finds no ${refused.name}==${refused.version} (that release needs a newer Python); ${stage.image} was the base.`,
            hint: "pip says it cannot find a release the requirements pin, though that release exists. Which Python does the image run, and which Python do the pinned releases need?",
            stage: "build",
            detection: [{ code: "DF009", file: view.file }],
          },
        });
      }
    }
    return null;
  },
});
