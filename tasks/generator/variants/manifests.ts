/**
 * Variant axes over a base's manifests: how many replicas each of the app's Deployments runs, whether the
 * app's pods are fenced by a NetworkPolicy, and whether they are autoscaled (an HPA on CPU) or protected
 * from voluntary evictions (a PodDisruptionBudget). Only the base's own Deployments (those that run an image
 * of its owner) change: a database keeps its one replica.
 *
 * Split rule: replica counts and utilisation targets come from pools that differ by split.
 */
import { isScalar } from "yaml";
import { isManifestPath, parseManifestFile, type ManifestFile } from "../../../simulators/k8s/manifests.js";
import type { GeneratorBase } from "../define-base.js";
import { defineAxis, poolFor, type Decision, type SplitPools } from "./axis.js";
import { contentOf, editFiles } from "./rewrite.js";

/** One Deployment of the base's own image, as its manifest writes it. */
export interface OwnDeployment {
  file: string;
  /** Its document's index in the file. */
  index: number;
  name: string;
  replicas: number | null;
  /** Where the replicas' value is written in the file, [start, end). */
  replicasAt: [number, number] | null;
  matchLabels: Record<string, string>;
  /** Every container requests CPU (an HPA on CPU utilisation needs it). */
  cpuRequested: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function deploymentOf(file: string, doc: ManifestFile["documents"][number], owner: string): OwnDeployment | null {
  const value = doc.value;
  if (!isRecord(value) || value["kind"] !== "Deployment" || !isRecord(value["metadata"]) || !isRecord(value["spec"]) || doc.doc === null) return null;
  const spec = value["spec"];
  const template = isRecord(spec["template"]) && isRecord(spec["template"]["spec"]) ? spec["template"]["spec"] : {};
  const containers = Array.isArray(template["containers"]) ? template["containers"].filter(isRecord) : [];
  const own = containers.some((c) => typeof c["image"] === "string" && new RegExp(`(^|/)${owner}/`).test(c["image"]));
  const selector = isRecord(spec["selector"]) && isRecord(spec["selector"]["matchLabels"]) ? spec["selector"]["matchLabels"] : {};
  const matchLabels = Object.fromEntries(Object.entries(selector).filter((e): e is [string, string] => typeof e[1] === "string"));
  const name = value["metadata"]["name"];
  if (!own || typeof name !== "string" || Object.keys(matchLabels).length === 0) return null;
  const node = doc.doc.getIn(["spec", "replicas"], true);
  const replicas = typeof spec["replicas"] === "number" ? spec["replicas"] : null;
  const replicasAt = replicas !== null && isScalar(node) && node.range ? ([node.range[0], node.range[1]] as [number, number]) : null;
  const cpuRequested = containers.every((c) => isRecord(c["resources"]) && isRecord(c["resources"]["requests"]) && c["resources"]["requests"]["cpu"] !== undefined);
  return { file, index: doc.index, name, replicas: replicasAt === null ? null : replicas, replicasAt, matchLabels, cpuRequested };
}

/**
 * Kept per base object (a base is never changed: an axis that changes it returns a new one). The replicas,
 * disruption-budget and autoscaler axes each read a base's Deployments twice, for their decisions and to apply
 * them; and the replicas axis hands the base it writes its Deployments as edited, so the texts it rewrote are
 * parsed once, by the simulation, not first here (one YAML parse of each rewritten manifest per variant).
 */
const deploymentsOf = new WeakMap<GeneratorBase, readonly OwnDeployment[]>();

/**
 * The base's Deployments that run an image of its owner, in path order. Read through the simulator's own
 * parse, which is kept by content: the simulation of the variant reads the same parse again. Shared: read only.
 */
export function ownDeployments(base: GeneratorBase): readonly OwnDeployment[] {
  let found = deploymentsOf.get(base);
  if (found === undefined) {
    found = readDeployments(base);
    deploymentsOf.set(base, found);
  }
  return found;
}

function readDeployments(base: GeneratorBase): OwnDeployment[] {
  const owner = base.world.repository.owner;
  return Object.entries(base.files)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, spec]) => {
      const content = contentOf(spec);
      if (!isManifestPath(file, content) || !/^kind:[ \t]*Deployment[ \t]*$/m.test(content)) return [];
      return parseManifestFile(file, content).documents.flatMap((doc) => deploymentOf(file, doc, owner) ?? []);
    });
}

/**
 * `deployments` once each replicas value `written` names is rewritten: the value, and where the values after it
 * in the same file now stand. What a parse of the rewritten files reads, since only those digits changed.
 */
function withReplicas(deployments: readonly OwnDeployment[], written: ReadonlyMap<OwnDeployment, string>): OwnDeployment[] {
  const shifts = new Map<string, { at: number; by: number }[]>();
  for (const [d, value] of written) {
    const list = shifts.get(d.file) ?? [];
    list.push({ at: d.replicasAt![1], by: value.length - (d.replicasAt![1] - d.replicasAt![0]) });
    shifts.set(d.file, list);
  }
  return deployments.map((d) => {
    if (d.replicasAt === null) return d;
    const shift = (shifts.get(d.file) ?? []).reduce((sum, s) => (s.at <= d.replicasAt![0] ? sum + s.by : sum), 0);
    const value = written.get(d);
    const start = d.replicasAt[0] + shift;
    if (value === undefined) return shift === 0 ? d : { ...d, replicasAt: [start, d.replicasAt[1] + shift] };
    return { ...d, replicas: Number(value), replicasAt: [start, start + value.length] };
  });
}

const REPLICAS: SplitPools<number> = { train: [1, 2, 3], test: [4, 5] };

const replicasKey = (d: OwnDeployment) => `replicas:${d.file}#${d.index}`;

