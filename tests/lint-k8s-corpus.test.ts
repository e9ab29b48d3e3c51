/**
 * `breakfix lint` on valid manifests of every built-in kind the Kubernetes simulator serves, in the forms
 * kubectl reads: block YAML, JSON (pretty, tab-indented, one line, several values in a row, JSON in a .yaml
 * file) and Lists. None may get a diagnostic, whatever its form; and a broken manifest gets the same findings in
 * JSON and as a List item as in block YAML.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { main } from "../server/cli/main.js";
import type { CliIO } from "../server/cli/io.js";
import { runCase } from "../simulators/engine/rule-tester.js";
import { lintFiles, type LintFile } from "../simulators/index.js";
import { K8S_RULES } from "../simulators/k8s/index.js";
import { isManifestPath } from "../simulators/k8s/manifests.js";
import { GO_YAML_SCALARS } from "../simulators/k8s/documents.js";

const CORPUS = path.join(import.meta.dirname, "fixtures", "lint-clean", "k8s");

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const show = (d: { file: string; line: number; column: number; code: string; message: string }) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`;
const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map(show);

/** The objects of a block-YAML manifest, or null for a file that is not one (a kustomization, JSON, flow style). */
function blockObjects(file: LintFile): unknown[] | null {
  if (/kustomization\.ya?ml$/.test(file.path) || !/\.ya?ml$/.test(file.path) || /^\s*\{/m.test(file.content.replace(/^#.*$/gm, ""))) return null;
  // Merge keys resolved, as kubectl's go-yaml does.
  const values = parseAllDocuments(file.content, { merge: true, customTags: GO_YAML_SCALARS }) as unknown as { toJS(): unknown }[];
  return values.map((d) => d.toJS()).filter((v) => v !== null && v !== undefined);
}

const corpus = filesUnder(CORPUS);
// Kustomize patches are partial objects: they are never applied on their own, in any form.
const patches = new Set(["overlays/prod/replicas.yaml"]);
const block = corpus.filter((f) => !patches.has(f.path) && blockObjects(f) !== null);

describe("the clean Kubernetes corpus", () => {
  it("holds every built-in kind an application deploys, in block YAML, JSON and List forms", () => {
    const kinds = new Set<string>();
    for (const f of corpus) for (const m of f.content.matchAll(/"?kind"?:\s*"?([A-Z]\w+)/g)) kinds.add(m[1]!);
    const expected = [
      "Namespace", "ConfigMap", "Secret", "ServiceAccount", "Service", "Endpoints", "EndpointSlice", "Pod", "PodTemplate", "ReplicationController",
      "ReplicaSet", "Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "HorizontalPodAutoscaler", "PodDisruptionBudget", "PriorityClass",
      "ResourceQuota", "LimitRange", "PersistentVolume", "PersistentVolumeClaim", "StorageClass", "CSIDriver", "Ingress", "IngressClass",
      "NetworkPolicy", "Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding", "RuntimeClass", "Lease", "ValidatingWebhookConfiguration",
      "MutatingWebhookConfiguration", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "CustomResourceDefinition", "APIService",
      "CertificateSigningRequest", "FlowSchema", "PriorityLevelConfiguration", "List",
    ];
    expect(expected.filter((k) => !kinds.has(k))).toEqual([]);
    const all = corpus.map((f) => f.content).join("\n");
    for (const type of ["ClusterIP", "NodePort", "LoadBalancer", "ExternalName"]) expect(all).toContain(`type: ${type}`);
    expect(all).toMatch(/clusterIP: None/);
    expect(corpus.filter((f) => f.path.endsWith(".json")).length).toBeGreaterThanOrEqual(4);
    expect(corpus.some((f) => /^\{.*\}\n\{/m.test(f.content))).toBe(true);
    expect(corpus.some((f) => f.path.endsWith(".yaml") && f.content.startsWith("{"))).toBe(true);
  });

  it("reports nothing, linted whole", () => {
    expect(lint(corpus)).toEqual([]);
  });

  it.each(block.map((f) => [f.path, f] as const))("%s: reports nothing as JSON values in a row, nor as a List", (_, file) => {
    const objects = blockObjects(file)!;
    const json = objects.map((o, i) => JSON.stringify(o, null, i % 2 === 0 ? 2 : "\t")).join("\n");
    expect(lint([{ ...file, path: file.path.replace(/\.ya?ml$/, ".json"), content: `${json}\n` }])).toEqual([]);
    // A List inside a List is an object of kind List, which kubectl cannot map: lists are wrapped only once.
    if (!objects.some((o) => typeof o === "object" && o !== null && "items" in o)) expect(lint([{ ...file, content: stringify({ apiVersion: "v1", kind: "List", items: objects }, { customTags: GO_YAML_SCALARS }) }])).toEqual([]);
  });
});

describe("an application's deploy/ directory", () => {
  const APP = path.join(CORPUS, "app-deploy");

  it("holds Redis as a StatefulSet with volume claim templates behind a headless Service, an nginx Ingress for WebSockets and a CPU autoscaler", () => {
    const text = filesUnder(APP).map((f) => f.content).join("\n");
    expect(text).toMatch(/kind: StatefulSet[\s\S]*volumeClaimTemplates:/);
    expect(text).toMatch(/name: redis\n[\s\S]*clusterIP: None/);
    expect(text).toContain("nginx.ingress.kubernetes.io/affinity: cookie");
    expect(text).toContain('nginx.ingress.kubernetes.io/proxy-read-timeout: "3600"');
    expect(text).toMatch(/apiVersion: autoscaling\/v2\nkind: HorizontalPodAutoscaler[\s\S]*name: cpu/);
  });

  it("passes `breakfix lint deploy/`", async () => {
    let stdout = "";
    let stderr = "";
    const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd: APP };
    const code = await main(["lint", "deploy/"], io);
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("is linted at all: a typo in it is found", () => {
    const files = filesUnder(APP).map((f) => (f.path === "deploy/redis.yaml" ? { ...f, content: f.content.replace("volumeClaimTemplates:", "volumeClaimTemplate:") } : f));
    expect(lint(files)).toEqual([expect.stringContaining('deploy/redis.yaml:82:3 K8S006 Error from server (BadRequest): error when creating "deploy/redis.yaml": StatefulSet in version "v1" cannot be handled as a StatefulSet: strict decoding error: unknown field "spec.volumeClaimTemplate"')]);
  });
});

describe("a broken manifest in JSON and in a List", () => {
  // Every Kubernetes rule's failing cases, each manifest rewritten; YAML syntax is the one thing JSON cannot show.
  const cases = K8S_RULES.filter((r) => r.code !== "K8S001").flatMap((rule) => rule.cases.invalid.map((c) => [`${rule.code} ${c.name ?? ""}`, rule.code, c] as const));
  const findings = (files: Record<string, string | { content: string; mode?: number }>, world: (typeof cases)[number][2]) =>
    runCase({ ...world, files })
      .diagnostics.map((d) => `${d.code} ${d.message}`)
      .sort();
  const rewritten = (c: (typeof cases)[number][2], form: (objects: unknown[]) => string) =>
    Object.fromEntries(
      Object.entries(c.files).map(([p, f]) => {
        const content = typeof f === "string" ? f : f.content;
        const objects = isManifestPath(p, content) ? blockObjects({ path: p, content, mode: 0o644 }) : null;
        return [p, objects && objects.length > 0 ? form(objects) : f];
      }),
    );

  it.each(cases)("%s: the same findings", (_, code, c) => {
    const asYaml = findings(c.files, c);
    expect(asYaml.some((f) => f.startsWith(code))).toBe(true);
    expect(findings(rewritten(c, (objects) => objects.map((o) => JSON.stringify(o, null, 2)).join("\n")), c)).toEqual(asYaml);
    // A List gives an item without apiVersion and kind the list's: a kind missing from the item stays missing.
    if (code !== "K8S002") expect(findings(rewritten(c, (objects) => stringify({ apiVersion: "v1", kind: "List", items: objects }, { customTags: GO_YAML_SCALARS })), c)).toEqual(asYaml);
  });
});
