/**
 * The Kubernetes simulator: `kubectl apply` on the manifests, then a simulated one-node cluster running them.
 * kubectl reads each file (a unit per file), then every object is a unit of the rule engine, walked through
 * the phases a real rollout meets: apply (apply.ts), its pods (pods.ts), then traffic (routing.ts). Each pass
 * runs over every object before the next begins, as a rollout does: every object is applied before any pod
 * starts, and traffic flows once every workload's pods got as far as they could.
 */
import type { Repository } from "../repository.js";
import { RuleEngine } from "../engine/engine.js";
import type { SimulationOptions, SimulationResult, Simulator } from "../simulation.js";
import type { World } from "../world.js";
import { applyObject } from "./apply.js";
import { Cluster } from "./cluster.js";
import { K8S_DOMAIN, type K8sEvent, type K8sRule, type K8sSubject } from "./events.js";
import type { Node } from "yaml";
import { generatedName } from "./identity.js";
import { readManifests, type ManifestFile } from "./manifests.js";
import { isObject, type K8sObject } from "./object.js";
import { runPods } from "./pods.js";
import { routeTraffic } from "./routing.js";
import { K8S_RULES } from "./rules/index.js";

/**
 * Objects of the readable documents (a List's items, each on its own): mappings, whatever their apiVersion, kind
 * and name. A file's objects are built once per parse and namespace: a parse is shared by every run of the same
 * text (parse-cache.ts), so what is worked out once per object (its decode against the schema, decode.ts) is
 * worked out once per text, not once per run. Objects are shared, read only, like the parses they hold.
 */
export function objectsOf(files: readonly ManifestFile[], defaultNamespace: string): K8sObject[] {
  return files.flatMap((file) => fileObjects(file, defaultNamespace));
}

const objectsByFile = new WeakMap<ManifestFile, Map<string, readonly K8sObject[]>>();

function fileObjects(file: ManifestFile, defaultNamespace: string): readonly K8sObject[] {
  let byNamespace = objectsByFile.get(file);
  if (!byNamespace) objectsByFile.set(file, (byNamespace = new Map()));
  let objects = byNamespace.get(defaultNamespace);
  if (!objects) byNamespace.set(defaultNamespace, (objects = readObjects(file, defaultNamespace)));
  return objects;
}

function readObjects(file: ManifestFile, defaultNamespace: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const d of file.documents) {
    if (d.problem || !d.doc || !isObject(d.value)) continue;
    const doc = d.doc;
    const each = d.items ? d.items.map((it, item) => ({ ...it, item })) : [{ value: d.value, node: doc.contents as Node | null, item: undefined }];
    for (const { value, node, item } of each) {
      const text = (v: unknown) => (typeof v === "string" ? v : "");
      const metadata = isObject(value["metadata"]) ? value["metadata"] : {};
      const namespace = text(metadata["namespace"]) || defaultNamespace;
      const kind = text(value["kind"]);
      // An object with generateName and no name is named by the API server when it is created.
      const prefix = text(metadata["name"]) === "" ? text(metadata["generateName"]) : "";
      const name = prefix === "" ? text(metadata["name"]) : generatedName(prefix, `${file.path}#${d.index}/${item ?? ""}`);
      objects.push({ file: file.path, index: d.index, ...(item === undefined ? {} : { item }), doc, node, lineCounter: file.lineCounter, value, apiVersion: text(value["apiVersion"]), kind, name, namespace });
    }
  }
  return objects;
}

/** Runs the repository's manifests as units of `engine`. */
export function simulateCluster(engine: RuleEngine, repo: Repository, world: World = engine.env.world, options: SimulationOptions = {}): void {
  const { worldKnown } = engine.env;
  const files = readManifests(repo, options);
  const readable = new Map(files.map((f) => [f.path, f.documents.every((d) => !d.problem && isObject(d.value))]));
  for (const file of files) {
    const unit = engine.unit<K8sEvent, K8sSubject>(K8S_DOMAIN, file.path, { file: file.path, readable: readable.get(file.path)! });
    unit.emit({ type: "manifest-file", file: file.path, documents: file.documents });
    if (readable.get(file.path)) unit.finish();
    else unit.stop([]);
  }

  const objects = objectsOf(files, worldKnown ? world.cluster.namespace : "default");
  const refused = new Set<K8sObject>();
  const stopped = new Set<K8sObject>();
  const cluster = new Cluster(world, worldKnown, objects, { refused, stopped });
  const units = new Map(objects.map((o) => [o, engine.unit<K8sEvent, K8sSubject>(K8S_DOMAIN, o.file, { file: o.file, object: o, readable: readable.get(o.file)! })]));
  // Linting reports every independent finding of an object at once; an episode's cluster stops where the API server does.
  for (const o of objects) if (!applyObject(units.get(o)!, o, !worldKnown)) refused.add(o);
  for (const o of cluster.workloads()) runPods(units.get(o)!, o, cluster, stopped);
  routeTraffic(units, cluster);
  // Whatever was not stopped met every check it could.
  for (const unit of units.values()) unit.finish();
}

/** Runs `rules` over the repository's manifests in a rule engine of their own. */
export function simulateManifests(repo: Repository, world: World, options: SimulationOptions, rules: readonly K8sRule[] = K8S_RULES): SimulationResult {
  const engine = new RuleEngine(rules, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
  simulateCluster(engine, repo, world, options);
  return engine.result();
}

/** The Kubernetes simulator over every manifest of a repository. */
export const k8sSimulator: Simulator = {
  domain: "k8s",
  simulate(repo, world, options) {
    return simulateManifests(repo, world, options);
  },
};
