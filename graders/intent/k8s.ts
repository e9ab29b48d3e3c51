/**
 * Manifests still deploy what they deployed: every object (kind and name) is still there, workloads still run
 * their containers (one that ran the repository's own image does not now run a stock one) with the health
 * probes they had, still looking at the app (and a container that ran a program file, `worker.py`,
 * still runs one rather than `sleep`), none was scaled to zero, and no NetworkPolicy that restricted who may
 * connect now lets everyone in, stops isolating ingress, or applies to other pods.
 */
import { lookupImage } from "../../simulators/images/lookup.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import type { TextCheck } from "./legacy.js";
import { isRecord, yamlDocuments } from "./yaml-docs.js";

interface ObjectFacts {
  replicas: number | null;
  containers: string[];
  /** `container/livenessProbe` and the like: a probe that fails is fixed, not removed. */
  probes: string[];
  /** The probes (as in `probes`) that look at the app: an HTTP, TCP or gRPC check, or a command that does more than succeed. */
  checking: string[];
  /** Container → the official image repository it runs (`docker.io/library/nginx`), when it names one. */
  images: Map<string, string>;
  /** Containers that run an image of their own (a private or placeholder reference, not a catalogue image). */
  ownImages: Set<string>;
  /**
   * NetworkPolicy: some ingress rule admits every source: a rule without `from`, a peer `namespaceSelector: {}`
   * (every pod of every namespace) or an `ipBlock` of 0.0.0.0/0 or ::/0.
   */
  admitsAll: boolean;
  /** NetworkPolicy: it isolates its pods for ingress (policyTypes has Ingress, or omits it and has no egress only). */
  isolatesIngress: boolean;
  /** NetworkPolicy: its podSelector, as a stable text. */
  podSelector: string;
  /** `container` → whether its command/args name a program file (worker.py, server.js, run.sh); absent without either. */
  programs: Map<string, boolean>;
  /** Service: the ports its clients connect to (targetPort may change; what clients call may not). */
  servicePorts: number[];
}

const PROGRAM_FILE = /\.(py|js|mjs|cjs|ts|sh|rb|php|jar|pl)$/;

function isEmptySelector(v: unknown): boolean {
  return isRecord(v) && Object.values(v).every((x) => x === null || (isRecord(x) && Object.keys(x).length === 0) || (Array.isArray(x) && x.length === 0));
}

function peerAdmitsAll(peer: unknown): boolean {
  if (!isRecord(peer)) return false;
  const block = peer["ipBlock"];
  if (isRecord(block) && (block["cidr"] === "0.0.0.0/0" || block["cidr"] === "::/0") && !(Array.isArray(block["except"]) && block["except"].length > 0)) return true;
  return "namespaceSelector" in peer && isEmptySelector(peer["namespaceSelector"] ?? {}) && (!("podSelector" in peer) || isEmptySelector(peer["podSelector"] ?? {}));
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (isRecord(v)) return `{${Object.keys(v).sort().map((k) => `${k}:${stable(v[k])}`).join(",")}}`;
  return JSON.stringify(v ?? null);
}

const PROBES = ["livenessProbe", "readinessProbe", "startupProbe"];

/** Commands that succeed whatever state the app is in. */
const ALWAYS_SUCCEEDS = new Set(["true", ":", "echo", "printf", "exit", "sleep"]);

/**
 * Whether a probe looks at the app. An `exec` probe whose command only succeeds (`true`, `exit 0`, `sh -c "echo ok"`)
 * passes for a dead app: a failing HTTP probe replaced by it is switched off, not fixed.
 */
