/**
 * npm-ci-without-lockfile: the COPY before `npm ci` no longer brings package-lock.json, and npm ci refuses to
 * run without one (`npm error The \`npm ci\` command can only install with an existing package-lock.json`).
 * The fault has one form; it differs by base only (the test split's bases are held out of train).
 */
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

export const npmCiWithoutLockfile = defineInjector({
  kind: "npm-ci-without-lockfile",
  layer: "dockerfile",
  summary: "npm ci with no package-lock.json in the image: `npm ci` can only install with an existing lockfile",
  fits: (base) => base.stack.build.includes("npm"),
  inject(ctx) {
    const { rng } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) => {
        const install = stage.instructions.find((i) => i.keyword === "RUN" && /\bnpm\s+ci\b/.test(i.args));
        if (!install) return [];
        // The COPY that brings the lockfile, with no other COPY between it and the install.
        const copies = stage.instructions.filter((i) => i.keyword === "COPY" && i.line < install.line);
        const copy = copies[copies.length - 1];
        const words = copy?.args.trim().split(/\s+/) ?? [];
        if (!copy || copy.flags.has("from") || copy.json || copy.line !== copy.endLine || words.length < 3 || !words.slice(0, -1).includes("package-lock.json")) return [];
        return [{ view, copy, install }];
      }),
    );
    for (const { view, copy, install } of rng.shuffle(candidates)) {
      const written = view.lines[copy.line - 1]!;
      const broken = written.replace(/\s+package-lock\.json(?=\s)/, "");
      const after = withLines(view.content, copy.line, [broken]);
      const change = changeTo(ctx, view.file, after);
      if (broken === written || !change) continue;
      return restoringInjection({
        kind: "npm-ci-without-lockfile",
        change,
        after,
        issue: {
          description: `${view.file}: \`${broken.trim()}\` leaves package-lock.json out of the image, and \`${install.args.trim()}\` refuses to install without it.`,
          hint: "npm ci installs exactly what the lockfile records. Is the lockfile in the image when it runs?",
          stage: "build",
          detection: [{ code: "DF009", file: view.file }],
        },
      });
    }
    return null;
  },
});
