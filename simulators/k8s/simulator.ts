/**
 * The Kubernetes simulator: reads the manifests, then runs every rule in the order a real rollout meets
 * its faults (kubectl reads, the API server decodes and validates, pods are scheduled, pulled, started and
 * probed, traffic flows). An object refused at apply goes no further, and a workload whose pods stopped
 * serves no traffic; rules that never reached an object are not counted as evaluated on its file.
 */
import type { Diagnostic } from "../diagnostic.js";
import type { Repository } from "../repository.js";
import { Findings, type SimulationOptions, type SimulationResult, type Simulator } from "../simulation.js";
import type { World } from "../world.js";
import { Cluster } from "./cluster.js";
import { readManifests, type ManifestFile } from "./manifests.js";
import { isObject, locate, type K8sObject } from "./object.js";
import { isBlockingPhase, PHASES, type K8sRule, type RuleContext } from "./rule.js";
import { k8sRules } from "./rules/index.js";

/** Objects of the readable documents: mappings, whatever their apiVersion, kind and name. */
export function objectsOf(files: readonly ManifestFile[], defaultNamespace: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const file of files) {
    for (const d of file.documents) {
      if (d.problem || !d.doc || !isObject(d.value)) continue;
      const value = d.value;
      const text = (v: unknown) => (typeof v === "string" ? v : "");
      const metadata = isObject(value["metadata"]) ? value["metadata"] : {};
      objects.push({
        file: file.path,
        index: d.index,
        doc: d.doc,
        lineCounter: file.lineCounter,
        value,
        apiVersion: text(value["apiVersion"]),
        kind: text(value["kind"]),
        name: text(metadata["name"]),
        namespace: text(metadata["namespace"]) || defaultNamespace,
      });
    }
  }
  return objects;
}

/** Runs `rules` over the repository's manifests. */
export function simulateManifests(repo: Repository, world: World, options: SimulationOptions, rules: readonly K8sRule[]): SimulationResult {
  const worldKnown = options.worldKnown !== false;
  const files = readManifests(repo);
  const objects = objectsOf(files, worldKnown ? world.cluster.namespace : "default");
  const refused = new Set<K8sObject>();
  const stopped = new Set<K8sObject>();
  const cluster = new Cluster(world, worldKnown, objects, { refused, stopped });
  const unreadable = new Set(files.filter((f) => f.documents.some((d) => d.problem || !isObject(d.value))).map((f) => f.path));
  const findings = new Findings();
  const ordered = [...rules].sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));

  for (let i = 0; i < ordered.length; ) {
    // Rules of one phase see the same objects: the API server reports all decode errors of an object at once.
    const phase = ordered[i]!.phase;
    const failedThisPhase = new Set<K8sObject>();
    for (; i < ordered.length && ordered[i]!.phase === phase; i++) {
      const rule = ordered[i]!;
      if (rule.needsWorld && !worldKnown) continue;
      runRule(rule, { files, objects, cluster, world, worldKnown, findings, unreadable, dead: (o) => refused.has(o) || stopped.has(o), failed: failedThisPhase });
    }
    if (!isBlockingPhase(phase)) continue;
    for (const o of failedThisPhase) (PHASES.indexOf(phase) <= PHASES.indexOf("validate") ? refused : stopped).add(o);
  }
  return findings.result();
}

interface RunState {
  files: readonly ManifestFile[];
  objects: readonly K8sObject[];
  cluster: Cluster;
  world: World;
  worldKnown: boolean;
  findings: Findings;
  unreadable: ReadonlySet<string>;
  dead: (o: K8sObject) => boolean;
  failed: Set<K8sObject>;
}

function runRule(rule: K8sRule, s: RunState): void {
  const relevant = rule.appliesTo ? s.objects.filter((o) => rule.appliesTo!(o)) : [];
  const alive = relevant.filter((o) => !s.dead(o));
  const undecided = new Set<K8sObject>();
  const diagnostic = (file: string, line: number, column: number, message: string, log?: string): Diagnostic => ({
    file, line, column, code: rule.code, severity: rule.severity, message, stage: rule.stage, ...(log === undefined ? {} : { log }),
  });
  const ctx: RuleContext = {
    world: s.world,
    worldKnown: s.worldKnown,
    files: s.files,
    objects: alive,
    cluster: s.cluster,
    report(o, path, message, options = {}) {
      const at = locate(o, path, { key: options.key === true });
      s.findings.report(diagnostic(o.file, at.line, at.column, message, options.log));
      s.failed.add(o);
    },
    reportFile(file, line, column, message, options = {}) {
      s.findings.report(diagnostic(file, line, column, message, options.log));
    },
    undecided(o) {
      undecided.add(o);
    },
  };
  rule.check(ctx);

  if (!rule.appliesTo) {
    for (const f of s.files) s.findings.evaluated(rule.code, f.path);
    return;
  }
  // Evaluated on a file: it was readable, the rule judged at least one of its objects, and none of them
  // was out of its reach (refused or stopped earlier, or undecidable).
  for (const f of s.files) {
    if (s.unreadable.has(f.path)) continue;
    const mine = relevant.filter((o) => o.file === f.path);
    if (mine.length > 0 && mine.every((o) => !s.dead(o) && !undecided.has(o))) s.findings.evaluated(rule.code, f.path);
  }
}

/** The Kubernetes simulator over every manifest of a repository. */
export const k8sSimulator: Simulator = {
  domain: "k8s",
  simulate(repo, world, options) {
    return simulateManifests(repo, world, options, k8sRules);
  },
};
