/**
 * continuation-lost: a line of a multi-line RUN or ENV loses its trailing backslash, so BuildKit reads the
 * next line as an instruction of its own (`dockerfile parse error on line 5: unknown instruction: &&`). Only
 * continuations whose next line does not start with a Dockerfile keyword are chosen (those would parse).
 * Train deletes the backslash; test types a slash in its place (`apt-get update /`), which train never shows:
 * in an ENV the stray slash is also a word without `=`, which BuildKit rejects on its own line (DF007).
 */
import { KNOWN_INSTRUCTIONS } from "../../../simulators/docker/parse.js";
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const CONTINUED = /\s*\\\s*$/;

export const continuationLost = defineInjector({
  kind: "continuation-lost",
  layer: "dockerfile",
  summary: "A multi-line instruction loses a trailing backslash: `dockerfile parse error … unknown instruction`",
  inject(ctx) {
    const { rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.instructions.flatMap((instruction) => {
        if (!["RUN", "ENV"].includes(instruction.keyword) || instruction.heredocs.length > 0) return [];
        const places = [];
        for (let line = instruction.line; line < instruction.endLine; line++) {
          const text = view.lines[line - 1]!;
          const next = view.lines[line]!.trim();
          const word = next.split(/\s+/)[0]!;
          if (!CONTINUED.test(text) || next === "" || next.startsWith("#") || KNOWN_INSTRUCTIONS.has(word.toUpperCase())) continue;
          places.push({ view, line, keyword: instruction.keyword, next: word });
        }
        return places;
      }),
    );
    for (const { view, line, keyword, next } of rng.shuffle(candidates)) {
      const text = view.lines[line - 1]!;
      const broken = split === "test" ? text.replace(/\\(\s*)$/, "/$1") : text.replace(CONTINUED, "");
      const after = withLines(view.content, line, [broken]);
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      const strayWord = split === "test" && keyword === "ENV";
      return restoringInjection({
        kind: "continuation-lost",
        change,
        after,
        issue: {
          description: `${view.file}: \`${broken.trim()}\` no longer ends with a backslash, so the line after it starts a new instruction named ${next}.`,
          hint: "The parser stops on a line that is not an instruction. A continued instruction needs a backslash at the end of every line but its last.",
          stage: "build",
          detection: [...(strayWord ? [{ code: "DF007" as const, file: view.file }] : []), { code: "DF002", file: view.file }],
        },
      });
    }
    return null;
  },
});
