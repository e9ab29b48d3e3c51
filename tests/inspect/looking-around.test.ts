/**
 * The inspections an engineer uses to find what a fix needs, on real scenarios, in the real tools' formats:
 * kubectl listing several kinds and other namespaces, describing the objects around a pod, curl through a
 * Service and through ingress-nginx (its status pages), BuildKit's plain progress with a bundler's output, a
 * registry image's config, the token permissions a job's set-up prints; and the refusals around them.
 */
import { describe, expect, it } from "vitest";
import { applyEditAction } from "../../environment/apply-action.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

function inspector(scenarioId: string, edit?: { file: string; from: string; to: string }) {
  const s = catalog.scenario(scenarioId)!;
  const start = repositoryFrom(s.files);
  let repo: Repository = start;
  if (edit) {
    const out = applyEditAction(start, { action_type: "edit_file", edits: [{ file_path: edit.file, old_content: edit.from, new_content: edit.to }] });
    if (!out.ok) throw new Error(out.error);
    repo = out.repo;
  }
  return (command: string) => inspectRepository(command, { repo, world: s.world, start });
}

describe("kubectl get", () => {
  const run = inspector("network_policy_blocking");

  it("lists several kinds in one call, each table with kind/name rows and a blank line between, as kubectl does", () => {
    expect(run("kubectl get pods,svc")).toMatch(
      /^NAME {31}READY {3}STATUS {4}RESTARTS {3}AGE\npod\/catalog-api-\S{16} {3}1\/1 {5}Running {3}0 {10}2m\n(.*\n)+\nNAME {18}TYPE {8}CLUSTER-IP {6}EXTERNAL-IP {3}PORT\(S\) {4}AGE\nservice\/catalog-api {3}ClusterIP/,
    );
    expect(run("kubectl get deploy,nosuch")).toBe('error: the server doesn\'t have a resource type "nosuch"\n');
  });

  it("lists the namespaces with their labels, and the ingress controller's pod in its own namespace or across all", () => {
    expect(run("kubectl get namespaces --show-labels")).toMatch(/\ningress-nginx {5}Active {3}30d {3}kubernetes\.io\/metadata\.name=ingress-nginx,name=ingress-nginx\n/);
    expect(run("kubectl get pods -n ingress-nginx")).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\ningress-nginx-controller-\S+\s+1\/1\s+Running\s+0\s+30d\n$/);
    expect(run("kubectl get pods -A")).toMatch(/^NAMESPACE {7}NAME\s+READY.*\ndefault {9}catalog-api-(.*\n)+ingress-nginx {3}ingress-nginx-controller-/);
    expect(run("kubectl get pods -n monitoring")).toBe("No resources found in monitoring namespace.\n");
  });

  it("filters pods by label and lists another team's Service beside the manifests'", () => {
    expect(run("kubectl get pods -l app=catalog-api").split("\n").filter((l) => l.startsWith("catalog-api-"))).toHaveLength(2);
    expect(run("kubectl get pods -l app=nothing")).toBe("No resources found in default namespace.\n");
    expect(run("kubectl get svc")).toMatch(/\nsearch\s+ClusterIP\s+10\.96\.\d+\.\d+\s+<none>\s+9200\/TCP\s+30d\n$/);
    expect(run("kubectl get svc -o yaml")).toContain("only the tables are printed here");
  });
});

