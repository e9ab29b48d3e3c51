/**
 * The shared base of every Kubernetes rule: what a rule declares (code, phase, which objects it looks at)
 * and the context its check runs in (the objects still alive at its phase, the simulated cluster, and
 * `report`, which places a finding at the line of the field at fault).
 */
import type { World } from "../world.js";
import type { RuleCases, RuleInfo } from "../rule.js";
import type { Cluster } from "./cluster.js";
import type { ManifestFile } from "./manifests.js";
import type { FieldPath, K8sObject } from "./object.js";

/**
 * Where in a real rollout a rule's fault shows, in order. kubectl reads the files (read), resolves each
 * object's kind (identify); the API server decodes it (decode) and validates it (validate); the scheduler
 * places its pods (schedule); the kubelet pulls (pull), builds the container's config (configure), starts
 * it (start), the app runs (run) and grows (memory), probes hit it (probe, ready); then traffic flows (route).
 */
export const PHASES = ["read", "identify", "decode", "validate", "schedule", "pull", "configure", "start", "run", "memory", "probe", "ready", "route"] as const;
export type Phase = (typeof PHASES)[number];

/** Phases after which an object that failed goes no further: it was refused, or its pods never got past it. */
export function isBlockingPhase(phase: Phase): boolean {
  return phase !== "route";
}

export interface ReportOptions {
  /** Point at the field's key rather than its value (unknown fields). */
  key?: boolean;
  /** The real tool's output around the error, for the episode's error_message. */
  log?: string;
}

export interface RuleContext {
  readonly world: World;
  /** false when linting a user's files: nothing outside the files is known. */
  readonly worldKnown: boolean;
  readonly files: readonly ManifestFile[];
  /** Objects the rule applies to that are still alive at its phase. */
  readonly objects: readonly K8sObject[];
  readonly cluster: Cluster;
  report(o: K8sObject, path: FieldPath, message: string, options?: ReportOptions): void;
  /** A finding not tied to an object (a file kubectl cannot read). */
  reportFile(file: string, line: number, column: number, message: string, options?: ReportOptions): void;
  /** The rule could not judge `o` (a fact it needs is unknown, or what it checks never happened). */
  undecided(o: K8sObject): void;
}

/** A Kubernetes rule: its declaration, its cases, and its check. */
export interface K8sRule extends RuleInfo {
  phase: Phase;
  cases: RuleCases;
  /** Needs the scenario's world (registry, apps, cluster): skipped when linting a user's own files. */
  needsWorld?: boolean;
  /** The objects the rule judges; read-phase rules judge files and may leave this out. */
  appliesTo?(o: K8sObject): boolean;
  check(ctx: RuleContext): void;
}

/** Declares a rule; the identity function, there for the type and for a uniform look of rule files. */
export function defineRule(rule: K8sRule): K8sRule {
  return rule;
}
