/**
 * Composition: a base and 1-5 compatible faults drawn under a seed. Difficulty comes from how many faults,
 * how many layers they cross (Dockerfile, workflow, Kubernetes, cross-file), and how deep they mask each other:
 * faults met at different stages of the delivery appear one after another, each only once the ones before it
 * are fixed, as in a real pipeline. Each fault is injected into the repository the earlier ones left, and must
 * leave their introduced text alone, so every repair still applies.
 */
import type { Stage } from "../../simulators/diagnostic.js";
import { STAGES } from "../../simulators/diagnostic.js";
import type { World } from "../../simulators/world.js";
import { WorldSchema } from "../../simulators/world.js";
import { mergeWorld } from "../load.js";
import type { GeneratorBase } from "./define-base.js";
import type { GenFile, Injection, Injector, InjectionContext } from "./injector.js";
import type { Rng } from "./rng.js";
import { applyInjections, baseFiles } from "./scenario.js";
import type { GeneratedDifficulty } from "./task.js";

/** What a difficulty asks of a composition. */
export interface DifficultyShape {
  faults: readonly [min: number, max: number];
  /** Distinct layers the faults cross, at least. */
  layers: number;
  /** Distinct pipeline stages the faults are met at, at least: the depth of masking. */
  stages: number;
}

export const DIFFICULTY: Record<GeneratedDifficulty, DifficultyShape> = {
  easy: { faults: [1, 1], layers: 1, stages: 1 },
  medium: { faults: [2, 2], layers: 1, stages: 1 },
  hard: { faults: [3, 3], layers: 2, stages: 2 },
  expert: { faults: [4, 5], layers: 3, stages: 3 },
};

export interface Composition {
  base: GeneratorBase;
  injections: Injection[];
}

function stageDepth(injections: readonly Injection[]): number {
  return new Set<Stage>(injections.map((i) => i.issue.stage)).size;
}

/**
 * Draws one composition for `difficulty` on `base`, or null when the base cannot hold one (too few injectors
 * fit, or they do not cross enough layers and stages). Deterministic in `rng`.
 */
export function compose(base: GeneratorBase, injectors: readonly Injector[], difficulty: GeneratedDifficulty, split: InjectionContext["split"], rng: Rng): Composition | null {
  const shape = DIFFICULTY[difficulty];
  const target = rng.between(shape.faults[0], shape.faults[1]);
  let files = new Map<string, GenFile>(Object.entries(baseFiles(base)));
  let world: World = WorldSchema.parse(base.world);
  const injections: Injection[] = [];
  const reserved: { file: string; text: string }[] = [];
  const usedKinds = new Set<string>();
  // Spread the faults over layers first: one injector per layer in a random layer order, then any.
  const candidates = rng.shuffle(injectors.filter((i) => !i.fits || i.fits(base)));
  const layers = rng.shuffle([...new Set(candidates.map((i) => i.layer))]);
  const ordered = [...layers.flatMap((layer) => candidates.filter((i) => i.layer === layer).slice(0, 1)), ...candidates];
  for (const injector of ordered) {
    if (injections.length >= target) break;
    if (usedKinds.has(injector.kind)) continue;
    const injection = injector.inject({ base, files, world, rng: rng.fork(`${injector.kind}#${injections.length}`), split, reserved });
    if (!injection) continue;
    // A fault may not edit what an earlier one introduced, nor the files another fault removed.
    const touched = injection.changes.map((c) => c.file);
    const clash = reserved.some((r) => touched.includes(r.file) && !(injectionKeeps(injection, r)));
    if (clash) continue;
    injections.push(injection);
    usedKinds.add(injector.kind);
    reserved.push(...injection.introduced);
    files = new Map(Object.entries(applyInjections(Object.fromEntries(files), [injection])));
    if (injection.world) world = WorldSchema.parse(mergeWorld(world, injection.world));
  }
  if (injections.length < shape.faults[0]) return null;
  if (new Set(injections.map((i) => i.layer)).size < Math.min(shape.layers, layers.length)) return null;
  if (stageDepth(injections) < Math.min(shape.stages, STAGES.length)) return null;
  return { base, injections };
}

/** Whether the injection's change of a file keeps another fault's introduced text intact. */
function injectionKeeps(injection: Injection, reserved: { file: string; text: string }): boolean {
  const change = injection.changes.find((c) => c.file === reserved.file);
  return change !== undefined && !("remove" in change) && change.content.includes(reserved.text);
}
