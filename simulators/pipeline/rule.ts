/**
 * The shared base of cross-file rules (PIPE…). Each judges what no single file shows, from the facts of a
 * pipeline run: which images the delivery workflows built (with which Dockerfile, target and tags), what they
 * pushed, what the registry holds afterwards, and the objects the manifests deploy. Build rules judge one build
 * before it is handed to the Dockerfile simulator (and stop it, as BuildKit would); deploy rules judge the
 * manifests once the run got that far.
 */
import type { Position } from "../workflow/source.js";
import type { WorkflowSource } from "../workflow/source.js";
import type { ImageBuild, RegistryPush, WorkflowRun } from "../workflow/index.js";
import type { K8sObject } from "../k8s/object.js";
import type { RuleCases, RuleInfo } from "../rule.js";
import type { Repository } from "../repository.js";
import type { World } from "../world.js";

/** A delivery workflow (one that builds images) and its run with every matrix leg. */
export interface DeliveryRun {
  file: string;
  source: WorkflowSource;
  run: WorkflowRun;
}

/** What the pipeline knows after the workflows ran. */
export interface PipelineFacts {
  repo: Repository;
  world: World;
  worldKnown: boolean;
  runs: readonly DeliveryRun[];
  /** Builds the run reached, in order. */
  builds: readonly { workflow: DeliveryRun; build: ImageBuild }[];
  /** Pushes that really happened (none after a failed build). */
  pushes: readonly RegistryPush[];
  /** `registry/repository` of every image a build tagged, e.g. `ghcr.io/acme/web`. */
  builtRepositories: ReadonlySet<string>;
  /** The registry after the run: the world's repositories plus every tag pushed, repository → tag → config. */
  registry: World["registry"];
  /** The objects of the repository's manifests. */
  objects: readonly K8sObject[];
}

/** A finding a rule makes: where, what the tool said, and the log around it. */
export interface PipeFinding {
  file: string;
  position: Position;
  message: string;
  log: string;
}

/** Judges one build before BuildKit runs it: a finding stops the build (and its job) there. */
export interface BuildRule extends RuleInfo {
  readonly kind: "build";
  readonly cases: RuleCases;
  check(facts: PipelineFacts, workflow: DeliveryRun, build: ImageBuild): PipeFinding | null;
}

/** Judges the deployment of what was built and pushed. */
export interface DeployRule extends RuleInfo {
  readonly kind: "deploy";
  readonly cases: RuleCases;
  /**
   * When the rule judges: always; only with the scenario's world (it needs the registry's real contents); or
   * only in lint (world unknown), for what the files suggest and the registry would decide.
   */
  readonly judges: "always" | "known-world" | "unknown-world";
  check(facts: PipelineFacts): PipeFinding[];
}

export type PipeRule = BuildRule | DeployRule;