describe("kubectl describe", () => {
  const run = inspector("network_policy_blocking");

  it("describes a Deployment's pod template: image, ports, resources, probes and where its environment comes from", () => {
    const out = run("kubectl describe deploy catalog-api");
    expect(out).toMatch(/^Name: {19}catalog-api\nNamespace: {14}default\n/);
    expect(out).toContain("Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable\n");
    expect(out).toContain("    Liveness:   http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3\n");
    expect(out).toContain("      catalog-config  ConfigMap  Optional: false\n");
    expect(out).toContain("      DATABASE_URL:  <set to the key 'url' in secret 'catalog-db'>  Optional: false\n");
  });

  it("describes a Service with its endpoints, an Ingress with its class and backends, a policy with what it allows", () => {
    expect(run("kubectl describe svc catalog-api")).toMatch(/\nSelector: {10}app=catalog-api\n(.*\n)*TargetPort: {8}http\/TCP\nEndpoints: {9}10\.244\.0\.\d+:8080,10\.244\.0\.\d+:8080\n/);
    const ingress = run("kubectl describe ingress catalog-api");
    expect(ingress).toContain("Ingress Class:    nginx\n");
    expect(ingress).toMatch(/\n {2}catalog\.acme\.example\n {24}\/ {3}catalog-api:80 \(10\.244\.0\.\d+:8080,10\.244\.0\.\d+:8080\)\n/);
    expect(run("kubectl describe networkpolicy catalog-api")).toContain("  Allowing ingress traffic:\n    <none> (Selected pods are isolated for ingress connectivity)\n");
    expect(inspector("oom_killed")("kubectl describe networkpolicy")).toContain("      NamespaceSelector: kubernetes.io/metadata.name=ingress-nginx\n");
  });

  it("describes the node's capacity and what the pods request of it, a ConfigMap's data and a Secret's keys without values", () => {
    const node = run("kubectl describe node");
    expect(node).toContain("  memory:             4194304Ki\n");
    expect(node).toMatch(/ {2}memory {13}512Mi \(13%\) {4}512Mi \(13%\)\n/);
    expect(run("kubectl describe configmap catalog-config")).toContain("SEARCH_URL\n----\nhttp://search.default.svc.cluster.local:9200\n");
    const secret = run("kubectl describe secret catalog-db");
    expect(secret).toContain("url:  <value not shown>");
    expect(run("kubectl describe secret nosuch")).toBe('Error from server (NotFound): secrets "nosuch" not found\n');
    expect(run("kubectl describe widgets")).toBe('error: the server doesn\'t have a resource type "widgets"\n');
    expect(run("kubectl describe events")).toContain("not described here; the supported kinds are pods, deployments");
  });
});

