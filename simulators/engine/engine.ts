/**
 * The rule engine every simulator runs its rules through. An interpreter (docker build, container start,
 * workflow runner, cluster) opens a unit of work on a file (a Dockerfile's build, a job, a Kubernetes object),
 * walks it through the domain's phases and emits typed events; the engine hands each event to the rules that
 * subscribe to it, in registry order, builds their diagnostics, tells the interpreter whether the unit must
 * stop (the phase's policy), and keeps the record of which rules were evaluated on which file all the way
 * through. Every event is also kept as a fact, for the grader to compare.
 *
 * Evaluated, per rule and file: every unit of that file the rule applies to got past the rule's phase (or
 * stopped in it with nothing the rule subscribes to left to come), none was undecided for it, and what the
 * rule needs (the world, the build context) was there. A rule that fired on a file is always checked there.
 */
import type { Diagnostic } from "../diagnostic.js";
import type { RuleCode } from "../rule-codes.js";
import { compareDiagnostics } from "../diagnostic.js";
import type { SimulationResult } from "../simulation.js";
import { checkKey } from "../simulation.js";
import type { World } from "../world.js";
import { FactLog } from "./facts.js";
import type { Fact } from "./facts.js";
import type { AnyRule, Domain, Location, ReportOptions, RuleContext, RuleEvent } from "./rule.js";

/** What a phase does when a rule reports an error in it. */
export type StopPolicy = "first" | "end" | "never";

export interface PhaseSpec {
  readonly name: string;
  /** first: the unit stops at the first error (a build step); end: every rule of the phase still runs (GitHub
   * lists every parse error); never: errors are reported and the unit goes on (traffic). */
  readonly stops: StopPolicy;
}

/** A domain's phases, in the order its real run meets them. */
export interface DomainSpec {
  readonly domain: Domain;
  readonly phases: readonly PhaseSpec[];
}

export interface EngineEnvironment {
  world: World;
  worldKnown: boolean;
  context: boolean;
}

/** A rule's finding as the interpreter sees it: the diagnostic (whose log it may still fill in) and the rest. */
export interface Failure {
  readonly rule: AnyRule;
  readonly diagnostic: Diagnostic;
  readonly output: readonly string[];
  readonly exitCode: number | undefined;
  readonly detail: Readonly<Record<string, unknown>>;
}

/** What the rules made of one event. */
export interface Verdict {
  /** The first error, when the unit must stop (or, in a phase that never stops, null). */
  readonly failed: Failure | null;
  /** Every finding the event raised, warnings included. */
  readonly findings: readonly Failure[];
}

export interface EmitOptions {
  /** A switched-off unit (`continue-on-error`, `if: false`): its findings are warnings and stop nothing. */
  soft?: boolean;
  /**
   * The event may not happen at all (it sits in control flow the interpreter does not follow): a rule that would
   * report on it is undecided on the unit instead, nothing is reported and nothing stops, and the verdict still
   * says what the rules found (for the interpreter's own state).
   */
  tentative?: boolean;
}

const NO_VERDICT: Verdict = { failed: null, findings: [] };
const NO_RULES: readonly AnyRule[] = [];

interface Stop {
  phase: number;
  /** Event types that would still have come; "all" when the interpreter cannot say. */
  pending: ReadonlySet<string> | "all";
  /** The rules that ran on the event that stopped the unit, and its type. */
  ran: ReadonlySet<AnyRule>;
  eventType: string | null;
}

/** One unit of work on a file, walked through its domain's phases. */
export class UnitRun<E extends RuleEvent = RuleEvent, S = unknown> {
  private phaseIndex = 0;
  private stopped: Stop | null = null;
  private finished = false;
  private lastRan = new Set<AnyRule>();
  private lastType: string | null = null;
  /** The phase of the rule whose error last stopped an event: a unit stopped there got as far as that check. */
  private failedPhase = -1;
  readonly undecided = new Set<AnyRule>();
  readonly fired = new Set<AnyRule>();

  constructor(
    private readonly engine: RuleEngine,
    readonly spec: DomainSpec,
    readonly file: string,
    readonly subject: S,
    /** Every event of the unit is emitted soft: a unit a switched-off step runs (its findings are warnings). */
    private readonly soft = false,
  ) {}

