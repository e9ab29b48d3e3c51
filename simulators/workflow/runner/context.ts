/**
 * The facts a run starts from, drawn from the world: which event fires, the github context, which secrets
 * exist, the variables, and GITHUB_TOKEN's permissions for a job (a `permissions:` block sets every scope it
 * omits to none; without one the repository default applies).
 */
import { isMap, isScalar } from "yaml";
import type { World } from "../../world.js";
import { schemaProperties } from "../github-schema.js";
import { asMap, entries, get, scalarText } from "../source.js";
import type { WorkflowSource } from "../source.js";
import type { HostedRunner } from "./hosted-runners.js";
import type { Sval } from "./values.js";

export type Permissions = Record<string, "read" | "write" | "none">;

/** The commit every simulated run builds: fixed, so tags and logs are the same run after run. */
export const RUN_SHA = "4f6a1d9c2b7e8f0a3c5d6e7f8a9b0c1d2e3f4a5b";

/** The event a simulated run answers: a push when the workflow listens for one, else its first trigger. */
export function triggeringEvent(source: WorkflowSource): string {
  const on = get(source.root, "on", source.doc);
  const names = isScalar(on) ? [scalarText(on)] : isMap(on) ? entries(on, source.doc).map((e) => e.key) : ((on as { items?: unknown[] })?.items ?? []).map(scalarText);
  return names.includes("push") ? "push" : (names[0] ?? "push");
}

export function githubContext(world: World, event: string, workflowName: string): Record<string, string> {
  const { owner, name, default_branch } = world.repository;
  return {
    sha: RUN_SHA,
    ref: `refs/heads/${default_branch}`,
    ref_name: default_branch,
    ref_type: "branch",
    repository: `${owner}/${name}`,
    repository_owner: owner,
    actor: owner,
    triggering_actor: owner,
    event_name: event,
    workspace: `/home/runner/work/${name}/${name}`,
    run_id: "9876543210",
    run_number: "42",
    run_attempt: "1",
    server_url: "https://github.com",
    api_url: "https://api.github.com",
    graphql_url: "https://api.github.com/graphql",
    workflow: workflowName,
    head_ref: "",
    base_ref: "",
    action: "__run",
  };
}

/** Default environment variables of a hosted runner (GITHUB_TOKEN is not one of them). */
export function runnerEnvironment(github: Record<string, string>, job: string, runner: HostedRunner): Map<string, Sval> {
  const lit = (text: string): Sval => ({ text, origin: { kind: "literal" } });
  const vars: Record<string, string> = {
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_SHA: github.sha!,
    GITHUB_REF: github.ref!,
    GITHUB_REF_NAME: github.ref_name!,
    GITHUB_REF_TYPE: "branch",
    GITHUB_REPOSITORY: github.repository!,
    GITHUB_REPOSITORY_OWNER: github.repository_owner!,
    GITHUB_ACTOR: github.actor!,
    GITHUB_TRIGGERING_ACTOR: github.actor!,
    GITHUB_EVENT_NAME: github.event_name!,
    GITHUB_WORKSPACE: github.workspace!,
    GITHUB_RUN_ID: github.run_id!,
    GITHUB_RUN_NUMBER: github.run_number!,
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_SERVER_URL: github.server_url!,
    GITHUB_API_URL: github.api_url!,
    GITHUB_GRAPHQL_URL: github.graphql_url!,
    GITHUB_WORKFLOW: github.workflow!,
    GITHUB_JOB: job,
    GITHUB_HEAD_REF: "",
    GITHUB_BASE_REF: "",
    GITHUB_OUTPUT: "/home/runner/work/_temp/_runner_file_commands/set_output",
    GITHUB_ENV: "/home/runner/work/_temp/_runner_file_commands/set_env",
    GITHUB_PATH: "/home/runner/work/_temp/_runner_file_commands/add_path",
    GITHUB_STEP_SUMMARY: "/home/runner/work/_temp/_runner_file_commands/step_summary",
    GITHUB_EVENT_PATH: "/home/runner/work/_temp/_github_workflow/event.json",
    RUNNER_OS: runner.os,
    RUNNER_ARCH: runner.arch,
    RUNNER_NAME: "GitHub Actions 1",
    RUNNER_TEMP: "/home/runner/work/_temp",
    RUNNER_TOOL_CACHE: "/opt/hostedtoolcache",
    HOME: "/home/runner",
    USER: "runner",
    PATH: "/usr/local/bin:/usr/bin:/bin",
    ImageOS: runner.imageOs,
  };
  return new Map(Object.entries(vars).map(([k, v]) => [k, lit(v)]));
}

/** GITHUB_TOKEN's scopes, as GitHub's workflow schema lists them under `permissions:`. */
const PERMISSION_SCOPES: readonly string[] = schemaProperties("permissions-mapping");

function levels(level: "read" | "write" | "none"): Permissions {
  return Object.fromEntries(PERMISSION_SCOPES.map((s) => [s, level]));
}

/** GITHUB_TOKEN's permissions for a job; `unknownDefault` when the repository's default is not known. */
export function tokenPermissions(source: WorkflowSource, job: unknown, world: World, unknownDefault: boolean): Permissions {
  const block = get(asMap(job), "permissions", source.doc) ?? get(source.root, "permissions", source.doc);
  if (block === undefined || block === null) {
    if (unknownDefault || world.repository.default_token_permissions === "permissive") return levels("write");
    return { ...levels("none"), contents: "read", packages: "read", metadata: "read" };
  }
  if (isScalar(block)) {
    const text = scalarText(block);
    if (text === "read-all") return levels("read");
    if (text === "write-all" || text.includes("${{")) return levels("write");
    return levels("none");
  }
  const out = levels("none");
  for (const e of entries(asMap(block), source.doc)) {
    const value = scalarText(e.value);
    out[e.key] = value === "write" || value.includes("${{") ? "write" : value === "read" ? "read" : "none";
  }
  return out;
}
