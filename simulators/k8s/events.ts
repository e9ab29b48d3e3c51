/**
 * What the Kubernetes simulator's interpreters emit, and the phases its rules judge in. kubectl reads each
 * manifest file (a unit per file); every object is then a unit of its own: kubectl identifies it, the API
 * server decodes and validates it (apply.ts), the scheduler and the kubelet run its pods (pods.ts), and
 * traffic reaches them through Services, Ingresses and NetworkPolicies (routing.ts). Rules judge these
 * events; the same events are the facts the grader compares between states of a repository (an object's
 * value, a workload's replicas and containers, a probe's path and port, a Service's endpoints, a policy's
 * verdict on each flow, a pod's outcome). Events documented as "Fact:" are there for the grader alone: no
 * rule subscribes to them.
 */
import type { App, ImageConfig } from "../world.js";
import type { DomainSpec } from "../engine/engine.js";
import type { Location, Rule, RuleContext } from "../engine/rule.js";
import { defineRule } from "../engine/rule.js";
import type { ImageLookup } from "../images/lookup.js";
import type { DatabaseProblem } from "../apps/database-url.js";
import type { ConfigSource } from "./cluster.js";
import type { ConfigKind, ConfigReference } from "./config-references.js";
import type { StartOutcome } from "./container-process.js";
import type { BackendTarget, IngressBackend, IngressClassChoice } from "./ingress.js";
import type { ManifestDocument } from "./manifests.js";
import type { TrafficFlow } from "./network-policy.js";
import type { FieldPath, JsonObject, K8sObject } from "./object.js";
import { locate } from "./object.js";
import type { ProbeKind, ProbeSent } from "./probes.js";
import type { Request } from "./resources.js";
import type { Endpoints, ServicePortRoute } from "./traffic.js";
import type { ContainerRef } from "./workload.js";

/**
 * Where in a real rollout each check is met, in order. Every rule of a blocking phase sees the same objects
 * (the API server reports all decode errors of an object at once), and an object that failed a phase goes no
 * further: it was refused, or its pods never got past it. Traffic (route) reports and goes on.
 */
export const K8S_DOMAIN: DomainSpec = {
  domain: "k8s",
  phases: [
    { name: "read", stops: "end" },
    { name: "identify", stops: "end" },
    { name: "decode", stops: "end" },
    { name: "validate", stops: "end" },
    { name: "schedule", stops: "end" },
    { name: "pull", stops: "end" },
    { name: "configure", stops: "end" },
    { name: "start", stops: "end" },
    { name: "run", stops: "end" },
    { name: "memory", stops: "end" },
    { name: "probe", stops: "end" },
    { name: "ready", stops: "end" },
    { name: "route", stops: "never" },
  ],
};

/** The phases of apply: an object that fails one of them is refused and does not exist in the cluster. */
export const APPLY_PHASES = ["identify", "decode", "validate"] as const;

// ---- read and apply (apply.ts) ----

/** kubectl read a manifest file into documents, each parsed or with the reason it could not be. */
export interface ManifestFileEvent {
  type: "manifest-file";
  file: string;
  documents: readonly ManifestDocument[];
}

/** One object kubectl read, and what the API server serves for its apiVersion and kind; emitted for every object. */
export interface ObjectReadEvent {
  type: "object-read";
  object: K8sObject;
  file: string;
  apiVersion: string;
  kind: string;
  name: string;
  namespace: string;
  value: JsonObject;
  /** served: a built-in kind; not-served: a built-in group without that kind in that version (a List without items among them); custom: another group's (a CRD). */
  mapping: "served" | "not-served" | "custom";
}

/** The API server decoded the object against its kind's schema (decode.ts); nothing to report without one. */
export interface ObjectDecodedEvent {
  type: "object-decoded";
  object: K8sObject;
  schema: boolean;
  typeMismatches: readonly { path: FieldPath; expected: string; value: unknown }[];
  unknownFields: readonly FieldPath[];
  /** Quantities that do not parse: the schema's format, and a container's resources Kubernetes cannot read. */
  badQuantities: readonly FieldPath[];
}

