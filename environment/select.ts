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

type ResetChoice = { task_id?: string; scenario_id?: string; seed?: number; difficulty?: string; split?: string };

/**
 * What a reset resolves to: its scenario, and the seed that chose it (null when the request named the scenario
 * and gave no seed). A reset without a seed or a scenario draws a fresh seed, so the choice can be replayed.
 * @throws ResetError for an unknown task or scenario.
 */
export function resolveReset(catalog: Catalog, request: ResetChoice): { scenario: Scenario; seed: number | null } {
  const { scenarioId, seed } = resolveResetId(catalog, request);
  return { scenario: scenarioOf(catalog, scenarioId), seed };
}

/**
 * What a reset resolves to, with its scenario named rather than built: a generated scenario's id says how to
 * build it, so a server's main thread records the episode without generating anything (the worker that plays
 * it does, on every core, instead of one thread for all).
 * @throws ResetError for an unknown task or scenario.
 */
export function resolveResetId(catalog: Catalog, request: ResetChoice): { scenarioId: string; seed: number | null } {
  const seed = request.seed ?? (request.scenario_id === undefined ? freshSeed() : null);
  return { scenarioId: chooseScenarioId(catalog, request, seed ?? 0), seed };
}

export function chooseScenario(catalog: Catalog, request: ResetChoice, seed: number): Scenario {
  return scenarioOf(catalog, chooseScenarioId(catalog, request, seed));
}

function scenarioOf(catalog: Catalog, id: string): Scenario {
  const scenario = catalog.scenario(id);
  if (!scenario) throw new ResetError("scenario_id", `unknown scenario_id '${id}'; GET /tasks lists the scenarios`);
  return scenario;
}

function familiesOf(catalog: Catalog) {
  return [catalog.generated, catalog.generatedHost].filter((f) => f !== undefined);
}

/** Whether `catalog` has a scenario `id`, without generating a generated one (its id's form says so). */
export function knowsScenario(catalog: Catalog, id: string): boolean {
  return familiesOf(catalog).some((f) => f.names(id)) || catalog.scenario(id) !== undefined;
}

/** The id of the scenario a reset chooses (see resolveReset); a generated one is named, not generated. */
export function chooseScenarioId(catalog: Catalog, request: ResetChoice, seed: number): string {
  const families = familiesOf(catalog);
  const generated = families.find((f) => f.task.task_id === request.task_id);
  if ((request.difficulty !== undefined || request.split !== undefined) && generated === undefined) {
    const names = families.length > 0 ? families.map((f) => `'${f.task.task_id}'`).join(" or ") : "'generated'";
    throw new ResetError(request.difficulty !== undefined ? "difficulty" : "split", `difficulty and split choose a generated scenario: give task_id ${names} with them`);
  }
  if (generated !== undefined && request.scenario_id === undefined) {
    return generated.idOf({ seed, ...(request.difficulty ? { difficulty: request.difficulty } : {}), ...(request.split ? { split: request.split } : {}) });
  }
  if (request.task_id !== undefined && !catalog.task(request.task_id)) {
    throw new ResetError("task_id", `unknown task_id '${request.task_id}'; valid: ${catalog.tasks.map((t) => t.task_id).join(", ")}`);
  }
  if (request.scenario_id !== undefined) {
    const id = request.scenario_id;
    const family = families.find((f) => f.names(id));
    const taskId = family !== undefined ? family.task.task_id : catalog.scenario(id)?.task_id;
    if (taskId === undefined) {
      throw new ResetError("scenario_id", `unknown scenario_id '${id}'; GET /tasks lists the scenarios`);
    }
    if (request.task_id !== undefined && taskId !== request.task_id) {
      throw new ResetError("scenario_id", `scenario '${id}' belongs to task '${taskId}', not '${request.task_id}'`);
    }
    return id;
  }
  const pool = request.task_id === undefined ? catalog.scenarios : catalog.scenarios.filter((s) => s.task_id === request.task_id);
  const picked = pool[mixSeed(seed) % pool.length];
  if (!picked) throw new ResetError("task_id", "no scenario to choose from");
  return picked.id;
}
