/**
 * Manifests still deploy what they deployed: every object (kind and name) is still there, workloads still run
 * their containers with the health probes they had, none was scaled to zero, and no NetworkPolicy that
 * restricted who may connect now lets everyone in.
 */
import type { IntentCheck } from "./types.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface ObjectFacts {
  replicas: number | null;
  containers: string[];
  /** `container/livenessProbe` and the like: a probe that fails is fixed, not removed. */
  probes: string[];
  /** NetworkPolicy: some ingress rule admits every source (a rule without `from`). */
  admitsAll: boolean;
}

const PROBES = ["livenessProbe", "readinessProbe", "startupProbe"];

function objectsOf(content: string): Map<string, ObjectFacts> {
  const out = new Map<string, ObjectFacts>();
  for (const doc of yamlDocuments(content)) {
    if (!isRecord(doc) || typeof doc["kind"] !== "string" || !isRecord(doc["metadata"])) continue;
    const name = doc["metadata"]["name"];
    if (typeof name !== "string") continue;
    const spec = isRecord(doc["spec"]) ? doc["spec"] : {};
    const template = isRecord(spec["template"]) && isRecord(spec["template"]["spec"]) ? spec["template"]["spec"] : isRecord(spec) ? spec : {};
    const list = Array.isArray(template["containers"]) ? template["containers"].filter(isRecord) : [];
    const containers = list.map((c) => String(c["name"] ?? ""));
    const probes = list.flatMap((c) => PROBES.filter((p) => isRecord(c[p])).map((p) => `${String(c["name"] ?? "")}/${p}`));
    const ingress = doc["kind"] === "NetworkPolicy" && Array.isArray(spec["ingress"]) ? spec["ingress"] : [];
    const admitsAll = ingress.some((rule) => !isRecord(rule) || !Array.isArray(rule["from"]) || rule["from"].length === 0);
    out.set(`${doc["kind"]}/${name}`, { replicas: typeof spec["replicas"] === "number" ? spec["replicas"] : null, containers, probes, admitsAll });
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
    for (const p of facts.probes) {
      const [container, probe] = p.split("/");
      if (now.containers.includes(container!) && !now.probes.includes(p)) violations.push(`${key}: the ${probe} of container '${container}' was removed`);
    }
    if (key.startsWith("NetworkPolicy/") && !facts.admitsAll && now.admitsAll) violations.push(`${key} now admits traffic from every source`);
  }
  return violations;
};
