/**
 * from-missing: the Dockerfile's first instruction is no longer FROM (BuildKit: `no build stage in current
 * context`). Train deletes the first stage's FROM line; test moves it below the stage's first instruction, as
 * an edit that reordered lines would, which train never shows. Only a first stage whose first instruction is
 * not an ARG qualifies (an ARG may legally come before FROM).
 */
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf } from "./dockerfile-places.js";

export const fromMissing = defineInjector({
  kind: "from-missing",
  layer: "dockerfile",
  summary: "The first instruction is not FROM: BuildKit's `no build stage in current context`",
  inject(ctx) {
    const { rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) => {
      const first = view.parsed.stages[0];
      const next = first?.instructions[0];
      if (!first || !next || next.keyword === "ARG" || first.from.line !== first.from.endLine || view.parsed.globalArgs.length > 0) return [];
      return [{ view, from: first.from, next, image: first.image }];
    });
    for (const { view, from, next, image } of rng.shuffle(candidates)) {
      const lines = [...view.lines];
      const [fromLine] = lines.splice(from.line - 1, 1);
      // In test the FROM goes back in right after the instruction that now comes first.
      if (split === "test") lines.splice(next.endLine - 1, 0, fromLine!);
      const after = lines.join("\n");
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "from-missing",
        change,
        after,
        issue: {
          description:
            split === "test"
              ? `${view.file}: \`${fromLine!.trim()}\` comes after the stage's first instruction, so the build meets an instruction before any FROM.`
              : `${view.file}: the first stage's \`${fromLine!.trim()}\` is gone, so the first instruction comes before any FROM (${image} is what the stage was built on).`,
          hint: "Every build stage starts with FROM <image>, before any other instruction but ARG. What does this Dockerfile start with?",
          stage: "build",
          detection: [{ code: "DF001", file: view.file }],
        },
      });
    }
    return null;
  },
});
