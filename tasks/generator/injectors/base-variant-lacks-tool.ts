/**
 * base-variant-lacks-tool: a stage's base moves to another distribution's variant of the same image (to slim
 * it: `python:3.12-slim` → `python:3.12-alpine`), and a RUN that calls the old distribution's tools fails
 * (`/bin/sh: useradd: not found`, exit code 127; `apt-get: not found` on Alpine, `apk: not found` on Debian).
 * The new tag is checked to be published, and a tool a RUN of the stage calls to be missing from it. Train
 * moves a Debian variant to `-alpine` (or Alpine to `debian:bookworm-slim`); test to a pinned Alpine release
 * (`-alpine3.20`, the JDK's `-alpine` for a JRE) or to Ubuntu, which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import type { ImageConfig } from "../../../simulators/world.js";
import { defineInjector } from "../injector.js";
import type { BuildStage } from "./dockerfile-places.js";
import { changeTo, commandWords, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const DEBIAN_SUFFIX = /-(slim-)?(bookworm|bullseye|buster|trixie|jammy|noble|focal)(-slim)?$|-slim$/;
const ALPINE_MINORS = ["3.18", "3.19", "3.20", "3.21", "3.22"];

/** Images of another distribution to try for `image` (name:tag), in the split's range. */
function otherVariants(name: string, tag: string, os: ImageConfig["os"], split: string): string[] {
  if (os === "alpine") {
    if (name === "alpine") return split === "test" ? ["ubuntu:24.04", "ubuntu:22.04"] : ["debian:bookworm-slim", "debian:bookworm"];
    const stem = tag.replace(/-alpine[\d.]*$/, "");
    return split === "test" ? [`${name}:${stem}-bookworm`, `${name}:${stem}-bullseye`] : [`${name}:${stem}-slim`, `${name}:${stem}`];
  }
  const stem = tag.replace(DEBIAN_SUFFIX, "");
  if (split !== "test") return [`${name}:${stem}-alpine`];
  // A JRE has no pinned Alpine release; its JDK's Alpine variants are the other way to Alpine.
  const jdk = stem.endsWith("-jre") ? [`${name}:${stem.slice(0, -4)}-alpine`, `${name}:${stem.slice(0, -4)}-jdk-alpine`] : [];
  return [...ALPINE_MINORS.map((m) => `${name}:${stem}-alpine${m}`), ...jdk];
}

/** The first tool a RUN of `stage` calls that `now` has and `then` lacks. */
function missingTool(stage: BuildStage, now: ImageConfig, then: ImageConfig): string | null {
  for (const i of stage.instructions) {
    if (i.keyword !== "RUN") continue;
    const missing = commandWords(i).find((w) => now.binaries?.includes(w) && !then.binaries?.includes(w));
    if (missing) return missing;
  }
  return null;
}

export const baseVariantLacksTool = defineInjector({
  kind: "base-variant-lacks-tool",
  layer: "dockerfile",
  summary: "A base moved to another distribution's variant lacks a tool a RUN calls: `/bin/sh: useradd: not found`",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.stages.flatMap((stage) => {
        const lookup = lookupImage(stage.image, world);
        if (lookup.status !== "found" || lookup.ref.tag === null || stage.from.line !== stage.from.endLine) return [];
        if (lookup.config.os !== "alpine" && lookup.config.os !== "debian") return [];
        return [{ view, stage, config: lookup.config, tag: lookup.ref.tag }];
      }),
    );
    for (const { view, stage, config, tag } of rng.shuffle(candidates)) {
      const name = stage.image.slice(0, stage.image.length - tag.length - 1);
      const written = view.lines[stage.from.line - 1]!;
      for (const image of rng.shuffle(otherVariants(name, tag, config.os, split))) {
        const lookup = lookupImage(image, world);
        if (lookup.status !== "found" || lookup.config.os === config.os || !written.includes(stage.image)) continue;
        const tool = missingTool(stage, config, lookup.config);
        if (!tool) continue;
        const broken = written.replace(stage.image, image);
        const after = withLines(view.content, stage.from.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "base-variant-lacks-tool",
          change,
          after,
          issue: {
            description: `${view.file}: the stage now starts from ${image} (${lookup.config.os}), which has no ${tool}, and a RUN of the stage calls it; ${stage.image} (${config.os}) has it.`,
            hint: "A RUN fails with `not found` for a tool this Dockerfile has always called. What changed about the system the stage's base image is built on?",
            stage: "build",
            detection: [{ code: "DF009", file: view.file }],
          },
        });
      }
    }
    return null;
  },
});
