/**
 * install-before-copy: the RUN that installs the dependencies now comes before the COPY of their manifest,
 * so it runs without it (pip: `ERROR: Could not open requirements file: [Errno 2] No such file or
 * directory: 'requirements.txt'`; npm: `npm error enoent Could not read package.json`). Only a COPY of a
 * requirements file or package.json directly followed by the pip or npm install that reads it qualifies. The
 * fault has one form; it differs by base only (the test split's bases are held out of train).
 */
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf } from "./dockerfile-places.js";

const PIP = /\bpip3?\s+install\b[^&;|]*?\s(?:-r|--requirement)\s*=?\s*(?:\.\/)?(\S+)/;
const NPM = /\bnpm\s+(ci|install|i)\b/;

export const installBeforeCopy = defineInjector({
  kind: "install-before-copy",
  layer: "dockerfile",
  summary: "The dependency install runs before the COPY of its manifest: `Could not open requirements file`",
  fits: (base) => base.stack.build.some((b) => b === "pip" || b === "npm"),
  inject(ctx) {
    const { rng } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) =>
        stage.instructions.flatMap((copy, n) => {
          const run = stage.instructions[n + 1];
          if (copy.keyword !== "COPY" || copy.flags.has("from") || copy.json || run?.keyword !== "RUN") return [];
          const sources = copy.args.trim().split(/\s+/).slice(0, -1).map((s) => s.replace(/^\.\//, ""));
          const requirements = PIP.exec(run.args)?.[1];
          const reads = (requirements !== undefined && sources.includes(requirements)) || (NPM.test(run.args) && sources.includes("package.json"));
          return reads ? [{ view, copy, run }] : [];
        }),
      ),
    );
    for (const { view, copy, run } of rng.shuffle(candidates)) {
      const lines = [...view.lines];
      const copyLines = lines.slice(copy.line - 1, copy.endLine);
      const runLines = lines.slice(run.line - 1, run.endLine);
      // Only when nothing (a comment, a blank line) sits between the two instructions.
      if (copy.endLine + 1 !== run.line) continue;
      lines.splice(copy.line - 1, copyLines.length + runLines.length, ...runLines, ...copyLines);
      const after = lines.join("\n");
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "install-before-copy",
        change,
        after,
        issue: {
          description: `${view.file}: \`${run.args.trim().split("\n")[0]}\` now runs before \`COPY ${copy.args.trim()}\`, so the file it installs from is not in the image yet.`,
          hint: "The install step cannot find the file that lists the dependencies, though the Dockerfile copies it. In what order do the steps run?",
          stage: "build",
          detection: [{ code: "DF009", file: view.file }],
        },
      });
    }
    return null;
  },
});
