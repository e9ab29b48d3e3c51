/**
 * The simulated cluster as kubectl reads it: the objects the API server accepted, the pods each workload
 * runs and how they ended up, Services with their endpoints, and the `kubectl …` sections the simulators'
 * own logs already hold (a failing pod's `describe` and `logs --previous`), keyed by their command line.
 *
 * A workload's pods are a group: how many, how many the node took (capacity.ts), and how they ended up. At
 * most MAX_MODELLED_PODS of them, over all groups, are built as pods one can name (describe, logs, exec);
 * `kubectl get pods` lists the others line by line from their group, and counts come from the groups, so a
 * Deployment of `replicas: 100000` costs what its first pods do. A state's view is built once and kept
 * with its repository.
 */
import { scheduledCounts, TOO_MANY_PODS, wholePods } from "../k8s/capacity.js";
import { podName } from "../k8s/identity.js";
import type { IngressRoutedEvent, MemoryUsedEvent, ObjectAppliedEvent, PodOutcomeEvent, ServiceRoutedEvent, WorkloadEvent } from "../k8s/events.js";
import type { K8sObject } from "../k8s/object.js";
import type { Repository } from "../repository.js";
import type { World } from "../world.js";
import type { InspectionContext } from "./context.js";
import { MAX_INSPECT_OUTPUT_CHARS, MAX_MODELLED_PODS } from "./limits.js";

export interface PodView {
  name: string;
  workload: K8sObject;
  /** The pod-outcome status: Ready, CrashLoopBackOff, ImagePullBackOff, Pending, ... */
  status: string;
  containers: number;
  /** Pending because the node was full (NODE_MAX_PODS): the scheduler's event for it. */
  unschedulable?: string;
}

/** A workload's pods, counted. */
export interface PodGroup {
  workload: K8sObject;
  /** Pods it asks for. */
  count: number;
  /** Of those, how many the node took (the first ones); the rest are Pending. */
  scheduled: number;
  /** How the scheduled ones ended up (the pod-outcome status). */
  status: string;
  containers: number;
}

export interface ClusterView {
  applied: K8sObject[];
  /** Each workload's pods, in the order the workloads were applied. */
  groups: PodGroup[];
  /** The pods built to be named: each group's first ones, MAX_MODELLED_PODS at most over all groups. */
  pods: PodView[];
  workloads: WorkloadEvent[];
  services: ServiceRoutedEvent[];
  ingresses: IngressRoutedEvent[];
  memory: MemoryUsedEvent[];
  /** `kubectl describe pod X` → what the simulator printed for it. */
  sections: Map<string, string>;
}

/** `kubectl logs  x -p` and `kubectl logs x --previous` are one command. */
export function normaliseCommand(words: readonly string[]): string {
  return words
    .map((w) => (w === "-p" ? "--previous" : w))
    .filter((w) => !w.startsWith("-n=") && w !== "--namespace=default")
    .join(" ");
}

function sectionsOf(logs: readonly string[]): Map<string, string> {
  const sections = new Map<string, string>();
  for (const log of logs) {
    const parts = log.split(/^\$ /m).filter((p) => p.trim() !== "");
    for (const part of parts) {
      const newline = part.indexOf("\n");
      const command = (newline < 0 ? part : part.slice(0, newline)).trim();
      if (!command.startsWith("kubectl ") && !command.startsWith("curl ")) continue;
      const body = newline < 0 ? "" : part.slice(newline + 1).replace(/\n+$/, "\n");
      if (!sections.has(command)) sections.set(normaliseCommand(command.split(/\s+/)), body);
    }
  }
  return sections;
}

/** Pod `index` of a group, built. */
export function podAt(group: PodGroup, index: number): PodView {
  const pod: PodView = { name: podName(group.workload, index), workload: group.workload, status: group.status, containers: group.containers };
  if (index < group.scheduled) return pod;
  return { ...pod, status: "Pending", unschedulable: TOO_MANY_PODS };
}

/** How many of a group's pods are Ready. */
export function readyCount(group: PodGroup): number {
  return group.status === "Ready" ? group.scheduled : 0;
}

/** The group of a workload's pods (undefined for an object that runs none). */
export function groupOf(view: ClusterView, workload: K8sObject): PodGroup | undefined {
  return view.groups.find((g) => g.workload === workload);
}

