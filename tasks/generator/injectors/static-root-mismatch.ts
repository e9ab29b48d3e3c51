/**
 * static-root-mismatch: a static site's image copies the bundle somewhere its web server does not serve
 * (nginx's `root` is /usr/share/nginx/html, the bundle lands in a subdirectory or a sibling), so the image
 * builds, starts and answers with the server's default page: the smoke test sees no page of the app (DF109).
 * The document root is in nginx.conf (or the image's default), the copy's destination in the Dockerfile.
 *
 * Split rule: train copies into a subdirectory of the root (named after the app, or after the bundle's own
 * directory: html/dist); test into a directory beside it (/usr/share/nginx/<app>, /srv/<app>), which train
 * never shows.
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import { copiesFrom, deliveryBuilds, instructionSpan, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections } from "./delivery/edits.js";

/** Where web servers serve from by default; the simulator counts any of them as served. */
const DEFAULT_ROOTS = ["/usr/share/nginx/html", "/usr/local/apache2/htdocs", "/usr/share/caddy", "/var/www/html"];

export const staticRootMismatch = defineInjector({
  kind: "static-root-mismatch",
  layer: "pipeline",
  summary: "A static site's bundle is copied outside the web server's document root: the image serves the default page (DF109)",
  inject(ctx) {
    const apps = ctx.world.apps.filter((a) => a.language === "static" && a.build_output_dir !== undefined);
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const candidates = [...new Set(builds.map((b) => b.dockerfile))].sort().flatMap((file) => {
      const parsed = readDockerfile(ctx.files, file);
      if (!parsed) return [];
      return copiesFrom(parsed).flatMap((copy) => {
        const out = copy.source.replace(/\/+$/, "");
        const app = apps.find((a) => out.endsWith(`/${a.build_output_dir!.replace(/\/+$/, "")}`));
        const root = path.posix.normalize(copy.destination).replace(/\/+$/, "");
        return app && DEFAULT_ROOTS.includes(root) ? [{ file, copy, app, root, out: path.posix.basename(out) }] : [];
      });
    });
    if (candidates.length === 0) return null;
    const { file, copy, app, root, out } = ctx.rng.pick(candidates);
    const wrong = ctx.rng.pick(ctx.split === "test" ? [`${path.posix.dirname(root)}/${app.name}`, `/srv/${app.name}`] : [`${root}/${app.name}`, `${root}/${out}`]);
    if (DEFAULT_ROOTS.includes(wrong)) return null;
    const content = ctx.files.get(file)!.content;
    const span = instructionSpan(content, copy.instruction);
    const line = content.slice(span[0], span[1]);
    const trailing = copy.destination.endsWith("/") ? "/" : "";
    const c = change(ctx, file, span, line.replace(` ${copy.destination}`, ` ${wrong}${trailing}`));
    if (!c) return null;
    return {
      kind: "static-root-mismatch",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description: `${file} copies ${app.name}'s bundle to ${wrong}, but the web server serves ${root}: the site answers with the server's default page.`,
        hint: "The image builds and the server answers, but not with the app. Where does the web server look for the pages, and where did the bundle go?",
        stage: "runtime",
        detection: detections("DF109", [file]),
      },
    };
  },
});
