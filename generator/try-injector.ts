/**
 * One injector on its own: inject into a base under a seed, build the one-fault scenario and run the gates.
 * What injector tests and authors use to see that a fault is real, detected where it says and repaired by
 * its oracle.
 */
import type { GeneratorBase } from "../tasks/generator/define-base.js";
import type { Injection, Injector, InjectionContext } from "../tasks/generator/injector.js";
import { Rng } from "../tasks/generator/rng.js";
import { baseFiles, composeScenario } from "../tasks/generator/scenario.js";
import type { Scenario } from "../tasks/schema.js";
import { WorldSchema } from "../simulators/world.js";
import { checkGates, type GateReport } from "./gates.js";

export interface Tried {
  injection: Injection | null;
  scenario?: Scenario;
  gates?: GateReport;
}

export function injectAlone(injector: Injector, base: GeneratorBase, seed: number, split: InjectionContext["split"] = "train", options: { canaries?: boolean } = {}): Tried {
  if (injector.fits && !injector.fits(base)) return { injection: null };
  const files = new Map(Object.entries(baseFiles(base)));
  const injection = injector.inject({ base, files, world: WorldSchema.parse(base.world), rng: new Rng(seed).fork(injector.kind), split, reserved: [] });
  if (!injection) return { injection };
  const scenario = composeScenario(base, [injection], { id: `try:${injector.kind}:${base.id}:${seed}`, difficulty: "easy", slack: 10 });
  return { injection, scenario, gates: checkGates(scenario, options) };
}
