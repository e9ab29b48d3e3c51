/**
 * The facts the cluster records for the grader: what each object is, what each workload runs, where its
 * traffic goes and how its pods ended up, so that a change of meaning (a probe deleted, replicas scaled to 0, a
 * policy opened to everything) shows between two states of a repository without reading the files again.
 */
import { describe, expect, it } from "vitest";
import type { Fact } from "../engine/facts.js";
import { repositoryFrom } from "../repository.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";
import type { K8sEvent } from "./events.js";
import { k8sSimulator } from "./index.js";
import { APP_FILES, DEPLOYMENT, INGRESS, SERVICE, WORLD, withFile } from "./rules/fixtures.js";

function run(files: Record<string, string>, worldKnown = true) {
  return k8sSimulator.simulate(repositoryFrom(files), parseWorld(WORLD), { worldKnown });
}

function facts<T extends K8sEvent["type"]>(files: Record<string, string>, type: T, worldKnown = true): Extract<K8sEvent, { type: T }>[] {
  const found: readonly Fact<K8sEvent>[] = run(files, worldKnown).facts.of<K8sEvent>(type);
  return found.map((f) => f.event as Extract<K8sEvent, { type: T }>);
}

const OPEN_POLICY = "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: web\nspec:\n  podSelector:\n    matchLabels:\n      app: web\n  policyTypes: [Ingress]\n  ingress:\n    - {}\n";

