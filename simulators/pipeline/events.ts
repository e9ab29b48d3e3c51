/**
 * What the pipeline simulator emits, and the phases its rules judge in: each image build a delivery workflow
 * asks for, before BuildKit runs it (the workflow's target against the Dockerfile's stages), and the deployment
 * of the manifests once the delivery ran (what was built and pushed against what the workloads pull).
 */
import type { DomainSpec } from "../engine/engine.js";
import type { Rule } from "../engine/rule.js";
import { defineRule } from "../engine/rule.js";
import type { K8sObject } from "../k8s/object.js";
import type { ImageBuild, RegistryPush } from "../workflow/index.js";
import type { Position } from "../workflow/source.js";
import type { World } from "../world.js";

export const PIPELINE_DOMAIN: DomainSpec = {
  domain: "pipeline",
  phases: [
    { name: "build", stops: "first" },
    { name: "deploy", stops: "never" },
  ],
};

/** A delivery workflow's build, about to be handed to BuildKit. */
export interface BuildRequestedEvent {
  type: "build-requested";
  /** The workflow file. */
  file: string;
  build: ImageBuild;
  /** Where the step's `target:` input (or the step) is. */
  at: Position;
  /** The stage names of the Dockerfile it builds; null when the Dockerfile is not in the repository. */
  stages: readonly string[] | null;
}

/** A manifest file's objects deployed from what the delivery pushed. */
export interface DeliveryDeployedEvent {
  type: "delivery-deployed";
  /** The manifest file. */
  file: string;
  objects: readonly K8sObject[];
  /** The delivery workflows. */
  workflows: readonly string[];
  /** Tags the run pushed. */
  pushes: readonly RegistryPush[];
  /** `registry/repository` of every image a build tagged, and of those a build or a push sends to a registry. */
  built: ReadonlySet<string>;
  pushed: ReadonlySet<string>;
  /** The registry after the run: the world's repositories plus every tag pushed. */
  registry: World["registry"];
}

export type PipelineEvent = BuildRequestedEvent | DeliveryDeployedEvent;

export interface PipelineUnit {
  file: string;
}

export type PipelineRule = Rule<PipelineEvent, PipelineUnit>;

export function pipelineRule<const C extends string>(rule: Omit<PipelineRule, "domain"> & { code: C }): PipelineRule & { code: C } {
  return defineRule({ ...rule, domain: "pipeline" as const });
}
