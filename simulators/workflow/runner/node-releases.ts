/**
 * The Node a job runs: the release each major installs on hosted runners through actions/setup-node (with
 * the npm it ships), and the project files npm reads (package.json, .npmrc) from the job's checkout.
 */
import type { NodeRelease } from "../events.js";
import type { RunnerState } from "./state.js";

/** The Node release each major installs on hosted runners, with the npm it ships. */
const RELEASES: Record<number, NodeRelease> = {
  12: { node: "12.22.12", npm: "6.14.16" },
  14: { node: "14.21.3", npm: "6.14.18" },
  16: { node: "16.20.2", npm: "8.19.4" },
  18: { node: "18.20.8", npm: "10.8.2" },
  20: { node: "20.19.5", npm: "10.8.2" },
  22: { node: "22.20.0", npm: "10.9.3" },
  24: { node: "24.9.0", npm: "11.6.0" },
};

/** The concrete Node version setup-node installs for a `node-version` input (`14`, `18.x`, `20.11.1`); null for aliases. */
export function resolveNode(spec: string): NodeRelease | null {
  const m = /^v?(\d+)(?:\.(\d+|x))?(?:\.(\d+|x))?$/.exec(spec.trim());
  if (!m) return null;
  const release = RELEASES[Number(m[1])];
  if (m[2] !== undefined && m[2] !== "x" && m[3] !== undefined && m[3] !== "x") return { node: `${m[1]}.${m[2]}.${m[3]}`, npm: release?.npm ?? "10.8.2" };
  return release ?? null;
}

/** The job's Node release, or null for the runner's own (no setup-node) or an alias. */
export function jobNode(state: RunnerState): NodeRelease | null {
  return state.node === null ? null : resolveNode(state.node);
}

/** A repository file the job checked out, by its workspace path. */
export function checkedOutFile(state: RunnerState, workspaceFile: string): string | undefined {
  const repoPath = state.workspace.get(workspaceFile);
  return repoPath === undefined ? undefined : state.repo.get(repoPath)?.content;
}

/** package.json as npm reads it: {} when the repository's checkout has none there, null when it is not a JSON object. */
export function readManifest(state: RunnerState, workspaceFile: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(checkedOutFile(state, workspaceFile) ?? "{}");
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
