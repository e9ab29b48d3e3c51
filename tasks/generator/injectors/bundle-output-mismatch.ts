/**
 * bundle-output-mismatch: a static site's web-server stage copies the bundle from a directory its bundler
 * does not write (`COPY --from=build /app/dist` where react-scripts writes build/), so BuildKit fails the
 * copy: `failed to compute cache key: … "/app/dist": not found` (DF011). Where the bundle goes is in the
 * bundler's config or defaults, what is copied in the Dockerfile.
 *
 * Split rule: the wrong directory. Train swaps in another bundler's default (dist, build, out); test uses
 * layouts train never shows (public, .output/public, dist/<app>).
 */
import { defineInjector } from "../injector.js";
import { copiesFrom, deliveryBuilds, instructionSpan, joinPath, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections } from "./delivery/edits.js";

const WRONG = { train: ["dist", "build", "out"], test: ["public", ".output/public", "dist/{app}"] };

export const bundleOutputMismatch = defineInjector({
  kind: "bundle-output-mismatch",
  layer: "pipeline",
  summary: "A static site's image copies the bundle from a directory the bundler does not write: `failed to compute cache key … not found` (DF011)",
  inject(ctx) {
    const apps = ctx.world.apps.filter((a) => a.language === "static" && a.build_output_dir !== undefined);
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const dockerfiles = [...new Set(builds.map((b) => b.dockerfile))].sort();
    const candidates = dockerfiles.flatMap((file) => {
      const context = builds.find((b) => b.dockerfile === file)!.context ?? ".";
      const parsed = readDockerfile(ctx.files, file);
      if (!parsed) return [];
      return copiesFrom(parsed).flatMap((copy) => {
        const source = copy.source.replace(/\/+$/, "");
        const app = apps.find((a) => source.endsWith(`/${a.build_output_dir!.replace(/\/+$/, "")}`));
        return app ? [{ file, context, copy, source, app, out: app.build_output_dir!.replace(/\/+$/, "") }] : [];
      });
    });
    if (candidates.length === 0) return null;
    const { file, context, copy, source, app, out } = ctx.rng.pick(candidates);
    // A directory the sources have (CRA's public/) would be copied fine: the site would serve unbuilt files instead.
    const inSources = (dir: string) => [...ctx.files.keys()].some((f) => f.startsWith(`${joinPath(context, dir)}/`));
    const options = WRONG[ctx.split === "test" ? "test" : "train"].map((w) => w.replace("{app}", app.name)).filter((w) => w !== out && !inSources(w));
    if (options.length === 0) return null;
    const wrong = ctx.rng.pick(options);
    const content = ctx.files.get(file)!.content;
    const span = instructionSpan(content, copy.instruction);
    const line = content.slice(span[0], span[1]);
    const wrongSource = source.slice(0, source.length - out.length) + wrong;
    const c = change(ctx, file, span, line.replace(` ${source}`, ` ${wrongSource}`));
    if (!c) return null;
    return {
      kind: "bundle-output-mismatch",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description: `${file} copies ${wrongSource} from the ${copy.from} stage, but the build writes ${app.name}'s bundle to ${out}/.`,
        hint: "The builder stage ran its build; the copy after it finds nothing. Where does this project's bundler write its output?",
        stage: "build",
        detection: detections("DF011", [file]),
      },
    };
  },
});
