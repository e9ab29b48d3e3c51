/**
 * A generated host incident from a host base and the faults injected into it: the faulted host, one issue per
 * fault, and the repairs as the reference solution (the generator then orders them as the alerts show them).
 * It has the shape of a curated host scenario, so the engine, the grader and every transport play it unchanged.
 */
import { WorldSchema } from "../../../simulators/world.js";
import type { Scenario } from "../../schema.js";
import { FaultSchema } from "../../schema.js";
import type { GeneratedDifficulty } from "../task.js";
import type { HostComposition } from "./compose.js";
import { GENERATED_HOST_TASK_ID } from "./task.js";

export interface GeneratedHostMeta {
  id: string;
  difficulty: GeneratedDifficulty;
  /** Steps beyond the oracle's that the budget allows (looking around, a wrong try or two). */
  slack: number;
}

export function composeHostScenario(composition: HostComposition, meta: GeneratedHostMeta): Scenario {
  const { base, injections, files } = composition;
  const solution = injections.flatMap((i) => i.repair);
  const n = injections.length;
  return {
    id: meta.id,
    task_id: GENERATED_HOST_TASK_ID,
    title: `${base.variant.hostname}: ${n} fault${n === 1 ? "" : "s"} on the host`,
    difficulty: meta.difficulty,
    description: injections.map((i) => i.issue.description).join(" "),
    base: base.id,
    faults: injections.flatMap((i) => i.faults.map((f) => FaultSchema.parse(f))),
    issues: injections.map((injection, k) => ({ id: `${injection.kind}-${k + 1}`, ...injection.issue })),
    solution,
    alternatives: [],
    wrong: [],
    optimal_steps: solution.length,
    max_steps: Math.max(10, solution.length + meta.slack),
    files,
    baseFiles: base.files,
    world: WorldSchema.parse({}),
  };
}
