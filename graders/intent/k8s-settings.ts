/**
 * k8s-objects, settings: the manifests still ask the cluster for what they asked, read from the objects the
 * Kubernetes simulator read (its parse of each manifest) and the workloads it derived:
 *  - a container keeps its memory limit (removing it, or raising it past the node's memory where no pod can
 *    reach it, is how an OOM kill goes away without a fix), the volumes it mounts where it mounts them, an
 *    official image's version pin (not `:latest` or no tag), and every ConfigMap and Secret it required stays
 *    required (`optional: true` starts the pod without its configuration instead of providing it);
 *  - a pod gains no host network, host PID, privileged container or added capability;
 *  - a health probe still asks the app for the path, scheme and host it asked for;
 *  - a workload keeps its replicas, an Ingress its TLS, hosts and paths, a Service its type and protocols;
 *  - a ConfigMap's settings keep the values the clean base gives them;
 *  - no IngressClass appears: it is the cluster's, shared by every team, not the repository's to define.
 * Where the fault itself is in one of these settings, the starting files and the base disagree on it, and only
 * what they agree on is held to.
 */
import { lookupImage } from "../../simulators/images/lookup.js";
import { canonicalServiceAddresses } from "../../simulators/k8s/cluster-dns.js";
import type { ContainerFact, ObjectReadEvent, PodsScheduledEvent, WorkloadEvent } from "../../simulators/k8s/events.js";
import { formatMiB, parseQuantity } from "../../simulators/k8s/quantity.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import type { IntentCheck, IntentInputs, RepositoryState, Violation } from "./types.js";
import { perState } from "./per-state.js";

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string | undefined => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : undefined);

interface Facts {
  objects: Map<string, ObjectReadEvent>;
  workloads: Map<string, WorkloadEvent>;
}

function computeFactsOf(state: RepositoryState): Facts {
  const objects = new Map<string, ObjectReadEvent>();
  for (const { event } of state.facts.of<ObjectReadEvent>("object-read")) if (event.kind !== "" && event.name !== "") objects.set(`${event.kind}/${event.name}`, event);
  const workloads = new Map<string, WorkloadEvent>();
  for (const { event } of state.facts.of<WorkloadEvent>("workload")) workloads.set(`${event.object.kind}/${event.object.name}`, event);
  return { objects, workloads };
}
const factsOf = perState(computeFactsOf);

/** The pod spec of a workload object as the API server reads it. */
function podSpec(value: Json): Json {
  const kind = text(value["kind"]);
  const spec = obj(value["spec"]);
  if (kind === "Pod") return spec;
  if (kind === "CronJob") return obj(obj(obj(obj(spec["jobTemplate"])["spec"])["template"])["spec"]);
  return obj(obj(spec["template"])["spec"]);
}

/** Each setting of an object that a fix must keep, as `name → value` (a setting absent is absent). */
function settings(value: Json): Map<string, string> {
  const out = new Map<string, string>();
  const kind = text(value["kind"]);
  const spec = obj(value["spec"]);
  if (kind === "Deployment" || kind === "StatefulSet" || kind === "ReplicaSet") {
    const replicas = text(spec["replicas"]);
    out.set("replicas", replicas ?? "1");
  }
  if (kind === "Ingress") {
    for (const tls of arr(spec["tls"])) out.set(`TLS for ${arr(obj(tls)["hosts"]).map(text).join(", ")}`, text(obj(tls)["secretName"]) ?? "");
    for (const rule of arr(spec["rules"])) {
      const host = text(obj(rule)["host"]) ?? "*";
      out.set(`host ${host}`, "served");
      for (const p of arr(obj(obj(rule)["http"])["paths"])) out.set(`path ${host}${text(obj(p)["path"]) ?? "/"}`, text(obj(p)["pathType"]) ?? "");
    }
  }
  if (kind === "Service") {
    out.set("type", text(spec["type"]) ?? "ClusterIP");
    for (const p of arr(spec["ports"])) out.set(`port ${text(obj(p)["port"])} protocol`, text(obj(p)["protocol"]) ?? "TCP");
  }
  if (kind === "ConfigMap") for (const [k, v] of Object.entries(obj(value["data"]))) out.set(`setting ${k}`, text(v) ?? "");
  return out;
}

