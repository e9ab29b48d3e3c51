/**
 * The tasks, in SPEC §2's order, each with its scenarios. A task whose scenarios are not written yet is listed
 * in PLANNED_TASKS and left out, so nothing advertises a scenario that cannot be played.
 */
import { dockerfileRuntime } from "./dockerfile_runtime/index.js";
import { dockerfileSyntax } from "./dockerfile_syntax/index.js";
import type { TaskModule } from "./schema.js";

export const TASK_MODULES: readonly TaskModule[] = [dockerfileSyntax, dockerfileRuntime];

export const TASKS = TASK_MODULES.map((m) => m.task);

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
