/** The Kubernetes objects of a repository's manifests, for the cross-file rules (readable documents only). */
import { readManifests } from "../k8s/manifests.js";
import type { K8sObject } from "../k8s/object.js";
import { objectsOf } from "../k8s/simulator.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions } from "../simulation.js";
import type { World } from "../world.js";

export function manifestObjects(repo: Repository, world: World, options: SimulationOptions): K8sObject[] {
  return objectsOf(readManifests(repo, options), options.worldKnown === false ? "default" : world.cluster.namespace);
}
