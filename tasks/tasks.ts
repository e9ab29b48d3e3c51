/**
 * The tasks, in SPEC §2's order, each with its scenarios. A task whose scenarios are not written yet is listed
 * in PLANNED_TASKS and left out, so nothing advertises a scenario that cannot be played.
 */
import { dockerfileRuntime } from "./dockerfile_runtime/index.js";
import { dockerfileSyntax } from "./dockerfile_syntax/index.js";
import { workflowSecretsPermissions } from "./workflow_secrets_permissions/index.js";
import { workflowSyntax } from "./workflow_syntax/index.js";
import { k8sNetworking } from "./k8s_networking/index.js";
import { k8sPodFailures } from "./k8s_pod_failures/index.js";
import { ciDockerIntegration } from "./ci_docker_integration/index.js";
import { multiStageMatrix } from "./multi_stage_matrix/index.js";
import { pipelineBuildPush } from "./pipeline_build_push/index.js";
import { fullPipeline } from "./full_pipeline/index.js";
import { hostIncidents } from "./host_incidents/index.js";
import type { TaskModule } from "./schema.js";

export const TASK_MODULES: readonly TaskModule[] = [dockerfileSyntax, dockerfileRuntime, workflowSyntax, workflowSecretsPermissions, ciDockerIntegration, multiStageMatrix, k8sPodFailures, k8sNetworking, pipelineBuildPush, fullPipeline, hostIncidents];

export const TASKS = TASK_MODULES.map((m) => m.task);

/** Tracks beyond SPEC §2's ten tasks, after them: the Linux host incidents (issue 18). */
export const TRACK_TASK_IDS = ["host_incidents"] as const;

/** Task ids SPEC §2 defines, in its order. */
export const SPEC_TASK_IDS = [
  "dockerfile_syntax",
  "dockerfile_runtime",
  "workflow_syntax",
  "workflow_secrets_permissions",
  "ci_docker_integration",
  "multi_stage_matrix",
  "k8s_pod_failures",
  "k8s_networking",
  "pipeline_build_push",
  "full_pipeline",
] as const;
