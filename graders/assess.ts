/**
 * Which of a scenario's issues are fixed in a given state of its files. The episode engine (for rewards and
 * issues_fixed) and the grader (for the score) both use this one function, so they can never disagree.
 *
 * An issue is fixed when every check that detects it was evaluated and did not fire, no error appeared that is
 * not one of the scenario's own issues (a fix that moves the failure elsewhere fixes nothing), and the
 * repository still means what it meant (intent checks).
 */
import { renderErrorMessage, simulateRepository } from "../simulators/index.js";
import type { Repository } from "../simulators/repository.js";
import type { SimulationResult } from "../simulators/simulation.js";
import { repositoryFrom } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";
import type { Scenario } from "../tasks/schema.js";
import { intentViolations } from "./intent/index.js";
import type { Assessment } from "../contracts/assessment.js";
import type { RepositoryState } from "./intent/index.js";
import { stateOf } from "./intent/states.js";

/** A scenario's starting state and clean base, simulated once: the references every intent check compares with. */
interface References {
  initial: RepositoryState;
  base: BaseReference;
}

/** A clean base's state and its whole simulation: a state with the base's files is simulated no more. */
interface BaseReference {
  state: RepositoryState;
  result: SimulationResult;
}

const references = new WeakMap<Scenario, References>();

/**
 * Clean bases simulated in a world, by content: generated scenarios share a handful of bases, so the base
 * reference of one is the base reference of many. Bounded (least recently used goes first); shared, read only.
 */
const baseStates = new Map<string, BaseReference>();
const BASE_STATES = 64;

function fingerprint(files: Scenario["baseFiles"], world: Scenario["world"]): string {
  const parts = [JSON.stringify(world)];
  for (const [p, f] of Object.entries(files)) parts.push(`${p}\0${f.mode}\0${f.content}`);
  return parts.join("\u0001");
}

function baseStateOf(scenario: Scenario): BaseReference {
  const key = fingerprint(scenario.baseFiles, scenario.world);
  let reference = baseStates.get(key);
  if (reference) baseStates.delete(key);
  else {
    const repo = repositoryFrom(scenario.baseFiles);
    const result = simulate(repo, scenario.world);
    reference = { state: { repo, facts: result.facts }, result };
    if (baseStates.size >= BASE_STATES) baseStates.delete(baseStates.keys().next().value!);
  }
  baseStates.set(key, reference);
  return reference;
}

function simulate(repo: Repository, world: Scenario["world"]): SimulationResult {
  return simulateRepository(repo, world, { worldKnown: true, context: true });
}

/** Whether `repo` holds exactly `files`. */
function holds(files: Scenario["files"], repo: Repository): boolean {
  const expected = Object.entries(files);
  if (expected.length !== repo.size) return false;
  return expected.every(([p, f]) => {
    const now = repo.get(p);
    return now !== undefined && now.content === f.content && now.mode === f.mode;
  });
}

/** The references, reusing `simulated` (the current state's simulation) when the current state is the start. */
function referencesOf(scenario: Scenario, current: Repository, simulated: RepositoryState["facts"]): References {
  let found = references.get(scenario);
  if (!found) {
    const initial = holds(scenario.files, current) ? { repo: current, facts: simulated } : stateOf(repositoryFrom(scenario.files), scenario.world);
    found = { initial, base: baseStateOf(scenario) };
    references.set(scenario, found);
  }
  return found;
}

export type { Assessment } from "../contracts/assessment.js";

/** The assessment of `current`, a state of the scenario's repository (its starting files, changed by actions). */
export function assess(scenario: Scenario, current: Repository): Assessment {
  // A state back at the clean base (a whole repair, as the generator's gates walk it) was simulated already.
  const remembered = references.get(scenario);
  const result = remembered && holds(scenario.baseFiles, current) ? remembered.base.result : simulate(current, scenario.world);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  const known = new Set(scenario.issues.flatMap((i) => i.detection.map((d) => checkKey(d.code, d.file))));
  const firing = new Set(result.diagnostics.map((d) => checkKey(d.code, d.file)));
  const foreign = errors.filter((d) => !known.has(checkKey(d.code, d.file)));
  const { initial, base } = referencesOf(scenario, current, result.facts);
  const violations = intentViolations({ initial, base: base.state, current: { repo: current, facts: result.facts } });
  const clean = foreign.length === 0 && violations.length === 0;
  const fixed = scenario.issues.map(
    (issue) =>
      clean &&
      issue.detection.every((d) => {
        const key = checkKey(d.code, d.file);
        return result.checked.has(key) && !firing.has(key);
      }),
  );
  const fixedCount = fixed.filter(Boolean).length;
  return {
    fixed,
    fixedCount,
    diagnostics: result.diagnostics,
    errorMessage: renderErrorMessage(result.diagnostics),
    foreign,
    violations,
    solved: fixedCount === scenario.issues.length && errors.length === 0 && violations.length === 0,
  };
}