/** A pod's privileges and each container's mounts, probes and image, as `name → value`. */
function podSettings(value: Json): { granted: string[]; kept: Map<string, string> } {
  const pod = podSpec(value);
  const granted: string[] = [];
  if (pod["hostNetwork"] === true) granted.push("the host's network");
  if (pod["hostPID"] === true) granted.push("the host's process namespace");
  const kept = new Map<string, string>();
  for (const c of [...arr(pod["containers"]), ...arr(pod["initContainers"])]) {
    const container = obj(c);
    const name = text(container["name"]) ?? "";
    const security = obj(container["securityContext"]);
    if (security["privileged"] === true) granted.push(`privileged mode to container '${name}'`);
    for (const cap of arr(obj(security["capabilities"])["add"])) granted.push(`the ${text(cap)} capability to container '${name}'`);
    for (const m of arr(container["volumeMounts"])) kept.set(`container '${name}' mounts the volume ${text(obj(m)["name"])}`, text(obj(m)["mountPath"]) ?? "");
    for (const kind of ["livenessProbe", "readinessProbe", "startupProbe"]) {
      const http = obj(obj(container[kind])["httpGet"]);
      if (Object.keys(http).length === 0) continue;
      kept.set(`the ${kind} of '${name}' asks for path`, text(http["path"]) ?? "/");
      kept.set(`the ${kind} of '${name}' uses scheme`, (text(http["scheme"]) ?? "HTTP").toUpperCase());
      kept.set(`the ${kind} of '${name}' asks host`, text(http["host"]) ?? "the pod's IP");
    }
  }
  return { granted, kept };
}

/** An official image the catalogue knows: one whose version floats with every release when left unpinned. */
function official(image: string | undefined): boolean {
  if (image === undefined) return false;
  const lookup = lookupImage(image, EMPTY_WORLD);
  return lookup.status === "found" || lookup.status === "tag_not_found";
}

/** An image with no tag or `:latest` (a digest pins). */
function floating(image: string | undefined): boolean {
  if (image === undefined || image.includes("@") || image.includes("${{")) return false;
  const last = image.slice(image.lastIndexOf("/") + 1);
  return !last.includes(":") || last.endsWith(":latest");
}

/** What both references agree on: the entries with the same value in each (one reference alone when only it has the object). */
function agreed(a: Map<string, string> | undefined, b: Map<string, string> | undefined): Map<string, string> {
  if (!a) return b ?? new Map();
  if (!b) return a;
  return new Map([...a].filter(([k, v]) => b.get(k) === v));
}

/** The node's memory in bytes, as the scheduler saw it in any state (they share one cluster); undefined when no pod got that far. */
function nodeMemory(states: readonly (RepositoryState | null)[]): number | undefined {
  for (const state of states) {
    const scheduled = state?.facts.of<PodsScheduledEvent>("pods-scheduled")[0];
    if (scheduled) return scheduled.event.node.memory;
  }
  return undefined;
}

/** A memory limit that no longer limits: the reference's fitted on the node, this one is more than the node has. */
function limitBeyondNode(prior: ContainerFact, c: ContainerFact, node: number | undefined): string | undefined {
  const was = parseQuantity(prior.resources.limits["memory"]);
  const is = parseQuantity(c.resources.limits["memory"]);
  if (node === undefined || was === undefined || is === undefined || was > node || is <= node) return undefined;
  return `container '${c.name}' limits its memory to ${text(c.resources.limits["memory"])}, more than the node's ${formatMiB(node)}: a limit no pod can reach limits nothing`;
}

