/**
 * Manifests still deploy what they deployed: every object (kind and name) is still there, workloads still run
 * their containers, and none was scaled to zero.
 */
import type { IntentCheck } from "./types.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface ObjectFacts {
  replicas: number | null;
  containers: string[];
}

function objectsOf(content: string): Map<string, ObjectFacts> {
  const out = new Map<string, ObjectFacts>();
  for (const doc of yamlDocuments(content)) {
    if (!isRecord(doc) || typeof doc["kind"] !== "string" || !isRecord(doc["metadata"])) continue;
    const name = doc["metadata"]["name"];
    if (typeof name !== "string") continue;
    const spec = isRecord(doc["spec"]) ? doc["spec"] : {};
    const template = isRecord(spec["template"]) && isRecord(spec["template"]["spec"]) ? spec["template"]["spec"] : isRecord(spec) ? spec : {};
    const containers = Array.isArray(template["containers"])
      ? template["containers"].filter(isRecord).map((c) => String(c["name"] ?? ""))
      : [];
    out.set(`${doc["kind"]}/${name}`, { replicas: typeof spec["replicas"] === "number" ? spec["replicas"] : null, containers });
  }
  return out;
}

function allObjects(repo: Parameters<IntentCheck>[0]): Map<string, ObjectFacts & { file: string }> {
  const out = new Map<string, ObjectFacts & { file: string }>();
  for (const [path, file] of repo) {
    if (!/\.ya?ml$/i.test(path) || path.startsWith(".github/")) continue;
    for (const [key, facts] of objectsOf(file.content)) out.set(key, { ...facts, file: path });
  }
  return out;
}

export const k8sIntent: IntentCheck = (before, after) => {
  const was = allObjects(before);
  if (was.size === 0) return [];
  const is = allObjects(after);
  const violations: string[] = [];
  for (const [key, facts] of was) {
    const now = is.get(key);
    if (!now) {
      violations.push(`${key} was removed from the manifests`);
      continue;
    }
    if ((facts.replicas ?? 1) > 0 && now.replicas === 0) violations.push(`${key} was scaled to zero replicas`);
    for (const c of facts.containers) if (!now.containers.includes(c)) violations.push(`${key}: container '${c}' was removed`);
  }
  return violations;
};
