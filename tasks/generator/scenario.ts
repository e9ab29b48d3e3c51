/**
 * A generated scenario from a base and the faults injected into it: the faulted files, the world with the
 * faults' changes, one issue per fault, and the repairs in stage order as the reference solution. It has
 * the shape of a curated scenario, so the engine, the grader and every transport play it unchanged.
 */
import { stageIndex } from "../../simulators/diagnostic.js";
import { WorldSchema } from "../../simulators/world.js";
import { mergeWorld } from "../load.js";
import type { Fault, Scenario } from "../schema.js";
import type { GeneratorBase } from "./define-base.js";
import type { GenFile, Injection } from "./injector.js";
import type { GeneratedDifficulty } from "./task.js";
import { GENERATED_TASK_ID } from "./task.js";

export type Files = Record<string, GenFile>;

/** A base's files as path → {content, mode}. */
export function baseFiles(base: GeneratorBase): Files {
  const out: Files = {};
  for (const [p, f] of Object.entries(base.files)) out[p] = typeof f === "string" ? { content: f, mode: 0o644 } : { content: f.content, mode: f.mode ?? 0o644 };
  return out;
}

/** The files after `injections`, in order. */
export function applyInjections(files: Files, injections: readonly Injection[]): Files {
  const out: Files = { ...files };
  for (const injection of injections) {
    for (const change of injection.changes) {
      if ("remove" in change) delete out[change.file];
      else out[change.file] = { content: change.content, mode: change.mode ?? out[change.file]?.mode ?? 0o644 };
    }
  }
  return out;
}

export interface GeneratedMeta {
  id: string;
  difficulty: GeneratedDifficulty;
  /** Steps beyond the oracle's that the budget allows (looking around, a wrong try or two). */
  slack: number;
}

export function composeScenario(base: GeneratorBase, injections: readonly Injection[], meta: GeneratedMeta): Scenario {
  const clean = baseFiles(base);
  const files = applyInjections(clean, injections);
  let world: unknown = base.world;
  for (const injection of injections) if (injection.world) world = mergeWorld(world, injection.world);
  // Repairs by the stage each fault belongs to: a fault masked by one at an earlier stage shows once that one
  // is repaired. The generator then orders them as a run actually shows them (generator/gates.ts walkAsShown),
  // since a step can fail before its stage is reached (a login before the build it pushes).
  const solution = [...injections].sort((a, b) => stageIndex(a.issue.stage) - stageIndex(b.issue.stage)).flatMap((i) => i.repair);
  const faults: Fault[] = Object.keys({ ...clean, ...files })
    .sort()
    .flatMap((path): Fault[] => {
      const now = files[path];
      if (!now) return [{ file: path, remove: true as const }];
      const was = clean[path];
      if (was && was.content === now.content && was.mode === now.mode) return [];
      return was && was.content === now.content ? [{ file: path, mode: now.mode }] : [{ file: path, content: now.content }];
    });
  return {
    id: meta.id,
    task_id: GENERATED_TASK_ID,
    title: `${base.id}: ${injections.length} fault${injections.length === 1 ? "" : "s"} in its delivery`,
    difficulty: meta.difficulty,
    description: injections.map((i) => i.issue.description).join(" "),
    base: base.id,
    faults,
    issues: injections.map((injection, n) => ({ id: `${injection.kind}-${n + 1}`, ...injection.issue })),
    solution,
    alternatives: [],
    wrong: [],
    optimal_steps: solution.length,
    max_steps: Math.max(10, solution.length + meta.slack),
    files,
    baseFiles: clean,
    world: WorldSchema.parse(world),
  };
}