/** A controller's selector and its own pod template's labels. */
export interface TemplateSelector {
  written: JsonObject;
  templateLabels: Record<string, string>;
  /** Neither labels nor expressions. */
  empty: boolean;
  selectsTemplate: boolean;
}

/** The API server validated the object. */
export interface ObjectValidatedEvent {
  type: "object-validated";
  object: K8sObject;
  schema: boolean;
  /** Required fields that are absent: the schema's, and each container's image (pods need one). */
  missingRequired: readonly FieldPath[];
  unsupported: readonly { path: FieldPath; value: unknown; allowed: readonly unknown[] }[];
  /** The pod template's containers, init containers first; none for objects that run no pods. */
  containers: readonly ContainerRef[];
  /** A workload's `spec.selector`, when it is a mapping. */
  selector: TemplateSelector | undefined;
  /**
   * Whether a decode failure of the object explains a finding at `path` (a misspelt or mis-indented field, a
   * value of the wrong type): linting validates an object past its decode errors, and such findings are theirs.
   */
  decodeExplains: (path: FieldPath) => boolean;
}

/** Fact: the API server's answer for the object. */
export interface ObjectAppliedEvent {
  type: "object-applied";
  object: K8sObject;
  accepted: boolean;
  /** The phase that refused it. */
  refusedAt: (typeof APPLY_PHASES)[number] | undefined;
}

// ---- pods (pods.ts) ----

/** One env entry of a container, with where its value comes from. */
export interface EnvFact {
  name: string;
  source: "value" | "configMapKeyRef" | "secretKeyRef" | "fieldRef" | "resourceFieldRef" | "unset";
  value?: string;
  /** The ConfigMap or Secret (and key) a valueFrom names, or the field a fieldRef reads. */
  from?: { name?: string; key?: string; fieldPath?: string };
}

/** A ConfigMap or Secret a container names, and where: `variable NAME`, `envFrom ConfigMap NAME` or `volume NAME`. */
export interface RequiredConfig {
  kind: ConfigKind;
  name: string;
  key?: string;
  /** `optional: true`: the kubelet starts the container without it. */
  optional: boolean;
  via: string;
}

/** A container of a pod template as the grader compares it. */
export interface ContainerFact {
  name: string;
  init: boolean;
  image: string | undefined;
  command: readonly string[] | undefined;
  args: readonly string[] | undefined;
  /** The process it starts: command and args over the image's ENTRYPOINT and CMD (the image's when known). */
  argv: readonly string[];
  ports: readonly { name?: string; containerPort?: number; protocol: string }[];
  env: readonly EnvFact[];
  envFrom: readonly { kind: ConfigKind; name: string; prefix: string; optional: boolean }[];
  resources: { requests: JsonObject; limits: JsonObject };
  /** The ConfigMaps and Secrets of its env, envFrom and mounted volumes. */
  config: readonly RequiredConfig[];
  /** `vacuous`: an exec probe whose command succeeds whatever state the app is in (`true`, `echo ok`). */
  probes: readonly { kind: ProbeKind; type: ProbeSent["handler"]; path: string | undefined; port: unknown; command?: readonly string[]; vacuous: boolean }[];
  /** Whether its command/args name a program file (worker.py, server.js); null when it sets neither. */
  runsProgramFile: boolean | null;
  /** Where its app listens, when the model knows. */
  listening: number | undefined;
}

/** Fact: a workload the API server accepted, with its pod template. */
export interface WorkloadEvent {
  type: "workload";
  object: K8sObject;
  /** Pods it runs on the one-node cluster (0 for `replicas: 0` or a suspended CronJob). */
  pods: number;
  /** `spec.replicas` as written. */
  replicas: unknown;
  labels: Record<string, string>;
  containers: readonly ContainerFact[];
}