/**
 * Pods past those built that `kubectl get pods` can still list before its answer is cut (a row is at least
 * 29 characters: `x-0   0/1   Pending   0   2m`): a name it showed can be described.
 */
const LISTABLE_PODS = Math.ceil(MAX_INSPECT_OUTPUT_CHARS / 29);

/**
 * The pod named `name` (or a workload's first pod by the workload's name): a built one, else one of those a
 * listing shows, found by its name without building the others.
 */
export function findPod(view: ClusterView, name: string): PodView | undefined {
  const built = view.pods.find((p) => p.name === name) ?? view.pods.find((p) => p.workload.name === name);
  if (built !== undefined) return built;
  for (const g of view.groups) {
    const from = view.pods.filter((p) => p.workload === g.workload).length;
    for (let i = from; i < Math.min(g.count, LISTABLE_PODS); i++) if (podName(g.workload, i) === name) return podAt(g, i);
  }
  return undefined;
}

/** All the pods the groups ask for. */
export function podTotal(view: ClusterView): number {
  return view.groups.reduce((sum, g) => sum + g.count, 0);
}

/**
 * How many pods of each group are built: every group its first pod while the bound allows, then each in
 * turn as many more as are left.
 */
function modelledCounts(groups: readonly PodGroup[]): number[] {
  let left = MAX_MODELLED_PODS;
  const counts = groups.map((g) => {
    const n = left > 0 ? Math.min(g.count, 1) : 0;
    left -= n;
    return n;
  });
  return counts.map((n, i) => {
    const more = Math.min(groups[i]!.count - n, left);
    left -= more;
    return n + more;
  });
}

/** Views kept by repository, for the world they were built in: inspections of one state build one view. */
const kept = new WeakMap<Repository, { world: World; view: ClusterView }>();

/** Building views, for tests: how many pods were built in all. */
export const clusterViewCounters = { views: 0, podsBuilt: 0 };

export function clusterView(ctx: InspectionContext): ClusterView {
  const found = kept.get(ctx.repo);
  if (found !== undefined && found.world === ctx.world) return found.view;
  const view = buildView(ctx);
  kept.set(ctx.repo, { world: ctx.world, view });
  return view;
}

function buildView(ctx: InspectionContext): ClusterView {
  const sim = ctx.simulation();
  const applied = sim.facts.of<ObjectAppliedEvent>("object-applied").filter((f) => f.event.accepted).map((f) => f.event.object);
  const outcomes = sim.facts.of<PodOutcomeEvent>("pod-outcome").map((f) => f.event);
  const workloads = sim.facts.of<WorkloadEvent>("workload").map((f) => f.event);
  const counts = workloads.map((w) => wholePods(w.pods));
  const scheduled = scheduledCounts(counts);
  const groups: PodGroup[] = workloads.map((w, i) => ({
    workload: w.object,
    count: counts[i]!,
    scheduled: scheduled[i]!,
    status: outcomes.find((o) => o.object === w.object)?.status ?? "Unknown",
    containers: w.containers.filter((c) => !c.init).length,
  }));
  const pods = modelledCounts(groups).flatMap((n, i) => Array.from({ length: n }, (_, index) => podAt(groups[i]!, index)));
  clusterViewCounters.views++;
  clusterViewCounters.podsBuilt += pods.length;
  const logs = sim.diagnostics.flatMap((d) => (d.log ? [d.log] : []));
  return {
    applied,
    groups,
    pods,
    workloads,
    services: sim.facts.of<ServiceRoutedEvent>("service-routed").map((f) => f.event),
    ingresses: sim.facts.of<IngressRoutedEvent>("ingress-routed").map((f) => f.event),
    memory: sim.facts.of<MemoryUsedEvent>("memory-used").map((f) => f.event),
    sections: sectionsOf(logs),
  };
}

/** kubectl's READY, STATUS and RESTARTS columns for a pod whose outcome the simulator reported. */
export function podStatus(p: PodView): { ready: string; status: string; restarts: string } {
  const n = p.containers;
  if (p.status === "Ready") return { ready: `${n}/${n}`, status: "Running", restarts: "0" };
  // The describe log's events put the last back-off 20 s ago, after five restarts.
  if (p.status === "CrashLoopBackOff") return { ready: `0/${n}`, status: p.status, restarts: "5 (20s ago)" };
  return { ready: `0/${n}`, status: p.status, restarts: "0" };
}