  /** The phase the unit is in now. */
  get phase(): string {
    return this.spec.phases[this.phaseIndex]!.name;
  }

  get isStopped(): boolean {
    return this.stopped !== null;
  }

  /** Moves the unit on to `phase` (never back). */
  enter(phase: string): this {
    const index = this.spec.phases.findIndex((p) => p.name === phase);
    if (index < 0) throw new Error(`unknown ${this.spec.domain} phase '${phase}'`);
    if (index > this.phaseIndex) {
      this.phaseIndex = index;
      this.lastRan = new Set();
      this.lastType = null;
    }
    return this;
  }

  /** Hands an event to the rules that subscribe to it and records it as a fact. */
  emit(event: E, given: EmitOptions = {}): Verdict {
    const options = this.soft ? { ...given, soft: true } : given;
    this.engine.facts.add(this.file, event);
    if (this.stopped || this.finished) return NO_VERDICT;
    const rules = this.engine.subscribers(this.spec.domain, event.type, this.subject);
    if (rules.length === 0) return NO_VERDICT;
    const policy = options.soft || options.tentative ? "never" : this.spec.phases[this.phaseIndex]!.stops;
    const findings: Failure[] = [];
    let failed: Failure | null = null;
    this.lastRan = new Set();
    this.lastType = event.type;
    for (const rule of rules) {
      this.lastRan.add(rule);
      const raised = this.engine.run(rule, event, this, options);
      findings.push(...raised);
      const error = raised.find((f) => f.diagnostic.severity === "error");
      if (error && policy !== "never") {
        failed ??= error;
        if (policy === "first") break;
      }
    }
    if (failed) this.failedPhase = Math.max(this.failedPhase, this.phaseOf(failed.rule));
    return { failed, findings };
  }

  /**
   * The unit goes no further than the phase it is in. `pending`: the event types the rest of this phase would
   * still have emitted (a job's unreached steps); rules of this phase subscribed to none of them were judged
   * in full. Unknown (the default): only the rules that ran on the stopping event and fired count.
   */
  stop(pending?: Iterable<string>): void {
    if (this.stopped || this.finished) return;
    this.stopped = { phase: Math.max(this.phaseIndex, this.failedPhase), pending: pending === undefined ? "all" : new Set(pending), ran: this.lastRan, eventType: this.lastType };
  }

  /**
   * The interpreter carried on past a failure after all (bash swallowed it: `cmd || true`, a pipeline's first
   * command): the finding stays, as a warning, as a switched-off unit's would.
   */
  excuse(failure: Failure): void {
    failure.diagnostic.severity = "warning";
  }

  /** The unit ran to its end: every rule of its domain was judged on it. */
  finish(): void {
    if (!this.stopped) this.finished = true;
  }

  private phaseOf(rule: AnyRule): number {
    const index = this.spec.phases.findIndex((p) => p.name === rule.phase);
    if (index < 0) throw new Error(`rule ${rule.code} has phase '${rule.phase}', which ${this.spec.domain} does not have`);
    return index;
  }

  /** Whether `rule` was judged on this unit all the way through. */
  evaluated(rule: AnyRule): boolean {
    if (this.undecided.has(rule)) return false;
    if (this.finished) return true;
    const phase = this.phaseOf(rule);
    const stop = this.stopped ?? { phase: this.phaseIndex, pending: "all" as const, ran: this.lastRan, eventType: this.lastType };
    if (phase < stop.phase) return true;
    if (phase > stop.phase || stop.pending === "all") return false;
    const types = Object.keys(rule.on);
    if (types.some((t) => (stop.pending as ReadonlySet<string>).has(t))) return false;
    return stop.eventType === null || !types.includes(stop.eventType) || stop.ran.has(rule);
  }
}

/** What one rule may do while it judges one event on one unit (the rule's RuleContext). */
class Judgement implements RuleContext {
  readonly world: World;
  readonly worldKnown: boolean;
  readonly context: boolean;
  readonly raised: Failure[] = [];

  constructor(
    env: EngineEnvironment,
    private readonly rule: AnyRule,
    private readonly unit: UnitRun<RuleEvent, unknown>,
    private readonly options: EmitOptions,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.world = env.world;
    this.worldKnown = env.worldKnown;
    this.context = env.context;
  }

