import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { asksAppOverHttp, k8sObjectsKept } from "./k8s.js";
import { judgeChange, stateOf } from "./states.js";

const k8sIntent = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(k8sObjectsKept, before, after).map((v) => v.message);

const deployment = (extra: string, replicas = 2) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: ghcr.io/acme/api:1.0
${extra}`;

const probe = "          livenessProbe:\n            httpGet: {path: /health, port: 8080}\n";
const policy = (ingress: string) => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: api
spec:
  podSelector: {matchLabels: {app: api}}
  policyTypes: [Ingress]
  ingress:
${ingress}`;
const restricted = "    - from:\n        - namespaceSelector: {matchLabels: {name: ingress-nginx}}\n      ports: [{port: 8080}]\n";

const allowAll = (podSelector: string, ingress = "    - {}\n") => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-all
spec:
  podSelector: ${podSelector}
  ingress:
${ingress}`;

const repo = (files: Record<string, string>) => repositoryFrom(files);
const before = repo({ "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted) });

describe("k8sIntent", () => {
  it("flags a container that idles instead of running its program, not one left to its image's default", () => {
    const worker = (command: string) => repo({ "k8s/deployment.yaml": deployment(command) });
    const before = worker('          command: ["python", "workers.py"]\n');
    expect(k8sIntent(before, worker('          command: ["sleep", "infinity"]\n')).join("\n")).toContain("container 'api' no longer runs its program");
    expect(k8sIntent(before, worker('          command: ["python", "-c", "import time; time.sleep(1e9)"]\n')).join("\n")).toContain("no longer runs its program");
    expect(k8sIntent(before, worker('          command: ["python", "/app/worker.py"]\n'))).toEqual([]);
    expect(k8sIntent(before, worker(""))).toEqual([]);
  });

  it("accepts a fixed probe port and a policy that still restricts its sources", () => {
    const after = repo({ "k8s/deployment.yaml": deployment(probe.replace("8080", "3000")), "k8s/policy.yaml": policy(restricted.replace("8080", "3000")) });
    expect(k8sIntent(before, after)).toEqual([]);
    const additive = repo({ "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted), "k8s/allow.yaml": allowAll("{matchLabels: {app: api}}", restricted.replace("8080", "9090")) });
    expect(k8sIntent(before, additive)).toEqual([]);
    const tcp = repo({ "k8s/deployment.yaml": deployment("          livenessProbe:\n            tcpSocket: {port: 3000}\n"), "k8s/policy.yaml": policy(restricted) });
    expect(k8sIntent(before, tcp)).toEqual([]);
  });

  it.each([
    ["a removed probe", { "k8s/deployment.yaml": deployment(""), "k8s/policy.yaml": policy(restricted) }, "livenessProbe of container 'api' was removed"],
    ["a probe that always succeeds", { "k8s/deployment.yaml": deployment('          livenessProbe:\n            exec: {command: ["true"]}\n'), "k8s/policy.yaml": policy(restricted) }, "livenessProbe of container 'api' no longer checks the app"],
    ["a probe that only exits 0", { "k8s/deployment.yaml": deployment('          livenessProbe:\n            exec: {command: ["sh", "-c", "echo ok; exit 0"]}\n'), "k8s/policy.yaml": policy(restricted) }, "no longer checks the app"],
    ["scaled to zero", { "k8s/deployment.yaml": deployment(probe, 0), "k8s/policy.yaml": policy(restricted) }, "scaled to zero"],
    ["a removed object", { "k8s/deployment.yaml": deployment(probe) }, "NetworkPolicy/api was removed"],
    ["a policy opened to every address", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy("    - from:\n        - ipBlock: {cidr: 0.0.0.0/0}\n") }, "admits traffic from every source"],
    ["a policy opened to every namespace", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy("    - from:\n        - namespaceSelector: {}\n") }, "admits traffic from every source"],
    ["a policy turned into an egress policy", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted).replace("[Ingress]", "[Egress]") }, "no longer restricts ingress"],
    ["a policy pointed at no pods", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted).replace("podSelector: {matchLabels: {app: api}}", "podSelector: {matchLabels: {app: nothing}}") }, "now applies to other pods"],
    ["a policy opened to everyone", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy("    - {}\n") }, "admits traffic from every source"],
    // Policies are additive: a new one that lets everyone in undoes the one that still restricts.
    ["a new policy beside it that lets everyone in", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted), "k8s/allow.yaml": allowAll("{}") }, "NetworkPolicy/allow-all admits traffic from every source to Deployment/api, which NetworkPolicy/api restricted"],
    ["a new policy for its pods that admits every namespace", { "k8s/deployment.yaml": deployment(probe), "k8s/policy.yaml": policy(restricted), "k8s/allow.yaml": allowAll("{matchLabels: {app: api}}", "    - from: [{namespaceSelector: {}}]\n") }, "NetworkPolicy/allow-all admits traffic from every source to Deployment/api"],
  ])("flags %s", (_, files, message) => {
    expect(k8sIntent(before, repo(files as Record<string, string>)).join("\n")).toContain(message);
  });
});

describe("k8sIntent on probes switched to exec", () => {
  const probed = (probes: string) => repo({ "k8s/deployment.yaml": deployment(probes) });
  const exec = (kind: string, command: string) => `          ${kind}:\n            exec: {command: ${command}}\n`;
  const readiness = "          readinessProbe:\n            tcpSocket: {port: 8080}\n";

  // The app's health is what the kubelet asked over the network; an exec command's verdict on it is not known.
  it.each([
    ["livenessProbe", probe, '["cat", "/etc/hostname"]'],
    ["livenessProbe", probe, '["test", "-d", "/proc"]'],
    ["livenessProbe", probe, '["ls", "/"]'],
    ["livenessProbe", probe, '["sh", "-c", "curl -s http://localhost:3000/health"]'],
    ["livenessProbe", probe, '["sh", "-c", "curl -fs http://localhost:3000/health || true"]'],
    ["livenessProbe", probe, '["sh", "-c", "curl -fs http://localhost:9999/health"]'],
    ["readinessProbe", readiness, '["cat", "/etc/hostname"]'],
  ])("flags a %s that asked the app replaced by exec %s", (kind, reference, command) => {
    expect(k8sIntent(probed(reference), probed(exec(kind, command))).join("\n")).toContain(`the ${kind} of container 'api' no longer checks the app: it was ${kind === "livenessProbe" ? "httpGet" : "tcpSocket"}`);
  });

  it("takes an exec probe that asks the app over HTTP where it listens for the check an httpGet is", () => {
    for (const command of [["sh", "-c", "curl -fs http://localhost:3000/health"], ["curl", "--fail", "http://127.0.0.1:3000/health"], ["sh", "-c", "wget -q -O- 'http://localhost:3000/health' || exit 1"]]) {
      expect(asksAppOverHttp(command, 3000), command.join(" ")).toBe(true);
    }
    for (const command of [["sh", "-c", "curl -fs http://localhost:3000/health"], ["sh", "-c", "curl -s http://localhost:3000/health"], ["sh", "-c", "curl -f http://localhost:3000/ || true"], ["sh", "-c", "curl -f http://localhost:$PORT/"], ["sh", "-c", "curl -f http://example.com:3000/"], ["cat", "/etc/hostname"]]) {
      expect(asksAppOverHttp(command, command[2]?.includes("-fs") ? 8080 : 3000), command.join(" ")).toBe(false);
    }
    // Where the model does not know the port the app listens on, the probe is not known to reach it.
    expect(asksAppOverHttp(["curl", "-f", "http://localhost:3000/"], undefined)).toBe(false);
  });

  it("accepts an exec probe where the clean base probes by exec, and judges one that was exec as before", () => {
    const pgIsReady = probed(exec("readinessProbe", '["pg_isready", "-U", "tasks"]'));
    const check = (initial: ReturnType<typeof repo>, base: ReturnType<typeof repo>, current: ReturnType<typeof repo>) =>
      k8sObjectsKept.check({ initial: stateOf(initial), base: stateOf(base), current: stateOf(current) }).map((v) => v.message);
    expect(check(probed(readiness), pgIsReady, pgIsReady)).toEqual([]);
    expect(k8sIntent(pgIsReady, probed(exec("readinessProbe", '["pg_isready", "-h", "localhost"]')))).toEqual([]);
    expect(k8sIntent(pgIsReady, probed(exec("readinessProbe", '["true"]'))).join("\n")).toContain("readinessProbe of container 'api' no longer checks the app");
  });
});

describe("k8sIntent on images", () => {
  const withImage = (image: string) =>
    repositoryFrom({ "k8s/deployment.yaml": deployment(probe).replace("image: ghcr.io/acme/api:1.0", `image: ${image}`) });
  it("accepts another tag of the same official image", () => {
    expect(k8sIntent(withImage("nginx:latset"), withImage("nginx:1.27-alpine"))).toEqual([]);
  });
  it("flags a stock image in place of the app's own, not another tag of the app", () => {
    expect(k8sIntent(withImage("ghcr.io/${{ github.repository }}:latest"), withImage("nginx:1.27-alpine")).join("\n")).toContain("container 'api' now runs docker.io/library/nginx in place of its own image");
    expect(k8sIntent(withImage("ghcr.io/${{ github.repository }}:latest"), withImage("ghcr.io/acme/api:main"))).toEqual([]);
  });
  it("flags another server in place of the official image", () => {
    expect(k8sIntent(withImage("nginx:latset"), withImage("httpd:2.4")).join("\n")).toContain("now runs docker.io/library/httpd, not docker.io/library/nginx");
  });
});

describe("k8sIntent on Services", () => {
  const service = (port: number, targetPort: number) =>
    repositoryFrom({ "k8s/service.yaml": `apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector: {app: api}\n  ports:\n    - port: ${port}\n      targetPort: ${targetPort}\n` });
  it("accepts a changed targetPort", () => {
    expect(k8sIntent(service(80, 8080), service(80, 3000))).toEqual([]);
  });
  it("flags a Service that moved the port its clients call", () => {
    expect(k8sIntent(service(80, 8080), service(3000, 3000)).join("\n")).toContain("no longer serves port 80");
  });
});
