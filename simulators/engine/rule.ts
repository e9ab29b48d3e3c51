/**
 * The one shape of every rule, in every domain. A rule is its identity (a stable code, a kebab-case name, a
 * one-line summary), where a real run meets it (stage and phase), what it needs from outside the files, its
 * valid/invalid cases, and its check: handlers for the typed events the domain's interpreter emits. A rule
 * judges what happened (a COPY found no source, a login used an empty password, a probe hit a closed port);
 * it never re-reads the files. The engine (engine.ts) owns dispatch order, stopping and the record of what
 * was evaluated, so a rule file holds nothing but the rule.
 */
import type { Severity, Stage } from "../diagnostic.js";
import type { World, WorldInput } from "../world.js";

/** The simulators, each with its own interpreter, events and phases. */
export type Domain = "dockerfile" | "workflow" | "k8s" | "pipeline" | "host";

/** What a rule needs beyond the files; without it (`breakfix lint`, `--no-context`) the rule is not evaluated. */
export type Need = "world" | "context";

/** Every event names its type; the rest is the domain's business. */
export interface RuleEvent {
  readonly type: string;
}

/** Where a finding is: a file (the unit's own when absent) and a 1-based position. */
export interface Location {
  file?: string;
  line: number;
  column?: number;
}

export interface ReportOptions {
  /** The real tool's log around the error, for the episode's error_message. */
  log?: string;
  /** What the failing command printed, for the interpreter to put into its log (a build step's output). */
  output?: readonly string[];
  /** The exit status the failing command had, when the interpreter shows one. */
  exitCode?: number;
  /** Anything else the interpreter needs to carry on from the failure (the input at fault, a resolved port). */
  detail?: Readonly<Record<string, unknown>>;
}

/** What a rule's check may do. */
export interface RuleContext {
  readonly world: World;
  /** false when linting a user's files: nothing outside the files is known. */
  readonly worldKnown: boolean;
  /** false under `--no-context`. */
  readonly context: boolean;
  /** Reports a finding of this rule. */
  report(at: Location, message: string, options?: ReportOptions): void;
  /** The rule cannot judge this unit (a fact it needs is unknown): it is not counted as evaluated there. */
  undecided(): void;
}

/** A handler per event type the rule subscribes to. */
export type Subscriptions<E extends RuleEvent> = {
  readonly [K in E["type"]]?: (event: Extract<E, { type: K }>, ctx: RuleContext) => void;
};

/**
 * A test case of a rule: a small repository (and world) on which the rule must stay silent (valid) or fire
 * (invalid), on `file` at `line` with `message` in its text when given.
 */
export interface RuleCase {
  name?: string;
  files: Record<string, string | { content: string; mode?: number }>;
  world?: WorldInput;
  /** Run as `breakfix lint` runs on a user's files (no world), instead of as a scenario. */
  lint?: boolean;
  /** Invalid cases: where the diagnostic must be. */
  file?: string;
  line?: number;
  /** Invalid cases: a fragment the message must contain. */
  message?: string;
}

export interface RuleCases {
  valid: RuleCase[];
  invalid: RuleCase[];
}

/** What a rule says about itself, for the rules table and the scenario checks. */
export interface RuleInfo {
  /** Stable id: DF… Dockerfile, GHA… workflow, K8S… Kubernetes, PIPE… cross-file, HOST… host. Never reused. */
  readonly code: string;
  readonly name: string;
  readonly summary: string;
  readonly domain: Domain;
  readonly stage: Stage;
  /** Where in the domain's run the rule judges (the domain's phase list orders them). */
  readonly phase: string;
  readonly severity: Severity;
}

/** A rule of a domain whose interpreter emits events of type E to units whose subject is S. */
export interface Rule<E extends RuleEvent = RuleEvent, S = unknown> extends RuleInfo {
  readonly needs?: readonly Need[];
  readonly cases: RuleCases;
  /** The units the rule judges (a Kubernetes rule's kinds); every unit of its domain when absent. */
  readonly applies?: (subject: S) => boolean;
  readonly on: Subscriptions<E>;
}

/** Any rule, whatever its domain's events. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = Rule<any, any>;

/**
 * Declares a rule. The identity function, there for the literal type of its code (rule codes are a typed
 * union built from the registry) and a uniform look of rule files.
 */
export function defineRule<const C extends string, E extends RuleEvent, S = unknown>(rule: Rule<E, S> & { code: C }): Rule<E, S> & { code: C } {
  return rule;
}