export const replicasAxis = defineAxis({
  name: "replicas",
  decisions: (base) =>
    ownDeployments(base)
      .filter((d) => d.replicas !== null)
      .map((d) => ({ key: replicasKey(d), written: String(d.replicas), choices: poolFor(base, REPLICAS, d.replicas!).map(String) })),
  apply(base, picks) {
    const changes = ownDeployments(base).filter((d) => d.replicas !== null && picks.has(replicasKey(d)) && picks.get(replicasKey(d)) !== String(d.replicas));
    if (changes.length === 0) return base;
    const written = new Map(changes.map((d) => [d, picks.get(replicasKey(d))!] as const));
    const out = editFiles(base, (files) => {
      // From the end of each file, so the offsets before an edit stay where they were.
      for (const d of [...changes].sort((a, b) => a.file.localeCompare(b.file) || b.replicasAt![0] - a.replicasAt![0])) {
        const text = files.get(d.file)!;
        files.set(d.file, text.slice(0, d.replicasAt![0]) + written.get(d)! + text.slice(d.replicasAt![1]));
      }
    });
    deploymentsOf.set(out, withReplicas(ownDeployments(base), written));
    return out;
  },
});

/** A file of NetworkPolicies only, that no other file and no fact names. */
function policyFiles(base: GeneratorBase): string[] {
  return Object.entries(base.files)
    .filter(([p, f]) => {
      const content = contentOf(f);
      if (!isManifestPath(p, content)) return false;
      const kinds = [...content.matchAll(/^kind:[ \t]*(\S+)/gm)].map((m) => m[1]);
      if (kinds.length === 0 || kinds.some((k) => k !== "NetworkPolicy")) return false;
      const name = p.slice(p.lastIndexOf("/") + 1);
      return !base.discoverable.some((d) => d.file === p) && !Object.entries(base.files).some(([q, g]) => q !== p && contentOf(g).includes(name));
    })
    .map(([p]) => p)
    .sort();
}

export const networkPolicyAxis = defineAxis({
  name: "network-policy",
  decisions: (base) => policyFiles(base).map((p) => ({ key: `policy:${p}`, written: "kept", choices: ["kept", "none"] })),
  apply(base, picks) {
    const dropped = policyFiles(base).filter((p) => picks.get(`policy:${p}`) === "none");
    return dropped.length === 0 ? base : editFiles(base, (files) => dropped.forEach((p) => files.delete(p)));
  },
});

const UTILISATION: SplitPools<string> = { train: ["60", "70", "80"], test: ["65", "75", "90"] };

function folderOf(file: string): string {
  return file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
}

function labelsBlock(labels: Record<string, string>, indent: string): string {
  return Object.entries(labels)
    .map(([k, v]) => `${indent}${k}: ${v}`)
    .join("\n");
}

function autoscaler(d: OwnDeployment, utilisation: string): string {
  const min = Math.max(1, d.replicas ?? 1);
  return [
    "apiVersion: autoscaling/v2",
    "kind: HorizontalPodAutoscaler",
    "metadata:",
    `  name: ${d.name}`,
    "spec:",
    "  scaleTargetRef:",
    "    apiVersion: apps/v1",
    "    kind: Deployment",
    `    name: ${d.name}`,
    `  minReplicas: ${min}`,
    `  maxReplicas: ${min * 3}`,
    "  metrics:",
    "    - type: Resource",
    "      resource:",
    "        name: cpu",
    "        target:",
    "          type: Utilization",
    `          averageUtilization: ${utilisation}`,
    "",
  ].join("\n");
}

function disruptionBudget(d: OwnDeployment): string {
  return ["apiVersion: policy/v1", "kind: PodDisruptionBudget", "metadata:", `  name: ${d.name}`, "spec:", "  maxUnavailable: 1", "  selector:", "    matchLabels:", labelsBlock(d.matchLabels, "      "), ""].join("\n");
}

/** Where an added object of `d` goes: beside its Deployment, unless the base has a file of that name already. */
function addedFile(base: GeneratorBase, d: OwnDeployment, name: string): string | null {
  const file = `${folderOf(d.file)}${name}`;
  return base.files[file] === undefined ? file : null;
}

function additionAxis(name: string, fileName: (d: OwnDeployment) => string, decide: (base: GeneratorBase, d: OwnDeployment) => readonly string[] | null, write: (d: OwnDeployment, choice: string) => string) {
  const candidates = (base: GeneratorBase) => ownDeployments(base).flatMap((d) => {
    const file = addedFile(base, d, fileName(d));
    const choices = file === null ? null : decide(base, d);
    return file !== null && choices !== null ? [{ d, file, choices }] : [];
  });
  return defineAxis({
    name,
    decisions: (base): Decision[] => candidates(base).map(({ d, choices }) => ({ key: `${name}:${d.file}#${d.index}`, written: "none", choices: ["none", ...choices] })),
    apply(base, picks) {
      const added = candidates(base).flatMap(({ d, file }) => {
        const pick = picks.get(`${name}:${d.file}#${d.index}`);
        return pick === undefined || pick === "none" ? [] : [{ file, content: write(d, pick) }];
      });
      return added.length === 0 ? base : editFiles(base, (files) => added.forEach((a) => files.set(a.file, a.content)));
    },
  });
}

export const autoscalerAxis = additionAxis(
  "autoscaler",
  (d) => `${d.name}-hpa.yaml`,
  (base, d) => (d.cpuRequested ? poolFor(base, UTILISATION) : null),
  autoscaler,
);

export const disruptionBudgetAxis = additionAxis(
  "disruption-budget",
  (d) => `${d.name}-pdb.yaml`,
  (_, d) => ((d.replicas ?? 1) >= 2 ? ["max-unavailable-1"] : null),
  (d) => disruptionBudget(d),
);
