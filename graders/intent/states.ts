/** A repository state as intent checks read it: its files and the facts one simulation of them yields. */
import { simulateRepository } from "../../simulators/index.js";
import type { Repository } from "../../simulators/repository.js";
import type { World } from "../../simulators/world.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import type { IntentCheck, RepositoryState, Violation } from "./types.js";

export function stateOf(repo: Repository, world: World = EMPTY_WORLD): RepositoryState {
  return { repo, facts: simulateRepository(repo, world, { worldKnown: true, context: true }).facts };
}

/** Runs `check` on the change from `before` to `after` (each simulated in `world`), with no base. */
export function judgeChange(check: IntentCheck, before: Repository, after: Repository, world: World = EMPTY_WORLD): Violation[] {
  return check.check({ initial: stateOf(before, world), base: null, current: stateOf(after, world) });
}
