/**
 * The Kubernetes manifests of a repository as the k8s fault injectors read them: each object kubectl would
 * apply (parsed the way the simulator parses it, so positions agree), where a field's node sits in its file,
 * the containers of each workload and the world's app each one runs. Files kubectl could not read whole are
 * left out: an injector never builds on a file another fault already broke.
 */
import { isMap, isScalar, isSeq, type Node, type Pair } from "yaml";
import { validatorFor } from "../../../simulators/k8s/api-catalogue.js";
import { isManifestPath, parseManifestFile } from "../../../simulators/k8s/manifests.js";
import { arrayAt, isObject, valueAt, type FieldPath, type JsonObject, type K8sObject } from "../../../simulators/k8s/object.js";
import { objectsOf } from "../../../simulators/k8s/simulator.js";
import { containersOf, podLabels, runsPods, type ContainerRef } from "../../../simulators/k8s/workload.js";
import type { App, World } from "../../../simulators/world.js";
import type { GenFile } from "../injector.js";

export type { ContainerRef, FieldPath, JsonObject, K8sObject };
export { arrayAt, containersOf, isObject, podLabels, runsPods, valueAt };

/** Every object of the readable manifest files, in path and document order; namespaces resolved against the world's. */
export function manifestObjects(files: ReadonlyMap<string, GenFile>, world: World): K8sObject[] {
  const parsed = [...files.keys()]
    .sort()
    .filter((p) => isManifestPath(p, files.get(p)!.content))
    .map((p) => parseManifestFile(p, files.get(p)!.content))
    .filter((f) => f.documents.every((d) => !d.problem && isObject(d.value)));
  return objectsOf(parsed, world.cluster.namespace);
}

/** The YAML node at `path` inside an object, or undefined. */
export function nodeAt(o: K8sObject, path: FieldPath): Node | undefined {
  let node: unknown = o.node;
  for (const seg of path) {
    if (isMap(node) && typeof seg === "string") node = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg)?.value;
    else if (isSeq(node) && typeof seg === "number") node = node.items[seg];
    else return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}

/** The key/value pair whose key is the last segment of `path`, or undefined. */
export function pairAt(o: K8sObject, path: FieldPath): Pair<Node, Node | null> | undefined {
  const parent = path.length === 1 ? o.node : nodeAt(o, path.slice(0, -1));
  const key = path[path.length - 1];
  if (!isMap(parent) || typeof key !== "string") return undefined;
  return parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key) as Pair<Node, Node | null> | undefined;
}

/** Workloads (objects that run pods), optionally of some kinds. */
export function workloads(objects: readonly K8sObject[]): K8sObject[] {
  return objects.filter(runsPods);
}

/** `ghcr.io/acme/api:main` → `ghcr.io/acme/api` (tag and digest dropped). */
export function imageRepository(ref: string): string {
  const noDigest = ref.split("@")[0]!;
  const slash = noDigest.lastIndexOf("/");
  const colon = noDigest.lastIndexOf(":");
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}

/** The tag of an image reference, or undefined (none, or a digest). */
export function imageTag(ref: string): string | undefined {
  if (ref.includes("@")) return undefined;
  const slash = ref.lastIndexOf("/");
  const colon = ref.lastIndexOf(":");
  return colon > slash ? ref.slice(colon + 1) : undefined;
}

/** The world's app a container runs: the app named as its image's repository is (`ghcr.io/acme/notes-api` runs `notes-api`). */
export function appOf(world: World, c: ContainerRef): App | undefined {
  const image = c.container["image"];
  if (typeof image !== "string") return undefined;
  const name = imageRepository(image).split("/").pop();
  return world.apps.find((a) => a.name === name);
}

/** Literal env entries of a container (`value:`), by name. */
export function literalEnv(c: ContainerRef): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of arrayAt(c.container, ["env"])) if (isObject(e) && typeof e["name"] === "string" && typeof e["value"] === "string") out.set(e["name"], e["value"]);
  return out;
}

