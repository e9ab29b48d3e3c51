/**
 * Where the repositories are among a user's files: `breakfix lint DIR` hands over paths relative to where the
 * user stands (`services/api/.github/workflows/ci.yml`), but a workflow's paths (checkout, build context,
 * Dockerfile) are relative to its repository's root. Each delivery workflow's root is found from its path, so
 * that its repository can run as a pipeline with paths as the workflow sees them.
 */
import { isDeliveryWorkflow } from "./delivery.js";

const WORKFLOW_PATH = /^(.*\/)?\.github\/workflows\/[^/]+\.ya?ml$/;

/** The path prefixes (`""` or `dir/`) of the repositories that hold a delivery workflow, deepest first. */
export function deliveryRoots(files: readonly { path: string; content: string }[]): string[] {
  const roots = new Set<string>();
  for (const f of files) {
    const m = WORKFLOW_PATH.exec(f.path);
    if (m && isDeliveryWorkflow(f.content)) roots.add(m[1] ?? "");
  }
  return [...roots].sort((a, b) => b.length - a.length);
}

/** The root a path belongs to (the deepest that contains it), or null. */
export function rootOf(path: string, roots: readonly string[]): string | null {
  return roots.find((r) => path.startsWith(r)) ?? null;
}
