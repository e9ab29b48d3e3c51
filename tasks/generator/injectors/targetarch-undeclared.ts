/**
 * targetarch-undeclared: a Go build names its binary per target architecture, but the stage that copies it
 * does not declare `ARG TARGETARCH`. BuildKit's platform ARGs live in the global scope, so inside that stage
 * `${TARGETARCH}` expands to nothing and `COPY --from=build /out/app-${TARGETARCH}` looks for `/out/app-`
 * (`failed to compute cache key: "/out/app-": not found`) on every platform of the build. The builder stage
 * gets the per-architecture name (and its own `ARG TARGETARCH` when it has none); the repair declares the
 * ARG in the copying stage. Train joins name and architecture with `-`; test with `_` or `.`, which train
 * never shows.
 */
import { defineInjector } from "../injector.js";
import type { LineChange } from "./line-change.js";
import { countOf, lineChange } from "./line-change.js";
import { cleanContent, viewsOf, withLines } from "./dockerfile-places.js";

const SYSTEM_DIRS = new Set(["usr", "bin", "sbin", "lib", "etc", "opt", "var", "go"]);
const GO_OUTPUT = /(\bgo\s+build\b[^&;|]*?\s-o\s+)(\/[\w./-]+)/;

export const targetarchUndeclared = defineInjector({
  kind: "targetarch-undeclared",
  layer: "dockerfile",
  summary: "A stage uses ${TARGETARCH} without `ARG TARGETARCH`: the COPY --from path expands to `…-` and is not found",
  fits: (base) => base.stack.build.includes("go"),
  inject(ctx) {
    const { rng, split } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((builder) => {
        const run = builder.instructions.find((i) => i.keyword === "RUN" && GO_OUTPUT.test(i.args));
        const output = run ? GO_OUTPUT.exec(run.args)![2]! : null;
        // Under a system directory the build model cannot say the copy finds nothing there.
        if (!run || !output || !builder.name || SYSTEM_DIRS.has(output.split("/")[1]!)) return [];
        return view.parsed.stages.slice(builder.index + 1).flatMap((stage) => {
          if (stage.instructions.some((i) => i.keyword === "ARG" && /\bTARGETARCH\b/.test(i.args))) return [];
          const copy = stage.instructions.find((i) => i.keyword === "COPY" && i.flags.get("from") === builder.name && i.args.trim().split(/\s+/)[0] === output && i.line === i.endLine);
          return copy ? [{ view, builder, run, output, copy }] : [];
        });
      }),
    );
    for (const { view, builder, run, output, copy } of rng.shuffle(candidates)) {
      const sep = split === "test" ? rng.pick(["_", "."]) : "-";
      const runLine = view.lines.findIndex((l, n) => n + 1 >= run.line && n + 1 <= run.endLine && l.includes(`-o ${output}`)) + 1;
      if (runLine === 0) continue;
      const declared = builder.instructions.some((i) => i.keyword === "ARG" && /\bTARGETARCH\b/.test(i.args));
      const copyBroken = view.lines[copy.line - 1]!.replace(` ${output} `, ` ${output}${sep}\${TARGETARCH} `);
      const runBroken = view.lines[runLine - 1]!.replace(`-o ${output}`, `-o ${output}${sep}$TARGETARCH`);
      // Each line changes on its own (so another fault's text between them stays free); later lines first,
      // since the builder's new ARG shifts the lines after it.
      const steps = [
        (c: string) => withLines(c, copy.line, [copyBroken]),
        (c: string) => withLines(c, runLine, [runBroken]),
        (c: string) => (declared ? c : withLines(c, builder.from.line, [view.lines[builder.from.line - 1]!, "ARG TARGETARCH"])),
      ];
      const changes: LineChange[] = [];
      let content = view.content;
      for (const step of steps) {
        const next = step(content);
        if (next === content) continue;
        const change = lineChange(view.file, content, next, ctx.reserved, cleanContent(ctx, view.file));
        if (!change) break;
        changes.push(change);
        content = next;
      }
      const copyChange = changes[0];
      if (changes.length !== (declared ? 2 : 3) || !copyChange?.broken.includes(`${copyBroken}\n`)) continue;
      // Each change's lines must survive the later ones, once each, for the repair and for other faults.
      if (changes.some((c) => countOf(content, c.broken) !== 1)) continue;
      return {
        kind: "targetarch-undeclared",
        layer: "dockerfile",
        changes: [{ file: view.file, content }],
        issue: {
          description: `${view.file}: \`${copyBroken.trim()}\` uses TARGETARCH, which its stage never declares, so it expands to nothing and the path ends in "${sep}".`,
          hint: "The builder names the binary per architecture, and the copy looks for a name with nothing after the separator. Which variables can an instruction of that stage see?",
          stage: "build",
          detection: [{ code: "DF011", file: view.file }],
        },
        repair: [
          {
            action_type: "edit_file",
            edits: [{ file_path: view.file, old_content: copyChange.broken, new_content: copyChange.broken.replace(`${copyBroken}\n`, `ARG TARGETARCH\n${copyBroken}\n`) }],
          },
        ],
        introduced: changes.map((c) => ({ file: view.file, text: c.broken })),
      };
    }
    return null;
  },
});