  report(at: Location, message: string, report: ReportOptions = {}): void {
    const { rule, unit } = this;
    const diagnostic: Diagnostic = {
      file: at.file ?? unit.file,
      line: Math.max(1, at.line),
      column: Math.max(1, at.column ?? 1),
      // Every rule the engine runs comes from the registry, whose codes make the union.
      code: rule.code as RuleCode,
      severity: this.options.soft === true ? "warning" : rule.severity,
      message,
      stage: rule.stage,
      ...(report.log === undefined ? {} : { log: report.log }),
    };
    if (this.options.tentative) unit.undecided.add(rule);
    else {
      this.diagnostics.push(diagnostic);
      unit.fired.add(rule);
    }
    this.raised.push({ rule, diagnostic, output: report.output ?? [message], exitCode: report.exitCode, detail: report.detail ?? {} });
  }

  undecided(): void {
    this.unit.undecided.add(this.rule);
  }
}

/** Where an engine's record stood at one moment: the start of a stretch that may be replayed. */
export interface EngineMark {
  readonly diagnostics: number;
  readonly units: number;
  readonly facts: number;
  readonly adopted: number;
  readonly adoptedUndecided: number;
}

/**
 * What a stretch of an engine's run added to its record (diagnostics, units, facts, adopted checks): replayed
 * into another engine, it leaves that engine's record as running the stretch again would have.
 */
export interface EngineTrace {
  readonly diagnostics: readonly Diagnostic[];
  readonly units: readonly UnitRun<RuleEvent, unknown>[];
  readonly facts: readonly Fact[];
  readonly adopted: readonly string[];
  readonly adoptedUndecided: readonly string[];
}

interface Subscriptions {
  byType: ReadonlyMap<string, readonly AnyRule[]>;
  domains: ReadonlySet<Domain>;
}

/** Every run of one registry subscribes its rules the same way: worked out once per registry. */
const subscriptions = new WeakMap<readonly AnyRule[], Subscriptions>();

function subscriptionsOf(rules: readonly AnyRule[]): Subscriptions {
  let found = subscriptions.get(rules);
  if (found) return found;
  const byType = new Map<string, AnyRule[]>();
  const domains = new Set<Domain>();
  for (const rule of rules) {
    domains.add(rule.domain);
    for (const type of Object.keys(rule.on)) {
      const key = `${rule.domain}:${type}`;
      const list = byType.get(key) ?? [];
      list.push(rule);
      byType.set(key, list);
    }
  }
  found = { byType, domains };
  subscriptions.set(rules, found);
  return found;
}

/** The rule engine of one simulation run (a repository, or one file in a test). */
export class RuleEngine {
  readonly facts = new FactLog();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly units: UnitRun<RuleEvent, unknown>[] = [];
  private readonly byType: ReadonlyMap<string, readonly AnyRule[]>;
  private readonly domains: ReadonlySet<Domain>;
  /** Checks a nested simulation (adopted whole) recorded as evaluated, and those it left undecided. */
  private readonly adopted = new Set<string>();
  private readonly adoptedUndecided = new Set<string>();
  /** The same keys in the order they were first adopted, for a stretch of the run to be traced. */
  private readonly adoptedOrder: string[] = [];
  private readonly adoptedUndecidedOrder: string[] = [];

  constructor(
    private readonly rules: readonly AnyRule[],
    readonly env: EngineEnvironment,
  ) {
    ({ byType: this.byType, domains: this.domains } = subscriptionsOf(rules));
  }

  /** Opens a unit of work on `file`; `soft`: its findings are warnings and stop nothing (a step that continues on error). */
  unit<E extends RuleEvent, S = undefined>(spec: DomainSpec, file: string, subject?: S, options: { soft?: boolean } = {}): UnitRun<E, S> {
    const unit = new UnitRun<E, S>(this, spec, file, subject as S, options.soft === true);
    this.units.push(unit as unknown as UnitRun<RuleEvent, unknown>);
    return unit;
  }

  /** The rules that judge events of `type` on a unit with this subject, in registry order. */
  subscribers(domain: Domain, type: string, subject: unknown): readonly AnyRule[] {
    const rules = this.byType.get(`${domain}:${type}`);
    if (rules === undefined) return NO_RULES;
    if (rules.every((r) => r.needs === undefined && r.applies === undefined)) return rules;
    return rules.filter((r) => this.needsMet(r) && (r.applies === undefined || r.applies(subject)));
  }