/** The references container `c` marks optional where both references required them. */
function madeOptional(c: ContainerFact, prior: ContainerFact, inBase: ContainerFact | undefined): string[] {
  const required = (fact: ContainerFact | undefined, via: string) => fact?.config.some((r) => r.via === via && !r.optional);
  return c.config
    .filter((r) => r.optional && required(prior, r.via) && (!inBase?.config.some((b) => b.via === r.via) || required(inBase, r.via)))
    .map((r) => `the pod no longer requires ${r.kind} ${r.name}${r.key === undefined ? "" : ` (key ${r.key})`}: marking it optional hides that it is missing`);
}

function judge({ initial, base, current }: IntentInputs): Violation[] {
  const was = factsOf(initial);
  const clean: Facts = base ? factsOf(base) : { objects: new Map(), workloads: new Map() };
  const now = factsOf(current);
  const node = nodeMemory([current, initial, base]);
  const out: Violation[] = [];
  const add = (file: string, message: string) => out.push({ check: "k8s-objects", file, message });
  for (const [key, is] of now.objects) {
    const before = was.objects.get(key);
    const inBase = clean.objects.get(key);
    if (is.kind === "IngressClass" && !before && !inBase) add(is.file, `${key}: an IngressClass is the cluster's, not the repository's to define`);
    if (!before && !inBase) continue;
    // A ConfigMap the starting files lack (the fault) is held to the base's values, for the keys it sets.
    const reference = is.kind === "ConfigMap" && !before ? agreed(undefined, inBase && settings(inBase.value)) : agreed(before && settings(before.value), inBase && settings(inBase.value));
    const nowSettings = settings(is.value);
    for (const [name, value] of reference) {
      const current = nowSettings.get(name);
      if (is.kind === "ConfigMap" && current === undefined) continue;
      if (name === "replicas" && Number(current) > Number(value)) continue;
      // `http://search:9200` and `http://search.default.svc.cluster.local:9200` reach the same Service.
      if (is.kind === "ConfigMap" && current !== undefined && canonicalServiceAddresses(current, is.namespace) === canonicalServiceAddresses(value, is.namespace)) continue;
      if (current !== value) add(is.file, `${key}: ${name} ${current === undefined ? "was removed" : `is now ${current}, not ${value}`}`);
    }
    if (!["Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob"].includes(is.kind)) continue;
    const pod = podSettings(is.value);
    const previous = before ? podSettings(before.value) : undefined;
    const baseline = inBase ? podSettings(inBase.value) : undefined;
    for (const grant of pod.granted) if (!previous?.granted.includes(grant) && !baseline?.granted.includes(grant)) add(is.file, `${key} now grants ${grant}`);
    for (const [name, value] of agreed(previous?.kept, baseline?.kept)) {
      const current = pod.kept.get(name);
      if (current === value) continue;
      // A probe switched to another handler is the probe check's to judge; its HTTP settings go with it.
      if (current === undefined && name.includes("Probe")) continue;
      add(is.file, current === undefined ? `${key}: ${name} at ${value} no longer` : `${key}: ${name} ${current}, not ${value}`);
    }
    const workload = now.workloads.get(key);
    const earlier = was.workloads.get(key) ?? clean.workloads.get(key);
    for (const c of workload?.containers ?? []) {
      const prior = earlier?.containers.find((p) => p.name === c.name);
      if (!prior) continue;
      if (prior.resources.limits["memory"] !== undefined && c.resources.limits["memory"] === undefined) add(is.file, `${key}: container '${c.name}' no longer limits its memory`);
      const beyond = limitBeyondNode(prior, c, node);
      if (beyond) add(is.file, `${key}: ${beyond}`);
      const inBase = clean.workloads.get(key)?.containers.find((p) => p.name === c.name);
      for (const m of madeOptional(c, prior, inBase)) add(is.file, `${key}: ${m}`);
      // A pin both references have (where the base itself runs :latest, :latest is what the repository meant).
      if (floating(c.image) && official(c.image) && !floating(prior.image) && !floating(inBase?.image)) add(is.file, `${key}: container '${c.name}' runs ${c.image}, which pins no version`);
    }
  }
  return out;
}

export const k8sSettingsKept: IntentCheck = { name: "k8s-objects", check: judge };
