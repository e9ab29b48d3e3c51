/**
 * The host scenario generator: `gen-host:<split>:<difficulty>:<seed>` names one generated host incident,
 * rebuilt identically from its id on any machine. Each attempt draws a host base (web-01 or api-01), one of
 * its variants from the split's pools and a composition of host faults; the first attempt whose scenario
 * passes every gate (generator/gates.ts: it starts broken with the injected alerts and nothing else, each
 * issue shows along the repair, the repair walked in the order the alerts show the faults scores >= 0.9, the
 * canaries, host ones included, stay at the floor) and, at hard and expert, hides a fault behind another, is
 * the scenario. A failing attempt is skipped deterministically (attempt n draws from its own fork of the
 * seed), so the same id always yields the same bytes.
 */
import { HOST_BASE_IDS, drawVariant, hostBase } from "../tasks/generator/host/bases.js";
import { composeHost, HOST_DIFFICULTY } from "../tasks/generator/host/compose.js";
import type { HostInjection, HostInjector } from "../tasks/generator/host/injector.js";
import { HOST_INJECTORS } from "../tasks/generator/host/injectors/index.js";
import { composeHostScenario } from "../tasks/generator/host/scenario.js";
import { Rng } from "../tasks/generator/rng.js";
import type { Scenario } from "../tasks/schema.js";
import { simulateHost } from "../simulators/host/simulator.js";
import { repositoryFrom } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";
import { GenerationError, type GeneratedId } from "./generate.js";
import { judgeWalk, walkAsShown } from "./gates.js";
import { inShownOrder } from "./shown-order.js";

const ID = /^gen-host:(train|validation|test):(easy|medium|hard|expert):(\d{1,16})$/;

export function generatedHostId(id: GeneratedId): string {
  return `gen-host:${id.split}:${id.difficulty}:${id.seed}`;
}

/** The parts of a generated host scenario's id, or null when `id` is not one. */
export function parseGeneratedHostId(id: string): GeneratedId | null {
  const m = ID.exec(id);
  if (!m) return null;
  const seed = Number(m[3]);
  if (!Number.isSafeInteger(seed)) return null;
  return { split: m[1] as GeneratedId["split"], difficulty: m[2] as GeneratedId["difficulty"], seed };
}

export interface HostGeneratorOptions {
  injectors?: readonly HostInjector[];
  /** Attempts before giving up (each a different base and composition). */
  attempts?: number;
}

/**
 * How many issues are masked at the start: none of their own checks fires (a check of its own being one no
 * other issue names), so what they share with others (the site down, the app failing) is what another fault
 * explains, and their own evidence shows only once that one is repaired.
 */
export function maskedIssues(issues: Scenario["issues"], start: readonly { code: string; file: string }[]): number {
  const firing = new Set(start.map((d) => checkKey(d.code, d.file)));
  return issues.filter((issue, i) => {
    const others = new Set(issues.filter((_, j) => j !== i).flatMap((o) => o.detection.map((d) => checkKey(d.code, d.file))));
    return !issue.detection.some((d) => !others.has(checkKey(d.code, d.file)) && firing.has(checkKey(d.code, d.file)));
  }).length;
}

/** Generates the host scenario `id` names. @throws GenerationError when no attempt passes the gates. */
export function generateHostScenario(id: GeneratedId, options: HostGeneratorOptions = {}): Scenario {
  return generateHostInjected(id, options).scenario;
}

/** The host scenario `id` names with its injections, in its issues' order (for audits of the faults). */
export function generateHostInjected(id: GeneratedId, options: HostGeneratorOptions = {}): { scenario: Scenario; injections: readonly HostInjection[] } {
  const name = generatedHostId(id);
  const injectors = options.injectors ?? HOST_INJECTORS;
  const attempts = options.attempts ?? 40;
  const shape = HOST_DIFFICULTY[id.difficulty];
  const root = new Rng(id.seed).fork(`host/${id.split}/${id.difficulty}`);
  for (let n = 0; n < attempts; n++) {
    const rng = root.fork(`attempt ${n}`);
    const drawn = rng.pick(HOST_BASE_IDS);
    // One variant per base and seed, so that attempts on the same base meet the same host.
    const base = hostBase(drawn, drawVariant(drawn, id.split, root.fork(`variant ${drawn}`)));
    const composition = composeHost(base, injectors, id.difficulty, id.split, rng.fork("compose"));
    if (!composition) continue;
    const drafted = composeHostScenario(composition, { id: name, difficulty: id.difficulty, slack: 6 + 2 * composition.injections.length });
    if (shape.masked > 0) {
      const start = simulateHost(repositoryFrom(drafted.files), drafted.world).diagnostics.filter((d) => d.severity === "error");
      if (maskedIssues(drafted.issues, start) < shape.masked) continue;
    }
    // The reference repair meets the faults as the alerts show them, each repaired once it is in view.
    const walk = walkAsShown(drafted, composition.injections.map((i) => i.repair), true);
    const scenario: Scenario = { ...drafted, solution: walk.solution, optimal_steps: walk.solution.length };
    if (judgeWalk(scenario, walk, { firstProblem: true }).ok) return inShownOrder(scenario, walk, composition.injections);
  }
  throw new GenerationError(name, attempts);
}

/** A bounded cache of generated host scenarios by id (a reset and the grader's replay of it come close together). */
export class GeneratedHostScenarios {
  private readonly cache = new Map<string, Scenario>();

  constructor(
    private readonly options: HostGeneratorOptions = {},
    private readonly capacity = 32,
  ) {}

  byId(id: string): Scenario | undefined {
    const parsed = parseGeneratedHostId(id);
    return parsed ? this.get(parsed) : undefined;
  }

  get(id: GeneratedId): Scenario {
    const name = generatedHostId(id);
    const hit = this.cache.get(name);
    if (hit) {
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    const scenario = generateHostScenario(id, this.options);
    if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(name, scenario);
    return scenario;
  }
}
