/**
 * static-docroot-wrong: a static site's bundle is copied somewhere nginx does not serve, so the image builds
 * and answers with the web server's default page instead of the app (the smoke test finds none of the
 * build's pages). Only a static app's COPY into nginx's document root is moved. Train copies into a
 * subdirectory named after the app (`/usr/share/nginx/html/storefront`); test into a sibling directory
 * (`/usr/share/nginx/www`, `/usr/share/nginx/public`), which train never shows.
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const DOC_ROOT = "/usr/share/nginx/html";

export const staticDocrootWrong = defineInjector({
  kind: "static-docroot-wrong",
  layer: "dockerfile",
  summary: "A static bundle copied outside nginx's document root: the site serves nginx's default page",
  fits: (base) => base.stack.languages.includes("static"),
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) => {
      const dir = path.posix.dirname(view.file);
      const app = world.apps.find((a) => path.posix.normalize(a.root) === path.posix.normalize(dir));
      const final = view.parsed.stages[view.parsed.stages.length - 1];
      if (app?.language !== "static" || !final) return [];
      return final.instructions.flatMap((i) => {
        const words = i.args.trim().split(/\s+/);
        const dest = words[words.length - 1]!;
        return i.keyword === "COPY" && i.flags.has("from") && words.length === 2 && dest.replace(/\/$/, "") === DOC_ROOT && i.line === i.endLine ? [{ view, i, dest, app: app.name }] : [];
      });
    });
    for (const { view, i, dest, app } of rng.shuffle(candidates)) {
      const wrong = split === "test" ? rng.pick(["/usr/share/nginx/www", "/usr/share/nginx/public"]) : `${DOC_ROOT}/${app}`;
      const written = view.lines[i.line - 1]!;
      if (!written.endsWith(` ${dest}`)) continue;
      const broken = `${written.slice(0, written.length - dest.length)}${wrong}${dest.endsWith("/") ? "/" : ""}`;
      const after = withLines(view.content, i.line, [broken]);
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "static-docroot-wrong",
        change,
        after,
        issue: {
          description: `${view.file}: \`${broken.trim()}\` puts the bundle in ${wrong}, but nginx serves ${DOC_ROOT}, so the site shows nginx's default page.`,
          hint: "The image builds and nginx answers, but with its own welcome page, not the app. Which directory does this nginx serve files from?",
          stage: "runtime",
          detection: [{ code: "DF109", file: view.file }],
        },
      });
    }
    return null;
  },
});
