/**
 * buildx-missing-cache-export: a build exports its layer cache (`cache-to: type=gha`, `type=registry`) on the
 * runner's default docker driver, which cannot export a cache: `ERROR: Cache export is not supported for the
 * docker driver.` (GHA109; real-errors.md §E, cache_without_mode_max as it really fails).
 * Single-platform builds only: multi-platform ones are buildx-missing-multiplatform's.
 *
 * Split rule: train removes the setup-buildx-action step; test keeps it but sets `driver: docker`.
 */
import { defineInjector } from "../injector.js";
import { builderFault, builderPlaces, exportsCache, multiPlatform } from "./workflow-text/builder.js";
import { stepLabel } from "./workflow-text/model.js";

export const buildxMissingCacheExport = defineInjector({
  kind: "buildx-missing-cache-export",
  layer: "workflow",
  summary: "A cache export (gha, registry) on the docker driver (no buildx builder): `Cache export is not supported for the docker driver` (GHA109)",
  inject(ctx) {
    const places = builderPlaces(ctx.files, (map, step) => exportsCache(map, step) && !multiPlatform(map, step));
    return builderFault(ctx, ctx.rng, "buildx-missing-cache-export", places, ({ map, job, build }, test) => ({
      description:
        `${map.file}: in job '${job.key}', '${stepLabel(map, build)}' exports its build cache (cache-to), but ` +
        `${test ? "setup-buildx-action is told to use the docker driver" : "no setup-buildx-action creates a builder first"}; the docker driver cannot export a build cache.`,
      hint: "The error is about the builder's driver, not the cache settings. Which builder can export a cache, and what sets it up?",
    }));
  },
});
