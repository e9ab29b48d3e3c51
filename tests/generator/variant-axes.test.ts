/**
 * What each variant axis changes, and what it leaves alone: a rename stops at token boundaries (`k8s.io`,
 * `module.exports`, a commit SHA), replicas change only the app's own Deployments, added pieces select what
 * their Deployment runs, and workflow shapes keep every job and step.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { GeneratorBase } from "../../tasks/generator/bases.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import { variantBy } from "../../tasks/generator/variants/index.js";
import { ownDeployments, replicasAxis } from "../../tasks/generator/variants/manifests.js";
import { contentOf, tokenRewrite } from "../../tasks/generator/variants/rewrite.js";

const base = (id: string): GeneratorBase => GENERATOR_BASES.find((b) => b.id === id)!;
const text = (b: GeneratorBase, file: string): string => contentOf(b.files[file]!);

/** `b` with one decision of one axis picked (the first key of that axis matching `key`), the rest as written. */
function pick(b: GeneratorBase, axis: string, choice: string, key?: string): GeneratorBase {
  return variantBy(b, (a, d) => (a.name === axis && (key === undefined || d.key.includes(key)) && d.choices.includes(choice) ? choice : d.written));
}

describe("token rewrites", () => {
  it("rename whole tokens only, with the characters of a regular expression taken literally", () => {
    const rewrite = tokenRewrite("a.b", "x");
    expect(rewrite("a.b aXb a.bc ca.b (a.b)")).toBe("x aXb a.bc ca.b (x)");
    expect(tokenRewrite("exports", "jobs", { notAfter: "A-Za-z0-9_." })("module.exports = 1; POST /exports")).toBe("module.exports = 1; POST /jobs");
    expect(tokenRewrite("acme", "globex", { suffixes: ["bot"] })("acme acmebot acmes com.acme.ledger")).toBe("globex globexbot acmes com.globex.ledger");
  });
});

