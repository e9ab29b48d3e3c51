/**
 * The clean repositories scenarios break. Every simulator reports no error on each of them (a test), which
 * keeps the simulators honest on realistic input.
 */
import type { Base } from "../schema.js";
import { DOCKER_BASES } from "./docker.js";
import { K8S_BASES } from "./k8s.js";
import { PIPELINE_BASES } from "./pipeline.js";
import { WORKFLOW_BASES } from "./workflow.js";
import { HOST_BASES } from "./host.js";

export const BASES: readonly Base[] = [...DOCKER_BASES, ...WORKFLOW_BASES, ...K8S_BASES, ...PIPELINE_BASES, ...HOST_BASES];
