/**
 * Kind detection for `breakfix lint`: which paths are GitHub workflow files, and which contents look like
 * one when the path does not say.
 */
import type { Repository } from "../repository.js";

/** `.github/workflows/<name>.yml|yaml`, at the repository root or below a directory being linted. */
export function isWorkflowPath(path: string): boolean {
  return /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(path.replace(/\\/g, "/"));
}

/** A YAML document with top-level `jobs:` and a trigger (`on:`) or a job's `runs-on:`/`steps:`. */
export function looksLikeWorkflow(content: string): boolean {
  const head = content.slice(0, 200_000);
  return /^jobs\s*:/m.test(head) && (/^["']?on["']?\s*:/m.test(head) || /^\s+(runs-on|steps|uses)\s*:/m.test(head));
}

/** A workflow by its path, or a YAML file whose content is one (`on:` and `jobs:`) wherever it lives. */
export function isWorkflowFile(path: string, content: string): boolean {
  return isWorkflowPath(path) || (/\.ya?ml$/i.test(path) && looksLikeWorkflow(content));
}

/**
 * The repository without its workflow files, for the readers of other kinds: a workflow is never read as a
 * Kubernetes manifest, whatever directory it sits in (`deploy/`, `k8s/`). `forced`: the files `breakfix lint
 * --kind` assigned to another kind, which are not manifests either.
 */
export function withoutWorkflows(repo: Repository, forced?: ReadonlySet<string>): Repository {
  const kept = new Map<string, { content: string; mode: number }>();
  let dropped = false;
  for (const [p, file] of repo) {
    // Only a YAML file's content is read: what a simulation reads is what it depends on (incremental/read-log.ts).
    if (forced?.has(p) || isWorkflowPath(p) || (/\.ya?ml$/i.test(p) && isWorkflowFile(p, file.content))) dropped = true;
    else kept.set(p, file);
  }
  return dropped ? kept : repo;
}
