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
  base: RepositoryState;
}

const references = new WeakMap<Scenario, References>();

/**
 * Clean bases simulated in a world, by content: generated scenarios share a handful of bases, so the base
 * reference of one is the base reference of many. Bounded (least recently used goes first); shared, read only.
 */
const baseStates = new Map<string, RepositoryState>();
const BASE_STATES = 64;

function fingerprint(files: Scenario["baseFiles"], world: Scenario["world"]): string {
  const parts = [JSON.stringify(world)];
  for (const [p, f] of Object.entries(files)) parts.push(`${p}\0${f.mode}\0${f.content}`);
  return parts.join("\u0001");
}

function baseStateOf(scenario: Scenario): RepositoryState {
  const key = fingerprint(scenario.baseFiles, scenario.world);
  let state = baseStates.get(key);
  if (state) baseStates.delete(key);
  else {
    state = stateOf(repositoryFrom(scenario.baseFiles), scenario.world);
    if (baseStates.size >= BASE_STATES) baseStates.delete(baseStates.keys().next().value!);
  }
  baseStates.set(key, state);
  return state;
}

/** Whether `repo` holds exactly the scenario's starting files. */
function isInitial(scenario: Scenario, repo: Repository): boolean {
  const start = Object.entries(scenario.files);
  if (start.length !== repo.size) return false;
  return start.every(([p, f]) => {
    const now = repo.get(p);
    return now !== undefined && now.content === f.content && now.mode === f.mode;
  });
}

/** The references, reusing `simulated` (the current state's simulation) when the current state is the start. */
function referencesOf(scenario: Scenario, current: Repository, simulated: RepositoryState["facts"]): References {
  let found = references.get(scenario);
  if (!found) {
    const initial = isInitial(scenario, current) ? { repo: current, facts: simulated } : stateOf(repositoryFrom(scenario.files), scenario.world);
    found = { initial, base: baseStateOf(scenario) };
    references.set(scenario, found);
  }
  return found;
}

export type { Assessment } from "../contracts/assessment.js";

/** The assessment of `current`, a state of the scenario's repository (its starting files, changed by actions). */
export function assess(scenario: Scenario, current: Repository): Assessment {
  const result = simulateRepository(current, scenario.world, { worldKnown: true, context: true });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  const known = new Set(scenario.issues.flatMap((i) => i.detection.map((d) => checkKey(d.code, d.file))));
  const firing = new Set(result.diagnostics.map((d) => checkKey(d.code, d.file)));
  const foreign = errors.filter((d) => !known.has(checkKey(d.code, d.file)));
  const { initial, base } = referencesOf(scenario, current, result.facts);
  const violations = intentViolations({ initial, base, current: { repo: current, facts: result.facts } });
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