  private needsMet(rule: AnyRule): boolean {
    return (rule.needs ?? []).every((n) => (n === "world" ? this.env.worldKnown : this.env.context));
  }

  /** Runs one rule on one event; returns what it reported. */
  run(rule: AnyRule, event: RuleEvent, unit: UnitRun<RuleEvent, unknown>, options: EmitOptions = {}): Failure[] {
    const ctx = new Judgement(this.env, rule, unit, options, this.diagnostics);
    const handler = (rule.on as Record<string, ((e: RuleEvent, c: RuleContext) => void) | undefined>)[event.type];
    handler?.(event, ctx);
    return ctx.raised;
  }

  /** Adds diagnostics another engine run made (a nested simulation), as they are. */
  adopt(result: SimulationResult): void {
    this.diagnostics.push(...result.diagnostics);
    this.adoptKeys(result.checked, result.undecided);
    this.facts.merge(result.facts);
  }

  private adoptKeys(checked: Iterable<string>, undecided: Iterable<string>): void {
    for (const key of checked) {
      if (this.adopted.has(key)) continue;
      this.adopted.add(key);
      this.adoptedOrder.push(key);
    }
    for (const key of undecided) {
      if (this.adoptedUndecided.has(key)) continue;
      this.adoptedUndecided.add(key);
      this.adoptedUndecidedOrder.push(key);
    }
  }

  /** Where the record stands now. */
  mark(): EngineMark {
    return {
      diagnostics: this.diagnostics.length,
      units: this.units.length,
      facts: this.facts.size,
      adopted: this.adoptedOrder.length,
      adoptedUndecided: this.adoptedUndecidedOrder.length,
    };
  }

  /**
   * What the record gained since `mark`. The units in it must be done with (finished or stopped, or never to
   * see another event): a replay shares them.
   */
  since(mark: EngineMark): EngineTrace {
    return {
      diagnostics: this.diagnostics.slice(mark.diagnostics),
      units: this.units.slice(mark.units),
      facts: this.facts.since(mark.facts),
      adopted: this.adoptedOrder.slice(mark.adopted),
      adoptedUndecided: this.adoptedUndecidedOrder.slice(mark.adoptedUndecided),
    };
  }

  /**
   * Adds a traced stretch to this engine's record. Each diagnostic is a copy, so that what one run's reader
   * does with its diagnostics never reaches another run's.
   */
  replay(trace: EngineTrace): void {
    for (const d of trace.diagnostics) this.diagnostics.push({ ...d });
    this.units.push(...trace.units);
    this.facts.replay(trace.facts);
    this.adoptKeys(trace.adopted, trace.adoptedUndecided);
  }

  /** Every diagnostic so far, in pipeline order. */
  current(): readonly Diagnostic[] {
    return this.diagnostics;
  }

  result(): SimulationResult {
    const checked = new Set<string>(this.adopted);
    for (const d of this.diagnostics) checked.add(checkKey(d.code, d.file));
    for (const rule of this.rules) {
      if (!this.domains.has(rule.domain) || !this.needsMet(rule)) continue;
      const byFile = new Map<string, boolean>();
      for (const unit of this.units) {
        if (unit.spec.domain !== rule.domain) continue;
        if (rule.applies !== undefined && !rule.applies(unit.subject)) continue;
        byFile.set(unit.file, (byFile.get(unit.file) ?? true) && unit.evaluated(rule));
      }
      for (const [file, all] of byFile) if (all) checked.add(checkKey(rule.code, file));
    }
    // Undecided on a file: some unit could not judge the rule, and it fired on none of the file's units.
    const fired = new Set(this.diagnostics.map((d) => checkKey(d.code, d.file)));
    const undecided = new Set<string>();
    for (const key of this.adoptedUndecided) if (!fired.has(key)) undecided.add(key);
    for (const unit of this.units) {
      for (const rule of unit.undecided) {
        const key = checkKey(rule.code, unit.file);
        if (!fired.has(key)) undecided.add(key);
      }
    }
    return { diagnostics: [...this.diagnostics].sort(compareDiagnostics), checked, undecided, facts: this.facts };
  }
}
