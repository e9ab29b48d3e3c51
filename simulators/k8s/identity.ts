/**
 * Names, IPs and uids of simulated pods and Services. A real cluster makes them up at random; here they are
 * derived from a hash of the object, so the same manifests always give the same logs.
 */
import type { K8sObject } from "./object.js";

/** FNV-1a, 32 bits: small, fast and stable across platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The alphabet of generated name suffixes: no vowels, no look-alike characters (apimachinery's rand). */
const ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

function suffix(seed: string, length: number): string {
  let out = "";
  let h = hash(seed);
  for (let i = 0; i < length; i++) {
    out += ALPHABET[h % ALPHABET.length];
    h = hash(`${seed}:${i}:${h}`);
  }
  return out;
}

/**
 * The name the API server makes from `metadata.generateName`: the prefix and five random characters, here
 * derived from `seed` (where the object is written) so the same manifests always give the same name.
 */
export function generatedName(prefix: string, seed: string): string {
  return `${prefix}${suffix(seed, 5)}`;
}

/** The name of a Deployment's current ReplicaSet: the Deployment's name and its pod-template hash, `web-5d8f9c7b6d`. */
export function replicaSetName(o: K8sObject): string {
  return `${o.name}-${suffix(`${o.namespace}/${o.kind}/${o.name}:rs`, 10)}`;
}

/** The Job a CronJob's latest run created: `report-29000123`, named after the scheduled minute. */
function cronJobRun(o: K8sObject): string {
  return `${o.name}-${29000000 + (hash(`${o.namespace}/${o.kind}/${o.name}`) % 100000)}`;
}

/**
 * The name of pod `index` (0 the first) of those the object runs: `web-5d8f9c7b6d-x2x7k`, `db-0`,
 * `job-abcde`, or the Pod's own. Pods of one ReplicaSet share its name and differ in their last part.
 */
export function podName(o: K8sObject, index = 0): string {
  const seed = `${o.namespace}/${o.kind}/${o.name}`;
  const own = index === 0 ? seed : `${seed}:pod-${index}`;
  switch (o.kind) {
    case "Deployment":
      return `${replicaSetName(o)}-${suffix(own, 5)}`;
    case "StatefulSet":
      return `${o.name}-${index}`;
    case "CronJob":
      return `${cronJobRun(o)}-${suffix(own, 5)}`;
    case "Pod":
      return o.name;
    default:
      return `${o.name}-${suffix(own, 5)}`;
  }
}

/** What `kubectl describe pod` names under `Controlled By:` for the object's pods; null for a bare Pod (no line). */
export function controllerOf(o: K8sObject): string | null {
  switch (o.kind) {
    case "Pod":
      return null;
    case "Deployment":
      return `ReplicaSet/${replicaSetName(o)}`;
    case "CronJob":
      return `Job/${cronJobRun(o)}`;
    default:
      return `${o.kind}/${o.name}`;
  }
}

/** The pod's IP on the node's pod CIDR, 10.244.0.0/24. */
export function podIp(o: K8sObject): string {
  return `10.244.0.${2 + (hash(podName(o)) % 250)}`;
}

/** A Service's ClusterIP in the default service CIDR, 10.96.0.0/12. */
export function clusterIp(namespace: string, name: string): string {
  const h = hash(`${namespace}/svc/${name}`);
  return `10.96.${(h >>> 8) % 256}.${2 + (h % 250)}`;
}

/** A uid in the usual 8-4-4-4-12 form. */
export function podUid(o: K8sObject): string {
  const hex = (seed: string) => hash(seed).toString(16).padStart(8, "0");
  const name = podName(o);
  const raw = hex(name) + hex(`${name}:1`) + hex(`${name}:2`) + hex(`${name}:3`);
  return `${raw.slice(0, 8)}-${raw.slice(8, 12)}-4${raw.slice(13, 16)}-a${raw.slice(17, 20)}-${raw.slice(20, 32)}`;
}
