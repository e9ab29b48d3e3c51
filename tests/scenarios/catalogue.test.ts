/**
 * The scenario catalogue against SPEC §2: the ten task ids in order, and each task's scenario ids exactly as the
 * spec lists them. Tasks are written by several hands; every task present must be complete, and the ids of all
 * tasks present must be SPEC's ids, so that the catalogue reaches exactly 50 once the last task lands.
 */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { SPEC_TASK_IDS, TASKS, TRACK_TASK_IDS } from "../../tasks/tasks.js";

/** SPEC §2's table: task id → its scenarios, in the spec's order. */
const SPEC_SCENARIOS: Record<(typeof SPEC_TASK_IDS)[number], readonly string[]> = {
  dockerfile_syntax: ["typo_filename", "invalid_base_image", "invalid_run_syntax", "invalid_expose", "missing_from_instruction"],
  dockerfile_runtime: ["missing_workdir", "cmd_entrypoint_conflict", "entrypoint_not_executable", "missing_required_env", "non_root_privileged_port"],
  workflow_syntax: ["checkout_after_build", "missing_runs_on", "invalid_trigger_syntax", "missing_step_uses_or_run", "missing_on_trigger"],
  workflow_secrets_permissions: ["missing_env_secrets", "wrong_secret_syntax", "missing_token_permissions", "secret_not_in_env", "ghcr_wrong_credentials"],
  ci_docker_integration: ["missing_buildx_for_platforms", "login_secrets_not_wired", "wrong_build_context", "cache_without_mode_max", "push_without_login"],
  multi_stage_matrix: ["artifact_path_mismatch", "matrix_platform_arg", "cross_job_artifact", "multiple_issues", "matrix_version_failure"],
  k8s_pod_failures: ["oom_killed", "image_pull_backoff", "wrong_command", "missing_configmap", "liveness_probe_failing"],
  k8s_networking: ["selector_mismatch", "port_mismatch", "ingress_wrong_service", "network_policy_blocking", "missing_ingress_class"],
  pipeline_build_push: ["ghcr_token_not_mapped", "image_tag_mismatch", "missing_packages_write", "build_arg_not_passed", "multistage_output_mismatch"],
  full_pipeline: [
    "full_pipeline_ghcr_and_selector",
    "full_pipeline_three_bugs",
    "full_pipeline_ghcr_dockerfile_k8s",
    "full_pipeline_permissions_image_ingress",
    "full_pipeline_secrets_build_probe",
  ],
};

const SPEC_DIFFICULTY: Record<(typeof SPEC_TASK_IDS)[number], string> = {
  dockerfile_syntax: "easy",
  dockerfile_runtime: "medium",
  workflow_syntax: "easy",
  workflow_secrets_permissions: "medium",
  ci_docker_integration: "medium-hard",
  multi_stage_matrix: "hard",
  k8s_pod_failures: "medium",
  k8s_networking: "hard",
  pipeline_build_push: "hard",
  full_pipeline: "expert",
};

const catalog = loadCatalog();

describe("scenario catalogue", () => {
  it("SPEC's table has ten tasks of five scenarios, 50 distinct ids in all", () => {
    expect(Object.keys(SPEC_SCENARIOS)).toEqual([...SPEC_TASK_IDS]);
    const all = Object.values(SPEC_SCENARIOS).flat();
    expect(all).toHaveLength(50);
    expect(new Set(all).size).toBe(50);
  });

  it("lists SPEC's tasks in SPEC order, then the tracks beyond it", () => {
    const ids = TASKS.map((t) => t.task_id);
    const known: readonly string[] = [...SPEC_TASK_IDS, ...TRACK_TASK_IDS];
    expect(ids.every((id) => known.includes(id))).toBe(true);
    expect(ids).toEqual(known.filter((id) => ids.includes(id)));
  });

  const specTasks = TASKS.filter((t) => (SPEC_TASK_IDS as readonly string[]).includes(t.task_id));

  it.each(specTasks.map((t) => [t.task_id, t] as const))("task %s has exactly SPEC's scenarios and difficulty", (id, task) => {
    const specId = id as (typeof SPEC_TASK_IDS)[number];
    expect(task.scenarios).toEqual(SPEC_SCENARIOS[specId]);
    expect(task.difficulty).toBe(SPEC_DIFFICULTY[specId]);
    const loaded = catalog.scenarios.filter((s) => s.task_id === id);
    expect(loaded.map((s) => s.id)).toEqual(SPEC_SCENARIOS[specId]);
    for (const s of loaded) expect(s.difficulty).toBe(SPEC_DIFFICULTY[specId]);
  });

  it("has every scenario id of SPEC's tasks present, and no other: 50 once all ten tasks exist", () => {
    const present = specTasks.map((t) => t.task_id as (typeof SPEC_TASK_IDS)[number]);
    const expected = present.flatMap((id) => SPEC_SCENARIOS[id]);
    const spec = catalog.scenarios.filter((s) => (present as readonly string[]).includes(s.task_id));
    expect(spec.map((s) => s.id).sort()).toEqual([...expected].sort());
    expect(spec.length).toBe(5 * present.length);
    if (present.length === SPEC_TASK_IDS.length) expect(spec.length).toBe(50);
  });

  it("has the host track's scenarios under its own task, none of them SPEC's", () => {
    const host = catalog.scenarios.filter((s) => s.task_id === "host_incidents");
    expect(host.length).toBe(TASKS.find((t) => t.task_id === "host_incidents")!.scenarios.length);
    const specIds = new Set(Object.values(SPEC_SCENARIOS).flat());
    for (const s of host) expect(specIds.has(s.id)).toBe(false);
  });
});
