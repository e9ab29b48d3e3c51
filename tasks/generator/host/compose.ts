/**
 * Composition of host faults: a host base and 1-4 faults drawn under a seed, each injected into the host the
 * earlier ones left, none acting on what another acts on (its claims), so each repair restores what only it
 * broke. Difficulty is the number of faults and how they cascade: at hard and expert a fault must be masked,
 * showing none of its checks until another is repaired (a database down hides the app's own failure, an
 * ignored crontab hides its job's script), as the host's cascade rules make them.
 */
import { applyFaults } from "../../load.js";
import { FaultSchema } from "../../schema.js";
import type { Rng } from "../rng.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../task.js";
import type { HostGeneratorBase } from "./bases.js";
import type { HostFaultStep, HostFiles, HostInjection, HostInjector } from "./injector.js";

export interface HostDifficultyShape {
  faults: readonly [min: number, max: number];
  /** Faults hidden at the start behind another, at least (judged by the generator on the composed host). */
  masked: number;
}

export const HOST_DIFFICULTY: Record<GeneratedDifficulty, HostDifficultyShape> = {
  easy: { faults: [1, 1], masked: 0 },
  medium: { faults: [2, 2], masked: 0 },
  hard: { faults: [2, 3], masked: 1 },
  expert: { faults: [3, 4], masked: 1 },
};

export interface HostComposition {
  base: HostGeneratorBase;
  injections: HostInjection[];
  /** The host with every fault on it. */
  files: HostFiles;
}

/** The host after `faults`, or null when one cannot happen on it (a crash of a service already down). */
export function applyHostFaults(files: Readonly<HostFiles>, faults: readonly HostFaultStep[]): HostFiles | null {
  try {
    return applyFaults({ ...files }, faults.map((f) => FaultSchema.parse(f)), "generated host");
  } catch {
    return null;
  }
}

/** Draws one composition for `difficulty` on `base`, or null when too few faults fit. Deterministic in `rng`. */
export function composeHost(base: HostGeneratorBase, injectors: readonly HostInjector[], difficulty: GeneratedDifficulty, split: GeneratedSplit, rng: Rng): HostComposition | null {
  const shape = HOST_DIFFICULTY[difficulty];
  const target = rng.between(shape.faults[0], shape.faults[1]);
  let files: HostFiles = base.files;
  const injections: HostInjection[] = [];
  const claimed = new Set<string>();
  for (const injector of rng.shuffle(injectors.filter((i) => !i.fits || i.fits(base)))) {
    if (injections.length >= target) break;
    const injection = injector.inject({ base, files, rng: rng.fork(`${injector.kind}#${injections.length}`), split });
    if (!injection || injection.claims.some((c) => claimed.has(c))) continue;
    const next = applyHostFaults(files, injection.faults);
    if (!next) continue;
    injections.push(injection);
    for (const c of injection.claims) claimed.add(c);
    files = next;
  }
  if (injections.length < shape.faults[0]) return null;
  return { base, injections, files };
}
