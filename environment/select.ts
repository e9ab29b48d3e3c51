/**
 * Chooses the scenario for a reset: by id; else from the task by seed; else from every scenario by seed.
 * The seed maps to a scenario through a fixed integer hash, so the same seed always picks the same scenario.
 */
import { randomInt } from "node:crypto";
import type { Catalog } from "../tasks/catalog.js";
import type { Scenario } from "../tasks/schema.js";

export class ResetError extends Error {
  constructor(
    readonly field: "task_id" | "scenario_id" | "difficulty" | "split",
    message: string,
  ) {
    super(message);
    this.name = "ResetError";
  }
}

/** splitmix32-style mixing: neighbouring seeds land on unrelated scenarios. */
export function mixSeed(seed: number): number {
  let h = (seed ^ Math.floor(seed / 2 ** 32)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A seed for a reset that gave none; recorded in the episode's state so the episode can be replayed. */
export function freshSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/**
 * What a reset resolves to: its scenario, and the seed that chose it (null when the request named the scenario
 * and gave no seed). A reset without a seed or a scenario draws a fresh seed, so the choice can be replayed.
 * @throws ResetError for an unknown task or scenario.
 */
export function resolveReset(
  catalog: Catalog,
  request: { task_id?: string; scenario_id?: string; seed?: number; difficulty?: string; split?: string },
): { scenario: Scenario; seed: number | null } {
  const seed = request.seed ?? (request.scenario_id === undefined ? freshSeed() : null);
  return { scenario: chooseScenario(catalog, request, seed ?? 0), seed };
}

export function chooseScenario(catalog: Catalog, request: { task_id?: string; scenario_id?: string; difficulty?: string; split?: string }, seed: number): Scenario {
  const families = [catalog.generated, catalog.generatedHost].filter((f) => f !== undefined);
  const generated = families.find((f) => f.task.task_id === request.task_id);
  if ((request.difficulty !== undefined || request.split !== undefined) && generated === undefined) {
    const names = families.length > 0 ? families.map((f) => `'${f.task.task_id}'`).join(" or ") : "'generated'";
    throw new ResetError(request.difficulty !== undefined ? "difficulty" : "split", `difficulty and split choose a generated scenario: give task_id ${names} with them`);
  }
  if (generated !== undefined && request.scenario_id === undefined) {
    return generated.draw({ seed, ...(request.difficulty ? { difficulty: request.difficulty } : {}), ...(request.split ? { split: request.split } : {}) });
  }
  if (request.task_id !== undefined && !catalog.task(request.task_id)) {
    throw new ResetError("task_id", `unknown task_id '${request.task_id}'; valid: ${catalog.tasks.map((t) => t.task_id).join(", ")}`);
  }
  if (request.scenario_id !== undefined) {
    const scenario = catalog.scenario(request.scenario_id);
    if (!scenario) {
      throw new ResetError("scenario_id", `unknown scenario_id '${request.scenario_id}'; GET /tasks lists the scenarios`);
    }
    if (request.task_id !== undefined && scenario.task_id !== request.task_id) {
      throw new ResetError("scenario_id", `scenario '${scenario.id}' belongs to task '${scenario.task_id}', not '${request.task_id}'`);
    }
    return scenario;
  }
  const pool = request.task_id === undefined ? catalog.scenarios : catalog.scenarios.filter((s) => s.task_id === request.task_id);
  const picked = pool[mixSeed(seed) % pool.length];
  if (!picked) throw new ResetError("task_id", "no scenario to choose from");
  return picked;
}
