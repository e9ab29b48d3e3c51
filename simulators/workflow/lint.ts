/**
 * Kind detection for `breakfix lint`: which paths are GitHub workflow files, and which contents look like
 * one when the path does not say.
 */

/** `.github/workflows/<name>.yml|yaml`, at the repository root or below a directory being linted. */
export function isWorkflowPath(path: string): boolean {
  return /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(path.replace(/\\/g, "/"));
}

/** A YAML document with top-level `jobs:` and a trigger (`on:`) or a job's `runs-on:`/`steps:`. */
export function looksLikeWorkflow(content: string): boolean {
  const head = content.slice(0, 200_000);
  return /^jobs\s*:/m.test(head) && (/^["']?on["']?\s*:/m.test(head) || /^\s+(runs-on|steps|uses)\s*:/m.test(head));
}