describe("variant axes", () => {
  it("move the manifests' folder in paths and path-like mentions, never in k8s.io", () => {
    const v = pick(base("notes-api"), "manifests", "deploy/k8s");
    expect(Object.keys(v.files).filter((p) => p.startsWith("deploy/k8s/")).length).toBe(5);
    expect(Object.keys(v.files).some((p) => p.startsWith("k8s/"))).toBe(false);
    expect(text(v, ".dockerignore").split("\n")).toContain("deploy/k8s");
    expect(text(v, "README.md")).toContain("`deploy/k8s/` deploys it");
    expect(text(v, "README.md")).toContain("k8s.io/ingress-nginx");
  });

  it("rename the owner in images, packages, paths, hosts and the world", () => {
    const v = pick(base("ledger-spring"), "owner", "initech");
    expect(v.world.repository.owner).toBe("initech");
    expect(Object.keys(v.files).some((p) => p.startsWith("src/main/java/com/initech/ledger/"))).toBe(true);
    expect(text(v, "pom.xml")).toContain("<groupId>com.initech</groupId>");
    expect(JSON.stringify(v.files)).not.toMatch(/\bacme\b/);
  });

  it("move a port everywhere it stands alone, and nowhere inside a digest", () => {
    const b = base("billing-django");
    const v = pick(b, "port", "9000");
    expect(v.world.apps[0]!.port).toBe(9000);
    expect(text(v, "gunicorn.conf.py")).toContain("'9000'");
    const sha = /4f6a1d9c2b7e8f0a3c5d6e7f8a9b0c1d2e3f4a5b/;
    expect(text(v, "k8s/web.yaml")).toMatch(sha);
    expect(v.discoverable.find((d) => d.fact.startsWith("port "))!.fact).toBe("port 9000");
  });

  it("scale only the app's own Deployments: the database keeps its one replica", () => {
    const b = base("tasks-api");
    const v = variantBy(b, (a, d) => (a.name === "replicas" ? "3" : d.written));
    expect(parse(text(v, "k8s/api.yaml").split(/^---$/m)[0]!).spec.replicas).toBe(3);
    expect(text(v, "k8s/database.yaml")).toBe(text(b, "k8s/database.yaml"));
    expect(ownDeployments(v).map((d) => d.name)).toEqual(ownDeployments(b).map((d) => d.name));
  });

  it("hand the scaled base its Deployments as a parse of the scaled files reads them, values after an edit moved", () => {
    const b = base("tasks-api");
    const api = text(b, "k8s/api.yaml");
    const deployment = api.split(/^---$/m)[0]!;
    // Two Deployments of the app in one file, the first written with a two-digit count: scaling it moves the second's value.
    const file = `${deployment.replace("replicas: 2", "replicas: 10")}---\n${deployment.replaceAll("tasks-api", "tasks-worker").replace("replicas: 2", "replicas: 1")}`;
    const two: GeneratorBase = { ...b, files: { ...b.files, "k8s/api.yaml": file } };
    expect(ownDeployments(two)).toBe(ownDeployments(two));
    const keys = ownDeployments(two).map((d) => `replicas:${d.file}#${d.index}`);
    const scaled = replicasAxis.apply(two, new Map([[keys[0]!, "3"], [keys[1]!, "2"]]));
    const carried = ownDeployments(scaled);
    expect(carried.map((d) => d.replicas)).toEqual([3, 2]);
    // A copy of the scaled base is another object: its Deployments are read from its files.
    expect(carried).toEqual(ownDeployments({ ...scaled }));
    expect(carried.map((d) => text(scaled, d.file).slice(d.replicasAt![0], d.replicasAt![1]))).toEqual(["3", "2"]);
  });

  it("add a PodDisruptionBudget and an HPA that select and scale the Deployment beside them", () => {
    const b = base("notes-api");
    const v = variantBy(b, (a, d) => (a.name === "disruption-budget" ? "max-unavailable-1" : a.name === "autoscaler" ? "70" : a.name === "replicas" ? "2" : d.written));
    const deployment = ownDeployments(v)[0]!;
    const pdb = parse(text(v, `k8s/${deployment.name}-pdb.yaml`));
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.matchLabels);
    const hpa = parse(text(v, `k8s/${deployment.name}-hpa.yaml`));
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: deployment.name });
    expect(hpa.spec.minReplicas).toBe(2);
    expect(hpa.spec.metrics[0].resource.target.averageUtilization).toBe(70);
  });

  it("drop a NetworkPolicy file only when nothing names it", () => {
    const v = pick(base("notes-api"), "network-policy", "none");
    expect(v.files["k8s/networkpolicy.yaml"]).toBeUndefined();
    expect(Object.keys(v.files).length).toBe(Object.keys(base("notes-api").files).length - 1);
  });

  it("shape workflows without losing a job or a step", () => {
    const b = base("notes-api");
    const v = variantBy(b, (a, d) => ({ dispatch: "manual", concurrency: "cancel", timeout: "15", runner: "ubuntu-24.04", nightly: "0 3 * * *" })[a.name as string] ?? d.written);
    const jobsOf = (content: string) => parse(content).jobs as Record<string, { steps: unknown[]; "runs-on": string; "timeout-minutes"?: number }>;
    for (const file of [".github/workflows/ci.yml", ".github/workflows/release.yml"]) {
      const before = jobsOf(text(b, file));
      const after = jobsOf(text(v, file));
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const [id, job] of Object.entries(after)) {
        expect(job.steps).toEqual(before[id]!.steps);
        expect(job["runs-on"]).toBe("ubuntu-24.04");
        expect(job["timeout-minutes"]).toBe(15);
      }
      expect(Object.keys(parse(text(v, file)).on)).toContain("workflow_dispatch");
      expect(parse(text(v, file)).concurrency["cancel-in-progress"]).toBe(true);
    }
    const nightly = parse(text(v, ".github/workflows/nightly.yml"));
    expect(nightly.name).toBe("nightly");
    expect(nightly.on).toEqual({ schedule: [{ cron: "0 3 * * *" }], workflow_dispatch: null });
    expect(nightly.jobs).toEqual(parse(text(v, ".github/workflows/ci.yml")).jobs);
  });

  it("label the final stage with the repository it is built from", () => {
    const b = base("ledger-spring");
    const v = variantBy(b, (a, d) => (a.name === "oci-labels" ? "source+MIT" : a.name === "owner" ? "hooli" : a.name === "syntax" ? "docker/dockerfile:1" : d.written));
    const lines = text(v, "Dockerfile").split("\n");
    expect(lines[0]).toBe("# syntax=docker/dockerfile:1");
    const from = lines.map((l, i) => (l.startsWith("FROM ") ? i : -1)).filter((i) => i >= 0).pop()!;
    expect(lines[from + 1]).toBe('LABEL org.opencontainers.image.source="https://github.com/hooli/ledger" \\');
    expect(lines[from + 2]!.trim()).toBe('org.opencontainers.image.licenses="MIT"');
  });
});