describe("k8s facts", () => {
  it("reads the program a container's command runs with the shell parser, not from its text", () => {
    const runs = (command: string) => {
      const deployment = DEPLOYMENT.replace("          image: ghcr.io/acme/web:1.0\n", `          image: ghcr.io/acme/web:1.0\n          command: ${command}\n`);
      return facts(withFile("k8s/deployment.yaml", deployment), "workload")[0]!.containers[0]!.runsProgramFile;
    };
    expect(runs('["python", "worker.py", "--concurrency", "4"]')).toBe(true);
    expect(runs('["sh", "-c", "cd /app && exec python worker.py"]')).toBe(true);
    expect(runs('["sh", "-c", "echo python worker.py --concurrency 4; sleep infinity"]')).toBe(false);
    expect(runs('["sh", "-c", "printf \'%s\' app.js"]')).toBe(false);
    expect(runs('["sleep", "infinity"]')).toBe(false);
    expect(runs('["sh", "-c"]')).toBe(false);
    expect(facts(APP_FILES, "workload")[0]!.containers[0]!.runsProgramFile).toBeNull();
  });

  it("records every object read, with its identity and value", () => {
    const read = facts(APP_FILES, "object-read");
    expect(read.map((e) => `${e.file} ${e.kind}/${e.name} ${e.namespace}`)).toEqual([
      "k8s/config.yaml ConfigMap/web-config default",
      "k8s/config.yaml Secret/web-db default",
      "k8s/deployment.yaml Deployment/web default",
      "k8s/ingress.yaml Ingress/web default",
      "k8s/service.yaml Service/web default",
    ]);
    expect(read[2]!.value).toMatchObject({ spec: { replicas: 2 } });
  });

  it("records an object the API server refused, and where", () => {
    const applied = facts(withFile("k8s/deployment.yaml", DEPLOYMENT.replace("  replicas: 2", "  replica: 2")), "object-applied");
    expect(applied.find((e) => e.object.kind === "Deployment")).toMatchObject({ accepted: false, refusedAt: "decode" });
    expect(applied.filter((e) => e.accepted)).toHaveLength(4);
  });

  it("records a workload's replicas, labels and containers as they resolve", () => {
    const [workload] = facts(APP_FILES, "workload");
    expect(workload).toMatchObject({ pods: 2, replicas: 2, labels: { app: "web" } });
    expect(workload!.containers[0]).toMatchObject({
      name: "web",
      image: "ghcr.io/acme/web:1.0",
      argv: ["python", "app.py"],
      ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }],
      env: [{ name: "DATABASE_URL", source: "secretKeyRef", from: { name: "web-db", key: "url" } }],
      envFrom: [{ kind: "ConfigMap", name: "web-config", prefix: "" }],
      resources: { requests: { memory: "128Mi", cpu: "100m" }, limits: { memory: "256Mi" } },
      config: [
        { kind: "ConfigMap", name: "web-config", optional: false, via: "envFrom ConfigMap web-config" },
        { kind: "Secret", name: "web-db", key: "url", optional: false, via: "variable DATABASE_URL" },
      ],
      probes: [
        { kind: "livenessProbe", type: "httpGet", path: "/health", port: 8080 },
        { kind: "readinessProbe", type: "httpGet", path: "/health", port: "http" },
      ],
      listening: 8080,
    });
  });

  it("shows a deleted probe and a scaled-down workload", () => {
    const noProbe = facts(withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          livenessProbe:\n            httpGet:\n              path: /health\n              port: 8080\n", "")), "workload");
    expect(noProbe[0]!.containers[0]!.probes.map((p) => p.kind)).toEqual(["readinessProbe"]);
    const scaled = withFile("k8s/deployment.yaml", DEPLOYMENT.replace("replicas: 2", "replicas: 0"));
    expect(facts(scaled, "workload")[0]).toMatchObject({ pods: 0, replicas: 0 });
    expect(facts(scaled, "pod-outcome")[0]).toMatchObject({ status: "NoPods" });
    expect(facts(scaled, "pods-scheduled")).toEqual([]);
  });

  it("records how pods ended up, and which check stopped them", () => {
    expect(facts(APP_FILES, "pod-outcome")[0]).toMatchObject({ pods: 2, status: "Ready" });
    const oom = withFile("k8s/deployment.yaml", DEPLOYMENT.replace("memory: 128Mi", "memory: 64Mi").replace("memory: 256Mi", "memory: 64Mi"));
    expect(facts(oom, "pod-outcome")[0]).toMatchObject({ status: "CrashLoopBackOff", failure: { phase: "memory", code: "K8S025" } });
    // Stopped pods meet nothing after the check that stopped them.
    expect(facts(oom, "liveness-probed")).toEqual([]);
    const pull = withFile("k8s/deployment.yaml", DEPLOYMENT.replace("web:1.0", "web:1.1"));
    expect(facts(pull, "pod-outcome")[0]).toMatchObject({ status: "ImagePullBackOff", failure: { phase: "pull", code: "K8S021" } });
    expect(facts(APP_FILES, "pod-outcome", false)[0]).toMatchObject({ status: "Unknown" });
  });

  it("records each probe with the port it resolves to and what it met", () => {
    const [probed] = facts(withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: 3000")), "liveness-probed");
    const [sent] = probed!.containers[0]!.probes;
    expect(sent).toMatchObject({ kind: "livenessProbe", handler: "httpGet", path: "/health", port: 3000, target: 3000 });
    expect(sent!.failure?.detail).toContain(":3000/health");
    expect(facts(APP_FILES, "readiness-probed")[0]!.containers[0]!.probes[0]).toMatchObject({ port: "http", target: 8080, failure: null });
  });

  it("records a Service's selector, endpoints and where each port lands", () => {
    const [svc] = facts(APP_FILES, "service-routed");
    expect(svc).toMatchObject({ serviceType: "ClusterIP", selector: { app: "web" }, endpoints: { state: "ready" } });
    expect(svc!.ports[0]).toMatchObject({ port: 80, target: "http", backend: { containers: [{ target: 8080, listening: 8080 }] } });
    const [none] = facts(withFile("k8s/service.yaml", SERVICE.replace("    app: web", "    app: api")), "service-routed");
    expect(none!.endpoints.state).toBe("none");
  });

  it("records an Ingress's class and the Service each backend resolves to", () => {
    const [ing] = facts(APP_FILES, "ingress-routed");
    expect(ing!.ingressClass).toMatchObject({ name: "nginx", installed: ["nginx"] });
    expect(ing!.backends[0]).toMatchObject({ service: "web", route: "web.example.com/", target: { port: { port: 80 }, endpointSource: true } });
    const [wrong] = facts(withFile("k8s/ingress.yaml", INGRESS.replace("                name: web", "                name: api-svc")), "ingress-routed");
    expect(wrong!.backends[0]!.target).toBeUndefined();
  });

  it("records what a NetworkPolicy selects and allows, and its verdict on each flow", () => {
    const [open] = facts({ ...APP_FILES, "k8s/policy.yaml": OPEN_POLICY }, "policy-traffic");
    expect(open).toMatchObject({ policyTypes: ["Ingress"], ingress: [{ from: [], ports: [] }], unseen: false });
    expect(open!.selects.map((w) => w.name)).toEqual(["web"]);
    expect(open!.flows.map((f) => [f.service.name, f.port, f.portName, f.source?.namespace, f.admitted])).toEqual([["web", 8080, "http", "ingress-nginx", true]]);
    const [closed] = facts({ ...APP_FILES, "k8s/policy.yaml": OPEN_POLICY.replace("  ingress:\n    - {}\n", "  ingress: []\n") }, "policy-traffic");
    expect(closed!.flows[0]).toMatchObject({ admitted: false, verdicts: [{ admits: false }] });
  });
});

describe("k8s evaluation of a file kubectl cannot read whole", () => {
  it("credits the read check but no check of its objects", () => {
    const files = { ...APP_FILES, "k8s/deployment.yaml": `${DEPLOYMENT}---\nkey: [unclosed\n` };
    const { checked, diagnostics } = run(files);
    expect(diagnostics.map((d) => d.code)).toEqual(["K8S001"]);
    expect(checked.has(checkKey("K8S001", "k8s/deployment.yaml"))).toBe(true);
    for (const code of ["K8S006", "K8S021", "K8S025"]) expect(checked.has(checkKey(code, "k8s/deployment.yaml"))).toBe(false);
    expect(checked.has(checkKey("K8S030", "k8s/service.yaml"))).toBe(true);
  });
});
