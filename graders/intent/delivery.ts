/**
 * A workflow still delivers what it delivered: a build step that pushed still pushes, one that built for
 * several platforms still builds for all of them, a cache export is still exported, and images are still
 * tagged as before, with the build args it passed (a release version left to a Dockerfile default is no longer
 * the release's). Dropping `platforms:` makes a multi-platform build succeed on the default driver, and
 * dropping `push: true` makes a denied push go away; neither is a fix.
 */
import { isWorkflowPath } from "../../simulators/workflow/index.js";
import type { TextCheck } from "./legacy.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface BuildStep {
  where: string;
  push: boolean;
  platforms: Set<string>;
  cacheTo: boolean;
  tags: number;
  /** Names of the build args it passes (`APP_VERSION` of `APP_VERSION=${{ github.ref_name }}`). */
  buildArgs: Set<string>;
  /** Image repositories the tags name (registry/name without the tag), where the workflow's text says them. */
  repositories: Set<string>;
}

/** `${{ env.X }}` replaced by the workflow's or the job's literal env value; other expressions kept. */
function resolveEnv(text: string, env: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => (typeof env[name] === "string" ? (env[name] as string) : whole));
}

/** Tags as build-push-action reads them: one per line or comma-separated, expressions kept whole. */
function tagList(value: unknown, env: Record<string, unknown>): string[] {
  const items = typeof value === "string" ? value.split(/[\n,]/) : Array.isArray(value) ? value.map(String) : [];
  return items.map((t) => resolveEnv(t.trim(), env)).filter(Boolean);
}

/** `ghcr.io/acme/app:1.0` → `ghcr.io/acme/app`; null when the repository part is an expression. */
function repositoryOf(tag: string): string | null {
  const slash = tag.lastIndexOf("/");
  const colon = tag.indexOf(":", slash + 1);
  const repo = (colon >= 0 ? tag.slice(0, colon) : tag).toLowerCase();
  return repo.includes("${{") || repo === "" ? null : repo.replace(/^docker\.io\//, "");
}

/** The names a `build-args` input sets: one `NAME=value` per line (or list item). */
function buildArgNames(value: unknown): string[] {
  const items = typeof value === "string" ? value.split("\n") : Array.isArray(value) ? value.map(String) : [];
  return items.map((i) => i.trim().split("=")[0]!.trim()).filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}

function list(value: unknown): string[] {
  if (typeof value !== "string") return Array.isArray(value) ? value.map(String) : [];
  return value.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
}

/** `push: true`, or an expression other than a literal false (a push on some events is still a push). */
function pushes(value: unknown): boolean {
  if (value === true || value === "true") return true;
  return typeof value === "string" && /^\$\{\{/.test(value.trim()) && !/^\$\{\{\s*false\s*\}\}$/.test(value.trim());
}

/** Build steps by job and position among the job's build steps, so an edited step is still matched. */
function buildSteps(content: string): Map<string, BuildStep> {
  const out = new Map<string, BuildStep>();
  const doc = yamlDocuments(content)[0];
  if (!isRecord(doc) || !isRecord(doc["jobs"])) return out;
  const workflowEnv = isRecord(doc["env"]) ? doc["env"] : {};
  for (const [jobId, job] of Object.entries(doc["jobs"])) {
    if (!isRecord(job) || !Array.isArray(job["steps"])) continue;
    const env = { ...workflowEnv, ...(isRecord(job["env"]) ? job["env"] : {}) };
    let n = 0;
    for (const step of job["steps"]) {
      if (!isRecord(step) || typeof step["uses"] !== "string" || !step["uses"].startsWith("docker/build-push-action")) continue;
      const w = isRecord(step["with"]) ? step["with"] : {};
      n += 1;
      out.set(`${jobId}#${n}`, {
        where: `job '${jobId}', build step ${n}`,
        push: pushes(w["push"]),
        platforms: new Set(list(w["platforms"])),
        cacheTo: w["cache-to"] !== undefined,
        tags: tagList(w["tags"], env).length,
        buildArgs: new Set(buildArgNames(w["build-args"])),
        repositories: new Set(tagList(w["tags"], env).map(repositoryOf).filter((r): r is string => r !== null)),
      });
    }
  }
  return out;
}

export const deliveryIntent: TextCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    if (!isWorkflowPath(path)) continue;
    const now = after.get(path);
    if (!now) continue;
    const was = buildSteps(file.content);
    if (was.size === 0) continue;
    const is = buildSteps(now.content);
    for (const [key, step] of was) {
      const current = is.get(key);
      if (!current) continue; // a removed step is workflowIntent's finding
      if (step.push && !current.push) violations.push(`${path}: ${step.where} no longer pushes`);
      const lost = [...step.platforms].filter((p) => !current.platforms.has(p));
      if (lost.length > 0) violations.push(`${path}: ${step.where} no longer builds for ${lost.join(", ")}`);
      if (step.cacheTo && !current.cacheTo) violations.push(`${path}: ${step.where} no longer exports its cache`);
      if (current.tags < step.tags) violations.push(`${path}: ${step.where} tags fewer images`);
      const dropped = [...step.buildArgs].filter((a) => !current.buildArgs.has(a));
      if (dropped.length > 0) violations.push(`${path}: ${step.where} no longer passes the build arg ${dropped.join(", ")}`);
      const gone = step.push ? [...step.repositories].filter((r) => !current.repositories.has(r)) : [];
      if (gone.length > 0 && current.repositories.size > 0) violations.push(`${path}: ${step.where} no longer pushes to ${gone.join(", ")}`);
    }
  }
  return violations;
};
