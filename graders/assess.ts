/**
 * Which of a scenario's issues are fixed in a given state of its files. The episode engine (for rewards and
 * issues_fixed) and the grader (for the score) both use this one function, so they can never disagree.
 *
 * An issue is fixed when every check that detects it was evaluated and did not fire (on its file, and on the
 * files a fix moved that file's Kubernetes objects to: moved-objects.ts), no error appeared that is
 * not one of the scenario's own issues (a fix that moves the failure elsewhere fixes nothing), no check is left
 * undecided that the starting state and the clean base both decided (a fix that relies on what no simulator
 * models is unknown, and unknown earns no credit), and the repository still means what it meant (intent checks).
 */
import { renderErrorMessage, simulateRepository } from "../simulators/index.js";
import type { Repository } from "../simulators/repository.js";
import type { SimulationResult } from "../simulators/simulation.js";
import { repositoryFrom } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";
import type { Scenario } from "../tasks/schema.js";
import type { Diagnostic } from "../simulators/diagnostic.js";
import { stageIndex } from "../simulators/diagnostic.js";
import { ruleByCode } from "../simulators/rules.js";
import { intentViolations } from "./intent/index.js";
import type { Assessment, Violation } from "../contracts/assessment.js";
import type { RepositoryState } from "./intent/index.js";
import { keptAssessment } from "./kept-assessments.js";
import { filesObjectsMovedTo } from "./moved-objects.js";

/** A scenario's starting state and clean base, simulated once: the references every intent check compares with. */
interface References {
  initial: RepositoryState;
  /** The checks the starting state leaves undecided: not the fix's doing. */
  initialUndecided: ReadonlySet<string>;
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
function referencesOf(scenario: Scenario, current: Repository, simulated: SimulationResult): References {
  let found = references.get(scenario);
  if (!found) {
    const start = holds(scenario.files, current) ? current : repositoryFrom(scenario.files);
    const result = start === current ? simulated : simulate(start, scenario.world);
    found = { initial: { repo: start, facts: result.facts }, initialUndecided: result.undecided, base: baseStateOf(scenario) };
    references.set(scenario, found);
  }
  return found;
}

export type { Assessment } from "../contracts/assessment.js";

/**
 * The checks the current state leaves undecided where neither the start nor the clean base did: what the fix
 * relies on is something no simulator models (an action major the catalogue does not know, a command inside
 * control flow the runner does not follow), so whether the pipeline passes there is unknown. A check at or
 * after the stage of an error the run still has is left alone: the run already fails before it decides
 * anything there (a Service whose selector matches no pod has no endpoints whose port could be judged), and
 * that error is accounted for, as an issue still open or an error of the fix's own.
 */
function unknownOutcomes(now: ReadonlySet<string>, initial: ReadonlySet<string>, base: ReadonlySet<string>, errors: readonly Diagnostic[]): Violation[] {
  // A loop, not Math.min(...): a repository can hold more errors than a call takes arguments.
  const failsAt = errors.reduce((at, d) => Math.min(at, stageIndex(d.stage)), Infinity);
  return [...now]
    .filter((key) => !initial.has(key) && !base.has(key))
    .sort()
    .flatMap((key) => {
      const at = key.indexOf("@");
      const code = key.slice(0, at);
      const file = key.slice(at + 1);
      const stage = ruleByCode(code)?.stage;
      if (stage !== undefined && stageIndex(stage) >= failsAt) return [];
      return [{ check: "no-unknown-outcomes" as const, file, message: `${code} cannot be decided on ${file}: the fix relies on something the simulators do not model, so it earns no credit` }];
    });
}

/** The assessment of `current`, a state of the scenario's repository (its starting files, changed by actions). */
export function assess(scenario: Scenario, current: Repository): Assessment {
  return keptAssessment(scenario, current, () => assessNow(scenario, current));
}

function assessNow(scenario: Scenario, current: Repository): Assessment {
  // A state back at the clean base (a whole repair, as the generator's gates walk it) was simulated already.
  const remembered = references.get(scenario);
  const result = remembered && holds(scenario.baseFiles, current) ? remembered.base.result : simulate(current, scenario.world);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  const known = new Set(scenario.issues.flatMap((i) => i.detection.map((d) => checkKey(d.code, d.file))));
  const firing = new Set(result.diagnostics.map((d) => checkKey(d.code, d.file)));
  const foreign = errors.filter((d) => !known.has(checkKey(d.code, d.file)));
  const { initial, initialUndecided, base } = referencesOf(scenario, current, result);
  const violations = [
    ...intentViolations({ initial, base: base.state, current: { repo: current, facts: result.facts } }),
    ...unknownOutcomes(result.undecided, initialUndecided, base.result.undecided, errors),
  ];
  const clean = foreign.length === 0 && violations.length === 0;
  const fixed = scenario.issues.map(
    (issue) =>
      clean &&
      issue.detection.every((d) => {
        const judged = [d.file, ...filesObjectsMovedTo(d.file, [initial.facts, base.state.facts], result.facts)].filter((f) => result.checked.has(checkKey(d.code, f)));
        return judged.length > 0 && judged.every((f) => !firing.has(checkKey(d.code, f)));
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
