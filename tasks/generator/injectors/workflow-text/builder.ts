/**
 * The buildx builder of a job: the setup-buildx-action step that creates a docker-container builder, and the
 * builds after it that need one (several platforms, a cache export). Taking the builder away, or making it the
 * docker driver, leaves those builds on a driver that cannot do them (GHA109). Shared by the two builder faults.
 */
import type { Rng } from "../../rng.js";
import type { Injection, InjectionContext } from "../../injector.js";
import { firstFitting, spliceLines } from "./lines.js";
import { actionOf, childEntries, keyOf, stepText, workflowMaps } from "./model.js";
import type { Job, Step, WorkflowMap } from "./model.js";
import { workflowInjection } from "./repair.js";

export interface BuilderPlace {
  map: WorkflowMap;
  job: Job;
  setup: Step;
  build: Step;
}

/** Whether a build step builds for more than one platform. */
export function multiPlatform(map: WorkflowMap, step: Step): boolean {
  return /^\s*platforms:\s*\S+,\S+/m.test(stepText(map, step)) || /--platform[= ]\S+,\S+/.test(stepText(map, step));
}

/** Whether a build step exports its layer cache somewhere (the gha cache, a registry), not inline in the image. */
export function exportsCache(map: WorkflowMap, step: Step): boolean {
  return /^\s*cache-to:\s*type=(?!inline)\w+/m.test(stepText(map, step)) || /--cache-to[= ]type=(?!inline)\w+/.test(stepText(map, step));
}

/** Jobs whose builder set-up comes before a build that `needs` it. */
export function builderPlaces(files: InjectionContext["files"], needs: (map: WorkflowMap, step: Step) => boolean): BuilderPlace[] {
  return workflowMaps(files).flatMap((map) =>
    map.jobs.flatMap((job) => {
      const at = job.steps.findIndex((s) => actionOf(s) === "docker/setup-buildx-action");
      const setup = job.steps[at];
      const build = job.steps.slice(at + 1).find((s) => needs(map, s));
      if (!setup || !build || keyOf(setup, "if")) return [];
      const inputs = keyOf(setup, "with");
      if (inputs && childEntries(map, inputs).some((e) => e.key === "driver" || e.key === "endpoint")) return [];
      return [{ map, job, setup, build }];
    }),
  );
}

/** The file without the set-up step (train) or with it set to the docker driver (test). */
function withoutBuilder(map: WorkflowMap, setup: Step, test: boolean): string {
  if (test) {
    const inputs = keyOf(setup, "with");
    const indent = " ".repeat(setup.keyIndent);
    if (inputs) return spliceLines(map, inputs.line + 1, inputs.line + 1, [`${indent}  driver: docker`]);
    return spliceLines(map, setup.end, setup.end, [`${indent}with:`, `${indent}  driver: docker`]);
  }
  const spaced = map.lines[setup.end]?.trim() === "";
  return spliceLines(map, setup.start, setup.end + (spaced ? 1 : 0), []);
}

/** The injection of a builder fault at one of `places`. */
export function builderFault(
  ctx: InjectionContext,
  rng: Rng,
  kind: string,
  places: readonly BuilderPlace[],
  describe: (place: BuilderPlace, test: boolean) => { description: string; hint: string },
): Injection | null {
  const test = ctx.split === "test";
  return firstFitting(rng, places, (place) =>
    workflowInjection(ctx, {
      kind,
      changed: [{ file: place.map.file, content: withoutBuilder(place.map, place.setup, test) }],
      issue: { ...describe(place, test), stage: "build", detection: [{ code: "GHA109", file: place.map.file }] },
    }),
  );
}
