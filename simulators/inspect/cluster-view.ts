/**
 * The simulated cluster as kubectl reads it: the objects the API server accepted, the pods each workload
 * runs and how they ended up, Services with their endpoints, and the `kubectl …` sections the simulators'
 * own logs already hold (a failing pod's `describe` and `logs --previous`), keyed by their command line.
 */
import { podName } from "../k8s/identity.js";
import type { IngressRoutedEvent, MemoryUsedEvent, ObjectAppliedEvent, PodOutcomeEvent, ServiceRoutedEvent, WorkloadEvent } from "../k8s/events.js";
import type { K8sObject } from "../k8s/object.js";
import type { InspectionContext } from "./context.js";

export interface PodView {
  name: string;
  workload: K8sObject;
  /** The pod-outcome status: Ready, CrashLoopBackOff, ImagePullBackOff, Pending, ... */
  status: string;
  containers: number;
}

export interface ClusterView {
  applied: K8sObject[];
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

export function clusterView(ctx: InspectionContext): ClusterView {
  const sim = ctx.simulation();
  const applied = sim.facts.of<ObjectAppliedEvent>("object-applied").filter((f) => f.event.accepted).map((f) => f.event.object);
  const outcomes = sim.facts.of<PodOutcomeEvent>("pod-outcome").map((f) => f.event);
  const workloads = sim.facts.of<WorkloadEvent>("workload").map((f) => f.event);
  const pods: PodView[] = workloads.flatMap((w) => {
    const outcome = outcomes.find((o) => o.object === w.object);
    return Array.from({ length: w.pods }, (_, i) => ({
      name: podName(w.object, i),
      workload: w.object,
      status: outcome?.status ?? "Unknown",
      containers: w.containers.filter((c) => !c.init).length,
    }));
  });
  const logs = sim.diagnostics.flatMap((d) => (d.log ? [d.log] : []));
  return {
    applied,
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