describe("curl", () => {
  it("answers for an Ingress host as ingress-nginx does: 504 when a policy drops the controller's traffic", () => {
    const out = inspector("network_policy_blocking")("curl -i http://catalog.acme.example/healthz");
    expect(out).toMatch(/^HTTP\/1\.1 504 Gateway Time-out\nContent-Type: text\/html\n/);
    expect(out).toContain("<center><h1>504 Gateway Time-out</h1></center>\n<hr><center>nginx</center>\n");
  });

  it("reaches the app once the policy admits the controller, and by the controller's address with a Host header", () => {
    const run = inspector("oom_killed", { file: "k8s/deployment.yaml", from: "memory: 64Mi\n            limits:\n              memory: 64Mi", to: "memory: 256Mi\n            limits:\n              memory: 256Mi" });
    expect(run("curl -s http://catalog.acme.example/healthz")).toBe("(the app answered 200 OK for /healthz; its response body is not modelled)\n");
    expect(run("curl -i -H 'Host: catalog.acme.example' http://192.168.49.2/healthz")).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(run("curl -I http://catalog.acme.example/healthz")).toBe("HTTP/1.1 200 OK\n\n");
    expect(run("curl -i http://catalog.acme.example/products")).toBe("(the connection reached the app; what it answers on /products is not modelled)\n");
  });

  it("gives ingress-nginx's 503 for a backend Service that does not exist, 502 when nothing listens on the target port, 404 for an Ingress it does not serve", () => {
    expect(inspector("ingress_wrong_service")("curl -i http://catalog.acme.example/")).toMatch(/^HTTP\/1\.1 503 Service Temporarily Unavailable\n/);
    expect(inspector("port_mismatch")("curl http://shop.acme.example/api/products")).toContain("<title>502 Bad Gateway</title>");
    expect(inspector("missing_ingress_class")("curl -i http://catalog.acme.example/")).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
  });

  it("from a pod, follows the Service to its endpoints and the port the app listens on, as curl reports each failure", () => {
    expect(inspector("selector_mismatch")("kubectl exec api-server -- curl http://api/api/products")).toBe("curl: (7) Failed to connect to api port 80 after 1 ms: Connection refused\n");
    expect(inspector("port_mismatch")("kubectl exec deploy/api-server -- curl -s http://api.default.svc.cluster.local/healthz")).toBe("curl: (7) Failed to connect to api.default.svc.cluster.local port 80 after 1 ms: Connection refused\n");
    expect(inspector("network_policy_blocking")("kubectl exec catalog-api -- curl http://catalog-api/healthz")).toBe("curl: (28) Failed to connect to catalog-api port 80 after 130001 ms: Connection timed out\n");
    expect(inspector("missing_configmap")("kubectl exec catalog-api -- curl http://search:9200/")).toContain("error: unable to upgrade connection");
    expect(inspector("ingress_wrong_service")("kubectl exec catalog-api -- curl -i http://search:9200/")).toMatch(/^HTTP\/1\.1 200 OK\n\n\(the connection reached search, a Service of the cluster/);
    expect(inspector("ingress_wrong_service")("kubectl exec catalog-api -- curl http://nosuch/")).toBe("curl: (6) Could not resolve host: nosuch\n");
  });

  it("resolves only Ingress hosts from outside the cluster, and refuses requests that could change the app", () => {
    const run = inspector("ingress_wrong_service");
    expect(run("curl http://catalog-api/")).toMatch(/^curl: \(6\) Could not resolve host: catalog-api\n\(outside the cluster only the Ingress hosts resolve/);
    expect(run("curl -X POST http://catalog.acme.example/products")).toContain("curl -X POST could change the app's state");
    expect(run("curl -d '{}' http://catalog.acme.example/products")).toContain("a request body would send data to the app");
    expect(run("curl --frobnicate http://x/")).toBe("curl: option --frobnicate: is unknown\ncurl: try 'curl --help' for more information\n");
    expect(run("kubectl exec catalog-api -- sh -c 'rm -rf /'")).toContain("'kubectl exec' runs only curl here");
    expect(run("kubectl exec catalog-api -- sh -c 'rm -rf /'")).toContain("breakfix inspect: ");
  });
});

describe("build and CI", () => {
  it("prints BuildKit's plain progress, numbered steps with each RUN's output, where react-scripts says which folder it wrote", () => {
    const out = inspector("multistage_output_mismatch")("docker build --progress=plain .");
    expect(out).toMatch(/^#0 building with "default" instance using docker driver\n\n#1 \[internal\] load build definition from Dockerfile\n/);
    expect(out).toMatch(/\n#(\d+) \[builder 6\/6\] RUN npm run build\n(#\1 0\.412 .*\n|#\1 0\.412\n)*#\1 0\.412 The build folder is ready to be deployed\.\n/);
    expect(out).toMatch(/\n#\d+ \[stage-1 3\/3\] COPY --from=builder \/app\/dist \/usr\/share\/nginx\/html\n#\d+ ERROR: failed to calculate checksum of ref \S+: "\/app\/dist": not found\n/);
    expect(inspector("multistage_output_mismatch")("docker build --progress=fancy .")).toBe('ERROR: invalid progress mode "fancy"\n');
    // The terminal log shows steps only, as BuildKit's tty progress does.
    expect(inspector("multistage_output_mismatch")("docker build .")).not.toContain("folder is ready");
  });

  it("inspects a registry image as pulled: the command and working directory it runs", () => {
    const image = JSON.parse(inspector("wrong_command")("docker image inspect ghcr.io/acme/thumbnailer:2.3.0"));
    expect(image[0]).toMatchObject({ RepoTags: ["ghcr.io/acme/thumbnailer:2.3.0"], Os: "linux", Config: { Cmd: ["python", "worker.py"], WorkingDir: "/app" } });
  });

  it("shows each job's GITHUB_TOKEN permissions in its set-up, as the runner prints them, and the repository's default", () => {
    const log = inspector("missing_token_permissions")("gh run view --log --job publish");
    expect(log).toContain("publish\tSet up job\t2025-01-01T00:00:00.0000000Z GITHUB_TOKEN Permissions\npublish\tSet up job\t2025-01-01T00:00:00.0000000Z   Contents: read\npublish\tSet up job\t2025-01-01T00:00:00.0000000Z   Metadata: read\n");
    expect(log).not.toContain("Packages:");
    expect(inspector("ghcr_token_not_mapped")("gh run view --log")).toContain("   Packages: write\n");
    expect(inspector("missing_token_permissions")("gh api repos/acme/menu-service/actions/permissions/workflow")).toBe('{"default_workflow_permissions":"read","can_approve_pull_request_reviews":false}\n');
    expect(inspector("missing_token_permissions")("gh api -X PUT repos/acme/menu-service/actions/permissions/workflow")).toContain("could change the repository");
    expect(inspector("missing_token_permissions")("gh api user")).toContain("only repos/acme/menu-service/actions/permissions/workflow");
  });
});
