/**
 * workdir-missing: a Node stage loses the WORKDIR its npm install runs in, so npm runs in / and refuses to
 * build a tree there (`npm error Tracker "idealTree" already exists`, the RUN exits 1). Only stages built
 * straight on a node image whose WORKDIR comes before an `npm ci` / `npm install` qualify. Train deletes the
 * WORKDIR; test moves it below the install, as a reordering edit would, which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf } from "./dockerfile-places.js";

const NPM_INSTALL = /\bnpm\s+(ci|install|i)\b/;

export const workdirMissing = defineInjector({
  kind: "workdir-missing",
  layer: "dockerfile",
  summary: "A Node stage without its WORKDIR runs npm in /: `npm error Tracker \"idealTree\" already exists`",
  fits: (base) => base.stack.build.includes("npm"),
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) => {
        const lookup = lookupImage(stage.image, world);
        if (lookup.status !== "found" || lookup.ref.repository !== "library/node") return [];
        const workdirs = stage.instructions.filter((i) => i.keyword === "WORKDIR");
        const workdir = workdirs[0];
        const install = stage.instructions.find((i) => i.keyword === "RUN" && NPM_INSTALL.test(i.args));
        if (workdirs.length !== 1 || !workdir || !install || install.line < workdir.line || workdir.line !== workdir.endLine) return [];
        return [{ view, workdir, install }];
      }),
    );
    for (const { view, workdir, install } of rng.shuffle(candidates)) {
      const lines = [...view.lines];
      const [line] = lines.splice(workdir.line - 1, 1);
      if (split === "test") lines.splice(install.endLine - 1, 0, line!);
      const after = lines.join("\n");
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "workdir-missing",
        change,
        after,
        issue: {
          description:
            split === "test"
              ? `${view.file}: \`${line!.trim()}\` now comes after \`${install.args.trim()}\`, so npm runs in / and refuses to install there.`
              : `${view.file}: the stage lost \`${line!.trim()}\`, so its files land in / and npm refuses to install there.`,
          hint: "npm fails before installing anything. In which directory does this stage's npm run when nothing sets one?",
          stage: "build",
          detection: [{ code: "DF009", file: view.file }],
        },
      });
    }
    return null;
  },
});