/** The scheduler placed the pod: each regular container's requests against the node's capacity. */
export interface PodsScheduledEvent {
  type: "pods-scheduled";
  object: K8sObject;
  /** Cores and bytes. */
  node: { cpu: number; memory: number };
  containers: readonly { container: ContainerRef; requests: { cpu: Request | undefined; memory: Request | undefined } }[];
}

/** The kubelet pulled (or tried to pull) a container's image. */
export interface ImagePulledEvent {
  type: "image-pulled";
  object: K8sObject;
  container: ContainerRef;
  image: string;
  pullPolicy: unknown;
  lookup: ImageLookup;
}

/** The kubelet resolved the ConfigMaps and Secrets a container needs. */
export interface ContainerConfiguredEvent {
  type: "container-configured";
  object: K8sObject;
  container: ContainerRef;
  references: readonly (ConfigReference & { source: ConfigSource })[];
}

/** The runtime started a regular container's process. */
export interface ContainerStartedEvent {
  type: "container-started";
  object: K8sObject;
  container: ContainerRef;
  argv: readonly string[];
  workingDir: string;
  /** The image's config; undefined for an image the registry does not know (its contents cannot be judged). */
  config: ImageConfig | undefined;
  outcome: StartOutcome;
}

/** The pod's apps started, each with the environment it got. */
export interface AppsStartedEvent {
  type: "apps-started";
  object: K8sObject;
  /** Regular containers; `env` is undefined when an envFrom source's keys cannot be known. */
  containers: readonly { container: ContainerRef; app: App | undefined; env: ReadonlySet<string> | undefined; database?: DatabaseOpened | undefined }[];
}

/** The pod's apps settled at their memory use, each under its limit. */
/** The database an app opens at start: its URL variable and value, and what opening it meets. */
export interface DatabaseOpened {
  variable: string;
  value: string;
  problem: DatabaseProblem | null | "unknown";
}

export interface MemoryUsedEvent {
  type: "memory-used";
  object: K8sObject;
  /** `used`: bytes the app uses, when known. */
  containers: readonly { container: ContainerRef; used: number | undefined; limit: { written: unknown; bytes: number | undefined } }[];
}

/** The kubelet probed each regular container, which listens where `listening` says (when known). */
interface ProbeRound {
  object: K8sObject;
  containers: readonly { container: ContainerRef; listening: number | undefined; probes: readonly ProbeSent[] }[];
}

/** Startup and liveness probes, in that order. */
export interface LivenessProbedEvent extends ProbeRound {
  type: "liveness-probed";
}

/** Readiness probes. */
export interface ReadinessProbedEvent extends ProbeRound {
  type: "readiness-probed";
}

/** Fact: how the workload's pods ended up. */
export interface PodOutcomeEvent {
  type: "pod-outcome";
  object: K8sObject;
  pods: number;
  /** Ready; NoPods; Unknown (linting: nothing outside the files is known); or the state a failure left them in (Pending, ImagePullBackOff, CrashLoopBackOff, ...). */
  status: string;
  /** The phase and rule that stopped them, and its message. */
  failure?: { phase: string; code: string; message: string };
}

// ---- traffic (routing.ts) ----

/** A Service, its endpoints, and where each of its ports lands; emitted for every Service the API server accepted. */
export interface ServiceRoutedEvent {
  type: "service-routed";
  object: K8sObject;
  serviceType: string;
  selector: Record<string, string>;
  endpoints: Endpoints;
  ports: readonly ServicePortRoute[];
  /** The workloads the API server accepted in its namespace, with their first pod's name and labels. */
  workloads: readonly { object: K8sObject; pod: string; pods: number; labels: Record<string, string> }[];
}

/** An Ingress: its class, and the Service and port each backend resolves to; emitted for every accepted Ingress. */
export interface IngressRoutedEvent {
  type: "ingress-routed";
  object: K8sObject;
  ingressClass: IngressClassChoice;
  /** Services the API server accepted in its namespace; whether a Service of the manifests was refused. */
  services: number;
  serviceRefused: boolean;
  backends: readonly (IngressBackend & { target: BackendTarget | undefined })[];
}

