/**
 * The cross-file pipeline: the delivery workflows, the image builds they hand to the Dockerfile simulator, the
 * registry after the pushes, and the manifests deployed from it. `simulateRepository` hands it every
 * repository with a delivery workflow.
 */
import type { Simulator } from "../simulation.js";
import { simulatePipeline } from "./simulator.js";

export { hasDeliveryWorkflow, isDeliveryWorkflow } from "./delivery.js";
export { PIPELINE_RULES } from "./rules/index.js";
export type { PipelineEvent, PipelineRule } from "./events.js";
export { simulatePipeline };

/** The pipeline as a Simulator: the workflows, Dockerfiles and manifests of a delivery, run as one. */
export const pipelineSimulator: Simulator = {
  domain: "pipeline",
  simulate: simulatePipeline,
};
