/**
 * k8s-objects: manifests still deploy what they deployed, judged on the facts the Kubernetes simulator read
 * and derived: every object (kind and name) is still there; a workload still runs its containers (one that
 * ran the repository's own image does not now run a stock one, and one that ran an official image runs the
 * same software, at any tag), keeps its health probes and they still look at the app (an exec probe that
 * always succeeds does not, nor does an exec probe in place of one that asked the app over the network: what
 * its command checks is not known, and unknown is not healthy), still runs its program file rather than
 * `sleep`, and is not scaled to zero; a Service still serves the ports its clients call; and no NetworkPolicy
 * that restricted who may connect now lets everyone in, stops isolating ingress, or applies to other pods.
 * The reference is the starting files' facts, else (an object that never got that far there) the clean base's.
 */
import { lookupImage } from "../../simulators/images/lookup.js";
import type { ContainerFact, ManifestFileEvent, ObjectReadEvent, PolicyTrafficEvent, WorkloadEvent } from "../../simulators/k8s/events.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import type { IntentCheck, IntentInputs, RepositoryState, Violation } from "./types.js";
import { perState } from "./per-state.js";
import { policiesOpenedToAll } from "./policies-opened.js";

interface ObjectFacts {
  file: string;
  value: Record<string, unknown>;
  workload?: WorkloadEvent;
  policy?: PolicyTrafficEvent;
}

function computeObjects(state: RepositoryState): Map<string, ObjectFacts> {
  const out = new Map<string, ObjectFacts>();
  for (const { event } of state.facts.of<ObjectReadEvent>("object-read")) {
    if (event.kind === "" || event.name === "") continue;
    out.set(`${event.kind}/${event.name}`, { file: event.file, value: event.value });
  }
  for (const { event } of state.facts.of<WorkloadEvent>("workload")) {
    const found = out.get(`${event.object.kind}/${event.object.name}`);
    if (found) found.workload = event;
  }
  for (const { event } of state.facts.of<PolicyTrafficEvent>("policy-traffic")) {
    const found = out.get(`${event.object.kind}/${event.object.name}`);
    if (found) found.policy = event;
  }
  return out;
}
const objects = perState(computeObjects);

/** The repository of an official image the catalogue knows (a wrong tag included); null for private and placeholder images. */
function officialRepository(image: string | undefined): string | null {
  if (image === undefined) return null;
  const lookup = lookupImage(image, EMPTY_WORLD);
  if (lookup.status !== "found" && lookup.status !== "tag_not_found") return null;
  return `${lookup.ref.registry}/${lookup.ref.repository}`;
}

function servicePorts(value: Record<string, unknown>): number[] {
  const spec = value["spec"];
  const ports = typeof spec === "object" && spec !== null ? (spec as Record<string, unknown>)["ports"] : undefined;
  return Array.isArray(ports) ? ports.map((p) => Number((p as Record<string, unknown> | null)?.["port"])).filter(Number.isFinite) : [];
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (typeof v === "object" && v !== null) return `{${Object.keys(v).sort().map((k) => `${k}:${stable((v as Record<string, unknown>)[k])}`).join(",")}}`;
  return JSON.stringify(v ?? null);
}

const appContainers = (w: WorkloadEvent | undefined): ContainerFact[] => (w ? w.containers.filter((c) => !c.init) : []);

/** Probe handlers the kubelet sends to the app itself, whose answer the simulators judge against where it listens. */
const NETWORK_PROBES = new Set<string | undefined>(["httpGet", "tcpSocket", "grpc"]);

function compareWorkloads(key: string, file: string, was: WorkloadEvent, is: WorkloadEvent, clean: WorkloadEvent | undefined): string[] {
  const out: string[] = [];
  if (typeof was.replicas !== "number" || was.replicas > 0) if (is.replicas === 0) out.push(`${key} was scaled to zero replicas`);
  const now = new Map(appContainers(is).map((c) => [c.name, c]));
  for (const c of appContainers(was)) {
    const current = now.get(c.name);
    if (!current) {
      out.push(`${key}: container '${c.name}' was removed`);
      continue;
    }
    const repository = officialRepository(c.image);
    const nowRepository = officialRepository(current.image);
    if (repository && nowRepository !== repository) out.push(`${key}: container '${c.name}' now runs ${nowRepository ?? "another image"}, not ${repository}`);
    // The app's own image swapped for a stock one (nginx answers a probe on 80 as well as the app would).
    if (!repository && nowRepository) out.push(`${key}: container '${c.name}' now runs ${nowRepository} in place of its own image`);
    for (const probe of c.probes) {
      const kept = current.probes.find((p) => p.kind === probe.kind);
      if (!kept) out.push(`${key}: the ${probe.kind} of container '${c.name}' was removed`);
      else if (!probe.vacuous && kept.vacuous) out.push(`${key}: the ${probe.kind} of container '${c.name}' no longer checks the app`);
      // Where the clean base probes by exec itself, an exec probe is what the repository meant.
      else if (NETWORK_PROBES.has(probe.type) && kept.type === "exec" && !execInBase(clean, c.name, probe.kind) && !asksAppOverHttp(kept.command, current.listening))
        out.push(`${key}: the ${probe.kind} of container '${c.name}' no longer checks the app: it was ${probe.type}, and what an exec probe's command checks cannot be known`);
    }
    if (c.runsProgramFile === true && current.runsProgramFile === false) out.push(`${key}: container '${c.name}' no longer runs its program`);
  }
  void file;
  return out;
}