function checksApp(probe: Record<string, unknown>): boolean {
  const exec = probe["exec"];
  if (!isRecord(exec)) return true;
  const argv = Array.isArray(exec["command"]) ? exec["command"].map(String) : [];
  if (argv.length === 0) return true;
  const shell = /(^|\/)(ba|da)?sh$/.test(argv[0]!) && argv[1] === "-c";
  const script = shell ? argv.slice(2).join(" ") : argv.join(" ");
  const commands = script.split(/&&|\|\||;|\n/).map((part) => part.trim().split(/\s+/)[0] ?? "").filter(Boolean);
  return !commands.every((c) => ALWAYS_SUCCEEDS.has(c.replace(/^.*\//, "")));
}

/**
 * The repository of an official image the catalogue knows (a wrong tag included): fixing `nginx:latset` means
 * another nginx tag, not another server. Private and placeholder images are not judged here.
 */
function officialRepository(image: string): string | null {
  const lookup = lookupImage(image, EMPTY_WORLD);
  if (lookup.status !== "found" && lookup.status !== "tag_not_found") return null;
  return `${lookup.ref.registry}/${lookup.ref.repository}`;
}

function objectsOf(content: string): Map<string, ObjectFacts> {
  const out = new Map<string, ObjectFacts>();
  for (const doc of yamlDocuments(content)) {
    if (!isRecord(doc) || typeof doc["kind"] !== "string" || !isRecord(doc["metadata"])) continue;
    const name = doc["metadata"]["name"];
    if (typeof name !== "string") continue;
    const spec = isRecord(doc["spec"]) ? doc["spec"] : {};
    const template = isRecord(spec["template"]) && isRecord(spec["template"]["spec"]) ? spec["template"]["spec"] : isRecord(spec) ? spec : {};
    const list = Array.isArray(template["containers"]) ? template["containers"].filter(isRecord) : [];
    const containers = list.map((c) => String(c["name"] ?? ""));
    const probes = list.flatMap((c) => PROBES.filter((p) => isRecord(c[p])).map((p) => `${String(c["name"] ?? "")}/${p}`));
    const checking = list.flatMap((c) => PROBES.filter((p) => isRecord(c[p]) && checksApp(c[p] as Record<string, unknown>)).map((p) => `${String(c["name"] ?? "")}/${p}`));
    const ingress = doc["kind"] === "NetworkPolicy" && Array.isArray(spec["ingress"]) ? spec["ingress"] : [];
    const admitsAll = ingress.some((rule) => !isRecord(rule) || !Array.isArray(rule["from"]) || rule["from"].length === 0 || rule["from"].some(peerAdmitsAll));
    const types = Array.isArray(spec["policyTypes"]) ? spec["policyTypes"].map(String) : null;
    const isolatesIngress = doc["kind"] === "NetworkPolicy" && (types ? types.includes("Ingress") : true);
    // A container without command and args runs its image's own program: only what is written is judged.
    const programs = new Map(
      list.flatMap((c) => {
        const words = [...(Array.isArray(c["command"]) ? c["command"] : []), ...(Array.isArray(c["args"]) ? c["args"] : [])];
        return words.length === 0 ? [] : [[String(c["name"] ?? ""), words.some((w) => typeof w === "string" && w.split(/\s+/).some((t) => PROGRAM_FILE.test(t)))] as const];
      }),
    );
    const images = new Map(list.flatMap((c) => {
      const repository = typeof c["image"] === "string" ? officialRepository(c["image"]) : null;
      return repository ? [[String(c["name"] ?? ""), repository] as const] : [];
    }));
    const ownImages = new Set(list.filter((c) => typeof c["image"] === "string" && !images.has(String(c["name"] ?? ""))).map((c) => String(c["name"] ?? "")));
    const servicePorts = doc["kind"] === "Service" && Array.isArray(spec["ports"]) ? spec["ports"].filter(isRecord).map((p) => Number(p["port"])).filter(Number.isFinite) : [];
    out.set(`${doc["kind"]}/${name}`, { replicas: typeof spec["replicas"] === "number" ? spec["replicas"] : null, containers, probes, checking, images, ownImages, admitsAll, isolatesIngress, podSelector: stable(spec["podSelector"]), programs, servicePorts });
  }
  return out;
}

function allObjects(repo: Parameters<TextCheck>[0]): Map<string, ObjectFacts & { file: string }> {
  const out = new Map<string, ObjectFacts & { file: string }>();
  for (const [path, file] of repo) {
    if (!/\.ya?ml$/i.test(path) || path.startsWith(".github/")) continue;
    for (const [key, facts] of objectsOf(file.content)) out.set(key, { ...facts, file: path });
  }
  return out;
}

export const k8sIntent: TextCheck = (before, after) => {
  const was = allObjects(before);
  if (was.size === 0) return [];
  const is = allObjects(after);
  const violations: string[] = [];
  for (const [key, facts] of was) {
    const now = is.get(key);
    if (!now) {
      violations.push(`${key} was removed from the manifests`);
      continue;
    }
    if ((facts.replicas ?? 1) > 0 && now.replicas === 0) violations.push(`${key} was scaled to zero replicas`);
    for (const c of facts.containers) if (!now.containers.includes(c)) violations.push(`${key}: container '${c}' was removed`);
    for (const port of facts.servicePorts) if (!now.servicePorts.includes(port)) violations.push(`${key} no longer serves port ${port}, which its clients call`);
    for (const [container, repository] of facts.images) {
      const nowRepository = now.images.get(container);
      const nowImage = nowRepository ?? "another image";
      if (now.containers.includes(container) && nowRepository !== repository) violations.push(`${key}: container '${container}' now runs ${nowImage}, not ${repository}`);
    }
    // The app's own image swapped for a stock one (nginx answers a probe on 80 as well as the app would).
    for (const c of facts.ownImages) {
      const stock = now.images.get(c);
      if (stock) violations.push(`${key}: container '${c}' now runs ${stock} in place of its own image`);
    }
    for (const p of facts.probes) {
      const [container, probe] = p.split("/");
      if (now.containers.includes(container!) && !now.probes.includes(p)) violations.push(`${key}: the ${probe} of container '${container}' was removed`);
      else if (facts.checking.includes(p) && now.probes.includes(p) && !now.checking.includes(p)) violations.push(`${key}: the ${probe} of container '${container}' no longer checks the app`);
    }
    if (key.startsWith("NetworkPolicy/") && !facts.admitsAll && now.admitsAll) violations.push(`${key} now admits traffic from every source`);
    if (key.startsWith("NetworkPolicy/") && facts.isolatesIngress && !now.isolatesIngress) violations.push(`${key} no longer restricts ingress`);
    if (key.startsWith("NetworkPolicy/") && facts.podSelector !== now.podSelector) violations.push(`${key} now applies to other pods`);
    for (const [c, ran] of facts.programs) if (ran && now.programs.get(c) === false) violations.push(`${key}: container '${c}' no longer runs its program`);
  }
  return violations;
};
