/** The Kubernetes objects of a repository's manifests, for the cross-file rules (readable documents only). */
import { readManifests } from "../k8s/manifests.js";
import { isObject } from "../k8s/object.js";
import type { K8sObject } from "../k8s/object.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions } from "../simulation.js";
import type { World } from "../world.js";

export function manifestObjects(repo: Repository, world: World, options: SimulationOptions): K8sObject[] {
  const namespace = options.worldKnown === false ? "default" : world.cluster.namespace;
  const objects: K8sObject[] = [];
  for (const file of readManifests(repo)) {
    for (const d of file.documents) {
      if (d.problem || !d.doc || !isObject(d.value)) continue;
      const value = d.value;
      const text = (v: unknown): string => (typeof v === "string" ? v : "");
      const metadata = isObject(value["metadata"]) ? value["metadata"] : {};
      objects.push({
        file: file.path,
        index: d.index,
        doc: d.doc,
        lineCounter: file.lineCounter,
        value,
        apiVersion: text(value["apiVersion"]),
        kind: text(value["kind"]),
        name: text(metadata["name"]),
        namespace: text(metadata["namespace"]) || namespace,
      });
    }
  }
  return objects;
}
