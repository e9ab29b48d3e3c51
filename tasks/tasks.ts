/**
 * The ten tasks: what each asks of the agent and which scenarios it holds. A task whose scenarios are not
 * written yet is listed in PLANNED_TASKS and left out of the catalogue, so nothing advertises a scenario that
 * cannot be played.
 */
import type { Task } from "./schema.js";

const DOCKER_INSTRUCTIONS =
  "This repository's container does not work: `docker build` fails, or the container it builds fails to start or " +
  "to serve. error_message holds the log of the first failing stage. Edit the files until the image builds and " +
  "the container starts and serves, keeping what the repository is for: no suppressions, no deleted files or " +
  "instructions, no switched-off checks. The episode ends when every problem is fixed, on submit, or at max_steps.";

export const TASKS: Task[] = [
  {
    task_id: "dockerfile_syntax",
    title: "Dockerfile syntax errors",
    difficulty: "easy",
    description: "Typos and malformed instructions that make docker build fail before or while it runs.",
    instructions: DOCKER_INSTRUCTIONS,
    scenarios: ["typo_filename", "invalid_base_image", "invalid_run_syntax", "invalid_expose", "missing_from_instruction"],
  },
  {
    task_id: "dockerfile_runtime",
    title: "Dockerfile runtime errors",
    difficulty: "medium",
    description: "The image builds, but the container fails to start or to serve.",
    instructions: DOCKER_INSTRUCTIONS,
    scenarios: ["missing_workdir", "cmd_entrypoint_conflict", "entrypoint_not_executable", "missing_required_env", "non_root_privileged_port"],
  },
];

/** Task ids SPEC §2 defines whose scenarios come later. */
export const PLANNED_TASKS = [
  "workflow_syntax",
  "workflow_secrets_permissions",
  "ci_docker_integration",
  "multi_stage_matrix",
  "k8s_pod_failures",
  "k8s_networking",
  "pipeline_build_push",
  "full_pipeline",
] as const;