const SHELLS = new Set(["sh", "/bin/sh", "bash", "/bin/bash"]);

/**
 * Whether an exec probe asks the app itself over HTTP, as an httpGet would, so that its verdict is the app's:
 * one `curl` that fails on an HTTP error (`-f`) or one `wget`, to localhost on the port the app listens on, with
 * nothing after it but `|| exit 1` (anything else could make it pass whatever the app answers).
 */
export function asksAppOverHttp(command: readonly string[] | undefined, listening: number | undefined): boolean {
  if (command === undefined || listening === undefined || command.length === 0) return false;
  const script = SHELLS.has(command[0]!) && command[1] === "-c" && command.length === 3 ? command[2]! : command.join(" ");
  const single = script.trim().replace(/\s*\|\|\s*exit\s+1\s*$/, "");
  if (/[;&|`$<>()]/.test(single)) return false;
  const words = single.split(/\s+/).map((w) => w.replace(/^(['"])(.*)\1$/, "$2"));
  const program = words[0]!.replace(/^.*\//, "");
  if (program === "curl" && !words.some((w) => w === "--fail" || /^-[A-Za-z]*f[A-Za-z]*$/.test(w))) return false;
  if (program !== "curl" && program !== "wget") return false;
  const url = words.map((w) => /^(https?):\/\/(localhost|127\.0\.0\.1|\[::1\])(?::(\d+))?(?:[/?#]|$)/.exec(w)).find((m) => m !== null);
  if (!url) return false;
  return (url[3] === undefined ? (url[1] === "https" ? 443 : 80) : Number(url[3])) === listening;
}

function execInBase(clean: WorkloadEvent | undefined, container: string, kind: string): boolean {
  return appContainers(clean).find((c) => c.name === container)?.probes.some((p) => p.kind === kind && p.type === "exec") === true;
}

function judge(inputs: IntentInputs): Violation[] {
  const base = inputs.base ? objects(inputs.base) : new Map<string, ObjectFacts>();
  // A manifest the starting run never read (a delivery that stopped before deploy) is judged against the base's.
  const initial = objects(inputs.initial);
  const initialFiles = new Set(inputs.initial.facts.of<ManifestFileEvent>("manifest-file").map((f) => f.event.file));
  for (const [key, facts] of base) if (!initialFiles.has(facts.file) && inputs.initial.repo.has(facts.file) && !initial.has(key)) initial.set(key, facts);
  const current = objects(inputs.current);
  const readFiles = new Set(inputs.current.facts.of<ManifestFileEvent>("manifest-file").map((f) => f.event.file));
  const out: Violation[] = [];
  const add = (file: string, message: string) => out.push({ check: "k8s-objects", file, message });
  for (const [key, was] of initial) {
    const now = current.get(key);
    if (!now) {
      if (readFiles.has(was.file) || [...current.values()].length > 0) add(was.file, `${key} was removed from the manifests`);
      continue;
    }
    for (const port of servicePorts(was.value)) if (key.startsWith("Service/") && !servicePorts(now.value).includes(port)) add(now.file, `${key} no longer serves port ${port}, which its clients call`);
    const workload = was.workload ?? base.get(key)?.workload;
    if (workload && now.workload) for (const m of compareWorkloads(key, now.file, workload, now.workload, base.get(key)?.workload)) add(now.file, m);
    const policy = was.policy ?? base.get(key)?.policy;
    if (key.startsWith("NetworkPolicy/") && policy && now.policy) {
      if (!policy.admitsEverySource && now.policy.admitsEverySource) add(now.file, `${key} now admits traffic from every source`);
      if (policy.isolatesIngress && !now.policy.isolatesIngress) add(now.file, `${key} no longer restricts ingress`);
      if (stable(policy.podSelector) !== stable(now.policy.podSelector)) add(now.file, `${key} now applies to other pods`);
    }
  }
  // The reference policies: the starting run's, or the clean base's where the start never got to traffic.
  const policiesOf = (state: IntentInputs["current"]) => state.facts.of<PolicyTrafficEvent>("policy-traffic").map((f) => f.event);
  const startPolicies = policiesOf(inputs.initial);
  const reference = startPolicies.length > 0 || !inputs.base ? startPolicies : policiesOf(inputs.base);
  for (const { file, message } of policiesOpenedToAll(reference, policiesOf(inputs.current))) add(file, message);
  return out;
}

export const k8sObjectsKept: IntentCheck = { name: "k8s-objects", check: judge };