/** A NetworkPolicy: what it selects and allows, and its verdict on the traffic to the pods it isolates; every accepted policy. */
export interface PolicyTrafficEvent {
  type: "policy-traffic";
  object: K8sObject;
  podSelector: JsonObject;
  policyTypes: readonly string[];
  /** Accepted workloads whose pods it selects. */
  selects: readonly K8sObject[];
  ingress: readonly { from: readonly unknown[]; ports: readonly unknown[] }[];
  /** Flows to pods it isolates (with every isolating policy's verdict), in Service, pod and port order. */
  flows: readonly TrafficFlow[];
  /** A Service in its namespace has no Ready pods: what it does to that traffic cannot be seen. */
  unseen: boolean;
  /** It isolates its pods for ingress (policyTypes has Ingress, or is absent). */
  isolatesIngress: boolean;
  /** Some ingress rule admits every source: no `from`, every namespace's pods, or 0.0.0.0/0. */
  admitsEverySource: boolean;
}

export type K8sEvent =
  | ManifestFileEvent
  | ObjectReadEvent
  | ObjectDecodedEvent
  | ObjectValidatedEvent
  | ObjectAppliedEvent
  | WorkloadEvent
  | PodsScheduledEvent
  | ImagePulledEvent
  | ContainerConfiguredEvent
  | ContainerStartedEvent
  | AppsStartedEvent
  | MemoryUsedEvent
  | LivenessProbedEvent
  | ReadinessProbedEvent
  | PodOutcomeEvent
  | ServiceRoutedEvent
  | IngressRoutedEvent
  | PolicyTrafficEvent;

/** A Kubernetes unit's subject: a manifest file as kubectl reads it, or one of its objects. */
export interface K8sSubject {
  file: string;
  /** Absent for the unit that reads the file. */
  object?: K8sObject;
  /** Every document of the file could be read. */
  readable: boolean;
}

export type K8sRule = Rule<K8sEvent, K8sSubject>;

/**
 * A rule's context whose reports are one line each, as `file:line:col:` consumers read them: a line break that
 * a manifest put into a name, key or value shows as `\n` (the log keeps the tool's own lines).
 */
function oneLine(ctx: RuleContext): RuleContext {
  return {
    world: ctx.world,
    worldKnown: ctx.worldKnown,
    context: ctx.context,
    report: (where, message, options) => ctx.report(where, message.replace(/\r\n|\r|\n/g, "\\n"), options),
    undecided: () => ctx.undecided(),
  };
}

/** Declares a Kubernetes rule; `applies` is required, since file and object units are judged by different rules. */
export function k8sRule<const C extends string>(rule: Omit<K8sRule, "domain" | "applies"> & { code: C; applies: (s: K8sSubject) => boolean }): K8sRule & { code: C } {
  const on = Object.fromEntries(
    Object.entries(rule.on).map(([type, handler]) => [type, (event: K8sEvent, ctx: RuleContext) => (handler as (e: K8sEvent, c: RuleContext) => void)(event, oneLine(ctx))]),
  ) as K8sRule["on"];
  return defineRule({ ...rule, on, domain: "k8s" as const });
}

/** The units of a rule that judges files as kubectl reads them. */
export function manifestFiles(s: K8sSubject): boolean {
  return s.object === undefined;
}

/**
 * The units of a rule that judges objects: the objects `which` accepts. A file kubectl could not read whole is
 * one of them too; its unit stops at read, so no object rule counts as evaluated there (kubectl gives up on a
 * file at its first bad document, so which of its objects reach the cluster is not certain).
 */
export function objectsWhere(which: (o: K8sObject) => boolean): (s: K8sSubject) => boolean {
  return (s) => (s.object === undefined ? !s.readable : which(s.object));
}

/** Where field `path` of object `o` is (its key with `key: true`), for a finding on it. */
export function at(o: K8sObject, path: FieldPath, options: { key?: boolean } = {}): Location {
  return { file: o.file, ...locate(o, path, options) };
}
