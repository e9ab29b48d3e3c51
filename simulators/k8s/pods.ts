/**
 * A workload's pods, from the scheduler to Ready: the scheduler places them (their requests against the
 * node), the kubelet pulls each image, resolves each container's ConfigMaps and Secrets, starts its process;
 * the app reads its environment, settles at its memory use, and answers (or not) the probes. Each step is an
 * event the rules judge; pods a rule faults at a step go no further and serve no traffic. A workload that
 * runs no pods (`replicas: 0`) meets none of these steps.
 */
import type { Failure, UnitRun } from "../engine/engine.js";
import type { Cluster } from "./cluster.js";
import { configReferences } from "./config-references.js";
import { containerStart, workingDirOf } from "./container-process.js";
import { workloadFact } from "./container-facts.js";
import type { K8sEvent, K8sSubject } from "./events.js";
import type { K8sObject } from "./object.js";
import { stringAt, valueAt } from "./object.js";
import { probesSent, type ProbeKind } from "./probes.js";
import { databaseUrlProblem } from "../apps/database-url.js";
import type { DatabaseOpened } from "./events.js";
import { MIB } from "./quantity.js";
import { memoryLimit, schedulingRequest } from "./resources.js";
import { containersOf, podCount, podSpecPath, type ContainerRef } from "./workload.js";

type ObjectUnit = UnitRun<K8sEvent, K8sSubject>;

/** The events of each phase of a pod's start, built when the pods get there. */
function steps(o: K8sObject, cluster: Cluster): [string, () => K8sEvent[]][] {
  const all = containersOf(o);
  const regular = cluster.containers(o);
  const node = cluster.world.cluster.node;
  return [
    ["schedule", () => [{ type: "pods-scheduled", object: o, node: { cpu: node.cpu_millicores / 1000, memory: node.memory_mib * MIB }, containers: regular.map((c) => ({ container: c, requests: { cpu: schedulingRequest(c, "cpu"), memory: schedulingRequest(c, "memory") } })) }]],
    [
      "pull",
      () =>
        all.flatMap((c) => {
          const image = stringAt(c.container, ["image"]);
          const lookup = cluster.image(c);
          return image === undefined || !lookup ? [] : [{ type: "image-pulled" as const, object: o, container: c, image, pullPolicy: c.container["imagePullPolicy"], lookup }];
        }),
    ],
    ["configure", () => all.map((c) => ({ type: "container-configured" as const, object: o, container: c, references: configReferences(o, c).map((r) => ({ ...r, source: cluster.configSource(r.kind, o.namespace, r.name) })) }))],
    [
      "start",
      () =>
        regular.map((c) => {
          const config = cluster.imageConfig(c);
          const argv = cluster.argv(c);
          const app = cluster.app(c);
          const outcome = config ? containerStart(c, argv, config, { ...(app ? { app } : {}), restartsOnExit: restartsOnExit(o) }) : { kind: "unknown" as const };
          return { type: "container-started" as const, object: o, container: c, argv, workingDir: workingDirOf(c, config), config, outcome };
        }),
    ],
    ["run", () => [{ type: "apps-started", object: o, containers: regular.map((c) => ({ container: c, app: cluster.app(c), env: cluster.envNames(o, c), database: databaseOpened(o, c, cluster) })) }]],
    ["memory", () => [{ type: "memory-used", object: o, containers: regular.map((c) => ({ container: c, used: memoryUsed(c, cluster), limit: memoryLimit(c) })) }]],
    ["probe", () => [{ type: "liveness-probed", object: o, containers: regular.map((c) => probed(o, c, cluster, ["startupProbe", "livenessProbe"])) }]],
    ["ready", () => [{ type: "readiness-probed", object: o, containers: regular.map((c) => probed(o, c, cluster, ["readinessProbe"])) }]],
  ];
}

/** Whether the pods' restartPolicy is Always (the default, and all a Deployment allows): a process that ends is restarted. */
function restartsOnExit(o: K8sObject): boolean {
  const policy = valueAt(o.value, [...podSpecPath(o), "restartPolicy"]);
  return policy === undefined ? o.kind !== "Job" && o.kind !== "CronJob" : policy === "Always";
}

/**
 * The database the container's app opens at start, where its URL is known: a dialect SQLAlchemy has, a server
 * cluster DNS resolves (a Service of the repository on that port). Drivers and files inside the image are not
 * known here, so a URL that depends on them is undecided.
 */
function databaseOpened(o: K8sObject, c: ContainerRef, cluster: Cluster): DatabaseOpened | undefined {
  const variable = cluster.app(c)?.database_url_env;
  if (variable === undefined) return undefined;
  const value = cluster.envValue(o, c, variable);
  if (value === undefined) return undefined;
  const problem = databaseUrlProblem(value, {
    hasPackage: (name) => {
      const installed = cluster.imageConfig(c)?.python_packages;
      return installed === undefined ? null : installed.includes(name);
    },
    writableDirectory: () => null,
    reachable: (host, port) => cluster.reachable(o.namespace, host, port),
    cwd: "/",
  });
  return { variable, value, problem };
}

/** Bytes the container's app uses once started, when the world knows its app. */
function memoryUsed(c: ContainerRef, cluster: Cluster): number | undefined {
  const mib = cluster.app(c)?.memory_mib;
  return mib === undefined ? undefined : mib * MIB;
}

/** The probes of `kinds` a container gets, against where its app listens. */
function probed(o: K8sObject, c: ContainerRef, cluster: Cluster, kinds: readonly ProbeKind[]) {
  const listening = cluster.listeningPort(c);
  const app = cluster.app(c);
  const address = cluster.listeningAddress(c);
  const surface = app && app.language !== "static" && address !== undefined ? { address, routes: app.routes, health: app.health_path } : undefined;
  return { container: c, listening, probes: probesSent(o, c, kinds, listening, surface, address) };
}

/** The state a failure left the pods in, as the rule that found it says (kubectl's STATUS column). */
function statusOf(failure: Failure): string {
  const pod = failure.detail["pod"];
  return typeof pod === "string" ? pod : "Failed";
}

/** Runs the pods of an accepted workload; adds it to `stopped` when they stop before serving. */
export function runPods(unit: ObjectUnit, o: K8sObject, cluster: Cluster, stopped: Set<K8sObject>): void {
  unit.enter("schedule");
  unit.emit(workloadFact(o, cluster));
  const pods = podCount(o);
  if (pods === 0) {
    unit.stop();
    unit.emit({ type: "pod-outcome", object: o, pods, status: "NoPods" });
    return;
  }
  for (const [phase, events] of steps(o, cluster)) {
    unit.enter(phase);
    let failed: Failure | null = null;
    // Every check of the phase sees every container, as every rule of a phase sees the same objects.
    for (const event of events()) {
      const verdict = unit.emit(event);
      failed ??= verdict.failed;
    }
    if (failed) {
      unit.stop([]);
      stopped.add(o);
      unit.emit({ type: "pod-outcome", object: o, pods, status: statusOf(failed), failure: { phase, code: failed.rule.code, message: failed.diagnostic.message } });
      return;
    }
  }
  const certain = cluster.worldKnown && unit.undecided.size === 0;
  unit.finish();
  unit.emit({ type: "pod-outcome", object: o, pods, status: certain ? "Ready" : "Unknown" });
}
