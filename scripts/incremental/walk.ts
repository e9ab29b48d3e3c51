/**
 * The incremental-versus-full comparison: random walks of edits over scenarios, each state simulated twice,
 * once reusing what earlier states' sections found (incremental/sections.ts) and once from scratch, and the two
 * compared whole (diagnostics, checked and undecided checks, facts, and the grader's assessment). The edits are
 * what agents send: the reference fix's, the alternatives' and the wrong fixes' actions in any order, lines
 * moved between files, lines deleted, files deleted and restored.
 */
import { isDeepStrictEqual } from "node:util";
import type { EditAction } from "../../contracts/actions.js";
import { isEditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { assess } from "../../graders/assess.js";
import { simulateRepository } from "../../simulators/index.js";
import { setIncremental } from "../../simulators/incremental/sections.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import type { SimulationResult } from "../../simulators/simulation.js";
import { Rng } from "../../tasks/generator/rng.js";
import type { Scenario } from "../../tasks/schema.js";

export interface WalkReport {
  steps: number;
  /** States whose incremental and full simulations differ: the first few, described. */
  mismatches: string[];
  mismatchCount: number;
}

/** Runs `simulate` with reuse off: the full run. */
function fromScratch<T>(simulate: () => T): T {
  setIncremental(false);
  try {
    return simulate();
  } finally {
    setIncremental(true);
  }
}

function simulate(scenario: Scenario, repo: Repository): SimulationResult {
  return simulateRepository(repo, scenario.world, { worldKnown: true, context: true });
}

/** A repository (a Map of files, or the tracked view a section read it through). */
function isRepository(value: object): boolean {
  return typeof (value as Repository).get === "function" && typeof (value as Repository).has === "function" && "size" in value;
}

/**
 * Deep equality of two facts. An event may hold the repository its rules read (an app's start, for the
 * dependency lists it declares): a replayed event holds the state it was recorded on, which matches the
 * current one everywhere the section read, so repositories count as equal here and what was read of them is
 * compared through everything else the event says.
 */
function sameFact(a: unknown, b: unknown, seen = new Map<object, object>()): boolean {
  if (Object.is(a, b)) return true;
  // A closure an event carries for its rules: the same code over what the rest of the event describes.
  if (typeof a === "function" && typeof b === "function") return a.toString() === b.toString();
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (isRepository(a) && isRepository(b)) return true;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    const right = [...b.entries()];
    return [...a.entries()].every(([k, v], i) => sameFact(k, right[i]![0], seen) && sameFact(v, right[i]![1], seen));
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    const right = [...b];
    return [...a].every((v, i) => sameFact(v, right[i], seen));
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && sameFact((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], seen));
}

/** Whether two repositories hold the same paths, in the same order, with the same contents and modes. */
function sameFiles(a: Repository, b: Repository): boolean {
  if (a.size !== b.size) return false;
  const right = [...b];
  return [...a].every(([path, file], i) => path === right[i]![0] && file.content === right[i]![1].content && file.mode === right[i]![1].mode);
}

/** Where two simulations of one state differ, or null. */
function difference(incremental: SimulationResult, full: SimulationResult): string | null {
  if (!isDeepStrictEqual(incremental.diagnostics, full.diagnostics)) return "diagnostics";
  if (!isDeepStrictEqual([...incremental.checked].sort(), [...full.checked].sort())) return "checked";
  if (!isDeepStrictEqual([...incremental.undecided].sort(), [...full.undecided].sort())) return "undecided";
  const a = incremental.facts.since(0);
  const b = full.facts.since(0);
  if (a.length !== b.length) return `facts (${a.length} against ${b.length})`;
  for (let i = 0; i < a.length; i++) if (!sameFact(a[i], b[i])) return `fact ${i} (${a[i]!.event.type} on ${a[i]!.file})`;
  return null;
}

/** The edits a walk draws from: every fix's and wrong fix's own, and edits made up from the state's lines. */
function drawEdit(scenario: Scenario, repo: Repository, rng: Rng): EditAction {
  const scripted = [scenario.solution, ...scenario.alternatives.map((f) => f.actions), ...scenario.wrong.map((f) => f.actions)].flat().filter(isEditAction);
  const paths = [...repo.keys()].sort();
  const roll = rng.next();
  if (roll < 0.45 || paths.length === 0) return rng.pick(scripted);
  const file = rng.pick(paths);
  const lines = repo.get(file)!.content.split("\n");
  const line = rng.between(1, Math.max(1, lines.length));
  if (roll < 0.7) {
    const donor = repo.get(rng.pick(paths))!.content.split("\n");
    return { action_type: "replace_line", file_path: file, line_number: line, new_content: rng.pick(donor) };
  }
  if (roll < 0.85) return { action_type: "delete_line", file_path: file, line_number: line };
  const content = repo.get(file)!.content;
  const original = scenario.files[file]?.content ?? scenario.baseFiles[file]?.content ?? "";
  const replacement = roll < 0.93 || original === content ? "" : original;
  if (content === "") return { action_type: "add_line", file_path: file, line_number: 1, content: rng.pick(lines) } as EditAction;
  return { action_type: "edit_file", edits: [{ file_path: file, old_content: content, new_content: replacement }] };
}

/**
 * Walks `steps` random edits over `scenarios` (a walk of `walkLength` from each scenario's start, round robin),
 * comparing the incremental and the full simulation of every state reached.
 */
export function walkAndCompare(scenarios: readonly Scenario[], options: { steps: number; seed: number; walkLength?: number }): WalkReport {
  const rng = new Rng(options.seed);
  const walkLength = options.walkLength ?? 8;
  const report: WalkReport = { steps: 0, mismatches: [], mismatchCount: 0 };
  let next = 0;
  while (report.steps < options.steps) {
    const scenario = scenarios[next++ % scenarios.length]!;
    let repo = repositoryFrom(scenario.files);
    for (let i = 0; i < walkLength && report.steps < options.steps; i++) {
      const action = drawEdit(scenario, repo, rng);
      const outcome = applyEditAction(repo, action);
      // What a host command left is kept by state too: a kept outcome must be the one running it again gives.
      const applied = fromScratch(() => applyEditAction(repo, action));
      const sameOutcome = outcome.ok === applied.ok && (outcome.ok && applied.ok ? sameFiles(outcome.repo, applied.repo) && outcome.output === applied.output : true);
      if (!outcome.ok && sameOutcome) continue;
      if (outcome.ok) repo = outcome.repo;
      report.steps++;
      const incremental = simulate(scenario, repo);
      const full = fromScratch(() => simulate(scenario, repo));
      let where = sameOutcome ? difference(incremental, full) : "the action's outcome";
      if (where === null && !isDeepStrictEqual(assess(scenario, repo), fromScratch(() => assess(scenario, repo)))) where = "assessment";
      if (where !== null) {
        report.mismatchCount++;
        if (report.mismatches.length < 10) report.mismatches.push(`${scenario.id} after ${JSON.stringify(action).slice(0, 160)}: ${where}`);
      }
    }
  }
  return report;
}