/** The container's command and args as written (strings only). */
export function argvWritten(c: ContainerRef): string[] {
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return [...strings(c.container["command"]), ...strings(c.container["args"])];
}

/**
 * Where the container's app listens, as the manifest says it: the app's port, moved by its port option in
 * the container's command or args, or by its port variable in a literal env entry. Undefined without an app.
 */
export function listeningPort(world: World, c: ContainerRef): number | undefined {
  const app = appOf(world, c);
  if (!app) return undefined;
  const argv = argvWritten(c);
  if (app.port_option) {
    const i = argv.findIndex((a) => a === app.port_option);
    const given = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith(`${app.port_option}=`))?.slice(app.port_option.length + 1);
    if (given !== undefined && /^\d+$/.test(given)) return Number(given);
  }
  const env = app.port_env ? literalEnv(c).get(app.port_env) : undefined;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return app.port;
}

/** The container ports a container declares: number and name. */
export function containerPorts(c: ContainerRef): { name: string | undefined; number: number; index: number }[] {
  return arrayAt(c.container, ["ports"]).flatMap((p, index) =>
    isObject(p) && typeof p["containerPort"] === "number" ? [{ name: typeof p["name"] === "string" ? p["name"] : undefined, number: p["containerPort"], index }] : [],
  );
}

/** A port as a probe or a Service writes it (a number or a container port's name), resolved against a container. */
export function resolvePort(c: ContainerRef, port: unknown): number | undefined {
  if (typeof port === "number") return port;
  if (typeof port !== "string") return undefined;
  return containerPorts(c).find((p) => p.name === port)?.number;
}

/** Regular containers that run one of the world's apps, with the app and where it listens. */
export function appContainers(objects: readonly K8sObject[], world: World): { object: K8sObject; container: ContainerRef; app: App; port: number | undefined }[] {
  return workloads(objects).flatMap((object) =>
    containersOf(object)
      .filter((c) => !c.init)
      .flatMap((container) => {
        const app = appOf(world, container);
        return app ? [{ object, container, app, port: listeningPort(world, container) }] : [];
      }),
  );
}

/** Whether a workload runs pods at all (`replicas: 0` and a suspended CronJob run none, so nothing of theirs is judged). */
export function runsSomePods(o: K8sObject): boolean {
  const replicas = valueAt(o.value, ["spec", "replicas"]);
  if (typeof replicas === "number" && replicas <= 0) return false;
  return !(o.kind === "CronJob" && valueAt(o.value, ["spec", "suspend"]) === true);
}

/** What a start failure does to the workload's pods, in prose: a Job's fail, a long-running workload's crash-loop. */
export function crashOutcome(o: K8sObject): string {
  return o.kind === "Job" || o.kind === "CronJob" ? "the Job's pods fail until it gives up" : "the pod goes into CrashLoopBackOff";
}

/** Maps whose keys are data, not fields (labels, annotations, a ConfigMap's data, a Service's selector). */
const DATA_MAPS = new Set(["labels", "annotations", "data", "stringData", "binaryData", "matchLabels", "nodeSelector"]);

/**
 * Every field of an object the API server decodes against a schema, depth first, with its path and value;
 * keys of data maps are not fields, and a custom resource (no schema the simulator knows) has none.
 */
export function fieldsOf(o: K8sObject): { path: FieldPath; value: unknown }[] {
  const out: { path: FieldPath; value: unknown }[] = [];
  if (validatorFor(o.apiVersion, o.kind) === undefined) return out;
  const walk = (value: unknown, path: FieldPath, data: boolean) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], false));
    else if (isObject(value) && !data) {
      for (const [k, v] of Object.entries(value)) {
        out.push({ path: [...path, k], value: v });
        const isSelector = k === "selector" && o.kind === "Service";
        walk(v, [...path, k], DATA_MAPS.has(k) || isSelector);
      }
    }
  };
  walk(o.value, [], false);
  return out;
}
