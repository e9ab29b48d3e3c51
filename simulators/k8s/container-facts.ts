/**
 * A workload's pod template as facts the grader compares between states of a repository: each container's
 * image, the process it starts, its ports, where each variable of its environment comes from, its
 * resources and probes, and where its app listens.
 */
import type { Cluster } from "./cluster.js";
import { configReferences } from "./config-references.js";
import type { ContainerFact, EnvFact, RequiredConfig, WorkloadEvent } from "./events.js";
import { arrayAt, isObject, objectAt, stringAt, valueAt, type JsonObject, type K8sObject } from "./object.js";
import { probesSent, type ProbeKind } from "./probes.js";
import { resourcesOf } from "./resources.js";
import { commandFacts } from "../shell/commands.js";
import { containersOf, podCount, podLabels, type ContainerRef } from "./workload.js";

/** Commands that succeed whatever state the app is in. */
const ALWAYS_SUCCEEDS = new Set(["true", ":", "echo", "printf", "exit", "sleep"]);

/** An exec probe's command that passes for a dead app: only commands that always succeed (`sh -c "echo ok"`). */
function alwaysSucceeds(argv: readonly string[]): boolean {
  if (argv.length === 0) return false;
  const shell = /(^|\/)(ba|da)?sh$/.test(argv[0]!) && argv[1] === "-c";
  const commands = shell ? commandFacts(argv.slice(2).join(" "), { githubExpressions: false }).map((c) => c.name) : [argv[0]!];
  return commands.length > 0 && commands.every((c) => ALWAYS_SUCCEEDS.has(c.replace(/^.*\//, "")));
}

const PROGRAM_FILE = /\.(py|js|mjs|cjs|ts|sh|rb|php|jar|pl)$/;

/** Commands that only print their words: a program file among them is shown, not run. */
const PRINTERS = new Set(["echo", "printf"]);

/**
 * Whether the container's command runs a program file (`python worker.py`, `sh -c "exec node app.js"`): the
 * commands a `sh -c` script runs are the shared shell parser's, so `echo python worker.py; sleep infinity`
 * runs sleep, not the worker. Null when the container gives no command (the image's own runs).
 */
function runsProgramFile(container: JsonObject): boolean | null {
  const argv = [...(strings(container["command"]) ?? []), ...(strings(container["args"]) ?? [])];
  if (argv.length === 0) return null;
  const shell = /(^|\/)(ba|da|a)?sh$/.test(argv[0]!) && argv[1] === "-c";
  const commands = shell ? commandFacts(argv[2] ?? "", { githubExpressions: false }).map((c) => [c.name, ...c.args]) : [argv];
  return commands.some((words) => !PRINTERS.has(words[0]!.replace(/^.*\//, "")) && words.some((w) => PROGRAM_FILE.test(w)));
}

const PROBE_KINDS: readonly ProbeKind[] = ["startupProbe", "livenessProbe", "readinessProbe"];
const VALUE_SOURCES = ["configMapKeyRef", "secretKeyRef", "fieldRef", "resourceFieldRef"] as const;

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined;
}

function envFact(e: JsonObject): EnvFact {
  const name = String(e["name"]);
  if (typeof e["value"] === "string") return { name, source: "value", value: e["value"] };
  const from = objectAt(e, ["valueFrom"]);
  const source = VALUE_SOURCES.find((s) => from && isObject(from[s]));
  if (!from || !source) return { name, source: "unset" };
  const ref = from[source] as JsonObject;
  const fields = { name: stringAt(ref, ["name"]), key: stringAt(ref, ["key"]), fieldPath: stringAt(ref, ["fieldPath"]) ?? stringAt(ref, ["resource"]) };
  return { name, source, from: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
}

/**
 * Where each ConfigMap and Secret reference of the container sits, so that the same reference can be found in
 * another state of the files after its name or key was corrected: the variable it sets, the envFrom source, or
 * the volume it backs.
 */
function configFacts(o: K8sObject, c: ContainerRef): RequiredConfig[] {
  return configReferences(o, c).map((r) => {
    const field = r.path[c.path.length];
    const entry = field === "env" ? valueAt(c.container, ["env", r.path[c.path.length + 1]!, "name"]) : undefined;
    const via = r.volume !== undefined ? `volume ${r.volume}` : field === "env" ? `variable ${String(entry)}` : `envFrom ${r.kind} ${r.name}`;
    return { kind: r.kind, name: r.name, ...(r.key === undefined ? {} : { key: r.key }), optional: r.optional, via };
  });
}

function containerFact(o: K8sObject, c: ContainerRef, cluster: Cluster): ContainerFact {
  const listening = c.init ? undefined : cluster.listeningPort(c);
  return {
    name: c.name,
    init: c.init,
    image: stringAt(c.container, ["image"]),
    command: strings(c.container["command"]),
    args: strings(c.container["args"]),
    argv: cluster.argv(c),
    ports: arrayAt(c.container, ["ports"]).filter(isObject).map((p) => ({
      ...(typeof p["name"] === "string" ? { name: p["name"] } : {}),
      ...(typeof p["containerPort"] === "number" ? { containerPort: p["containerPort"] } : {}),
      protocol: typeof p["protocol"] === "string" ? p["protocol"] : "TCP",
    })),
    env: arrayAt(c.container, ["env"]).filter((e): e is JsonObject => isObject(e) && typeof e["name"] === "string").map(envFact),
    envFrom: arrayAt(c.container, ["envFrom"]).filter(isObject).flatMap((f) => {
      const kind = isObject(f["configMapRef"]) ? "ConfigMap" : isObject(f["secretRef"]) ? "Secret" : undefined;
      const ref = kind === "ConfigMap" ? f["configMapRef"] : f["secretRef"];
      if (!kind || !isObject(ref) || typeof ref["name"] !== "string") return [];
      return [{ kind, name: ref["name"], prefix: typeof f["prefix"] === "string" ? f["prefix"] : "", optional: ref["optional"] === true }];
    }),
    resources: resourcesOf(c.container),
    config: configFacts(o, c),
    probes: probesSent(o, c, PROBE_KINDS, undefined).map((p) => {
      const command = p.handler === "exec" ? strings(valueAt(c.container, [p.kind, "exec", "command"])) : undefined;
      return { kind: p.kind, type: p.handler, path: p.path, port: p.port, ...(command ? { command } : {}), vacuous: command !== undefined && alwaysSucceeds(command) };
    }),
    runsProgramFile: runsProgramFile(c.container),
    listening,
  };
}

/** The workload fact of an accepted object that runs pods. */
export function workloadFact(o: K8sObject, cluster: Cluster): WorkloadEvent {
  return {
    type: "workload",
    object: o,
    pods: podCount(o),
    replicas: valueAt(o.value, ["spec", "replicas"]),
    labels: podLabels(o),
    containers: containersOf(o).map((c) => containerFact(o, c, cluster)),
  };
}
