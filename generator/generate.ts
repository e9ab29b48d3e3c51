/**
 * The scenario generator: `gen:<split>:<difficulty>:<seed>` names one scenario, rebuilt identically from its
 * id on any machine. Each attempt draws a base of the split, one of its variants (tasks/generator/variants/)
 * and a composition of faults; the first attempt
 * whose scenario passes every gate is the scenario; a failing attempt is skipped deterministically (attempt n
 * draws from its own fork of the seed), so the same id always yields the same bytes. Scenarios are kept in a
 * small cache, since a reset and the grader's replay of the same id follow each other.
 */
import { GENERATOR_BASES } from "../tasks/generator/bases.js";
import { compose } from "../tasks/generator/compose.js";
import { INJECTORS } from "../tasks/generator/injectors/index.js";
import type { Injection, Injector } from "../tasks/generator/injector.js";
import { Rng } from "../tasks/generator/rng.js";
import { composeScenario } from "../tasks/generator/scenario.js";
import { variantOf } from "../tasks/generator/variants/index.js";
import type { GeneratedDifficulty, GeneratedSplit } from "../tasks/generator/task.js";
import { GENERATED_DIFFICULTIES, GENERATED_SPLITS } from "../tasks/generator/task.js";
import type { GeneratorBase } from "../tasks/generator/define-base.js";
import type { Scenario } from "../tasks/schema.js";
import { judgeWalk, walkAsShown } from "./gates.js";
import { inShownOrder } from "./shown-order.js";

export interface GeneratedId {
  split: GeneratedSplit;
  difficulty: GeneratedDifficulty;
  seed: number;
}

// Any safe integer: 2^53 - 1 has 16 digits; a longer or larger number is no seed.
const ID = /^gen:(train|validation|test):(easy|medium|hard|expert):(\d{1,16})$/;

export function generatedId(id: GeneratedId): string {
  return `gen:${id.split}:${id.difficulty}:${id.seed}`;
}

/** The parts of a generated scenario's id, or null when `id` is not one. */
export function parseGeneratedId(id: string): GeneratedId | null {
  const m = ID.exec(id);
  if (!m) return null;
  const seed = Number(m[3]);
  if (!Number.isSafeInteger(seed)) return null;
  return { split: m[1] as GeneratedSplit, difficulty: m[2] as GeneratedDifficulty, seed };
}

/** Bases a split draws from: train and validation the train bases, test only the held-out ones. */
export function basesOf(split: GeneratedSplit, bases: readonly GeneratorBase[] = GENERATOR_BASES): GeneratorBase[] {
  return bases.filter((b) => (split === "test" ? b.split === "test" : b.split === "train"));
}

export class GenerationError extends Error {
  constructor(id: string, attempts: number) {
    super(`no scenario for ${id} passed the gates in ${attempts} attempts`);
    this.name = "GenerationError";
  }
}

export interface GeneratorOptions {
  injectors?: readonly Injector[];
  bases?: readonly GeneratorBase[];
  /** Attempts before giving up (each a different base and composition). */
  attempts?: number;
}

/** Generates the scenario `id` names. @throws GenerationError when no attempt passes the gates. */
export function generateScenario(id: GeneratedId, options: GeneratorOptions = {}): Scenario {
  return generateInjected(id, options).scenario;
}

/**
 * The scenario `id` names with the injections it was composed of, in its issues' order: what an audit of
 * the faults needs beside the scenario (each fault's own repair, which the scenario's solution interleaves).
 * @throws GenerationError when no attempt passes the gates.
 */
export function generateInjected(id: GeneratedId, options: GeneratorOptions = {}): { scenario: Scenario; injections: readonly Injection[] } {
  const name = generatedId(id);
  const injectors = options.injectors ?? INJECTORS;
  const bases = basesOf(id.split, options.bases);
  const attempts = options.attempts ?? 40;
  const root = new Rng(id.seed).fork(`${id.split}/${id.difficulty}`);
  // A variant of a base of the split: the same repository as another team would have written it. One per
  // base and seed, so that attempts on the same base meet the same repository (and its simulations, kept).
  const variants = new Map<string, GeneratorBase>();
  for (let n = 0; n < attempts; n++) {
    const rng = root.fork(`attempt ${n}`);
    const drawn = rng.pick(bases);
    let base = variants.get(drawn.id);
    if (!base) variants.set(drawn.id, (base = variantOf(drawn, root.fork(`variant ${drawn.id}`))));
    const composition = compose(base, injectors, id.difficulty, id.split, rng.fork("compose"));
    if (!composition) continue;
    const drafted = composeScenario(base, composition.injections, { id: name, difficulty: id.difficulty, slack: 6 + 2 * composition.injections.length });
    // The object served is the one the gates walk: what they assessed is kept under it (graders/kept-assessments.ts),
    // so the episode's start and the reference repair's states are not simulated again. No assessment reads the
    // solution, which the walk decides.
    const scenario: Scenario = { ...drafted, solution: [] };
    // The reference repair meets the faults as a run shows them, each repaired once it is in view.
    const walk = walkAsShown(scenario, composition.injections.map((i) => i.repair), true);
    scenario.solution = walk.solution;
    if (judgeWalk(scenario, walk, { firstProblem: true }).ok) return inShownOrder(scenario, walk, composition.injections);
  }
  throw new GenerationError(name, attempts);
}

/** A bounded cache of generated scenarios by id (a reset and the grader's replay of it come close together). */
export class GeneratedScenarios {
  private readonly cache = new Map<string, Scenario>();

  constructor(
    private readonly options: GeneratorOptions = {},
    private readonly capacity = 64,
  ) {}

  byId(id: string): Scenario | undefined {
    const parsed = parseGeneratedId(id);
    return parsed ? this.get(parsed) : undefined;
  }

  get(id: GeneratedId): Scenario {
    const name = generatedId(id);
    const hit = this.cache.get(name);
    if (hit) {
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    const scenario = generateScenario(id, this.options);
    if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(name, scenario);
    return scenario;
  }
}

export { GENERATED_DIFFICULTIES, GENERATED_SPLITS };
