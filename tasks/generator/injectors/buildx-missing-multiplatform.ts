/**
 * buildx-missing-multiplatform: a multi-platform build runs on the runner's default builder, the docker
 * driver, which cannot build several platforms: `ERROR: Multi-platform build is not supported for the docker
 * driver.` (GHA109; real-errors.md §E, missing_buildx_for_platforms). setup-buildx-action is what creates a
 * docker-container builder that can.
 *
 * Split rule: train removes the setup-buildx-action step; test keeps it but sets `driver: docker`, which
 * leaves the build on the same driver.
 */
import { defineInjector } from "../injector.js";
import { builderFault, builderPlaces, multiPlatform } from "./workflow-text/builder.js";
import { stepLabel } from "./workflow-text/model.js";

export const buildxMissingMultiplatform = defineInjector({
  kind: "buildx-missing-multiplatform",
  layer: "workflow",
  summary: "A multi-platform build on the docker driver (no buildx builder): `Multi-platform build is not supported for the docker driver` (GHA109)",
  inject(ctx) {
    return builderFault(ctx, ctx.rng, "buildx-missing-multiplatform", builderPlaces(ctx.files, multiPlatform), ({ map, job, build }, test) => ({
      description:
        `${map.file}: in job '${job.key}', '${stepLabel(map, build)}' builds several platforms, but ` +
        `${test ? "setup-buildx-action is told to use the docker driver" : "no setup-buildx-action creates a builder first"}; the docker driver cannot build multi-platform images.`,
      hint: "The error names the builder's driver. Which builder does this job's build run on, and which one can build several platforms?",
    }));
  },
});
