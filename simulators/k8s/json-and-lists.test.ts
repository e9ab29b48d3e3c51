/**
 * Manifests as kubectl reads them beyond block YAML: JSON files and flow style (`.json` and `.yaml` alike),
 * concatenated JSON values, multi-document streams mixing both, and Lists whose items are each an object, with
 * every position pointing into the text as written.
 */
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../index.js";
import { formatDiagnostic } from "../diagnostic.js";
import { isManifestPath } from "./manifests.js";

const lint = (files: Record<string, string>, kind: "auto" | "k8s" = "auto") =>
  lintFiles(
    Object.entries(files).map(([path, content]): LintFile => ({ path, content, mode: 0o644 })),
    { kind, context: false },
  ).map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);

const OLD_DEPLOYMENT = `{
  "apiVersion": "apps/v1beta1",
  "kind": "Deployment",
  "metadata": {"name": "web"},
  "spec": {}
}
`;

describe("JSON and flow-style manifests", () => {
  it.each(["k8s/web.json", "web.json", "k8s/web.yaml", "web.yaml", "ops/web.yml"])("%s: a removed API version is reported at its kind", (file) => {
    expect(lint({ [file]: OLD_DEPLOYMENT })).toEqual([`${file}:3:11 K8S004 error: resource mapping not found for name: "web" namespace: "" from "${file}": no matches for kind "Deployment" in version "apps/v1beta1"`]);
  });

  it("reads one-line flow style outside manifest directories", () => {
    const flow = "{apiVersion: apps/v1, kind: Deploymnt, metadata: {name: web}}\n";
    expect(lint({ "web.yaml": flow })).toEqual(['web.yaml:1:29 K8S004 error: resource mapping not found for name: "web" namespace: "" from "web.yaml": no matches for kind "Deploymnt" in version "apps/v1"']);
  });

  it("points a schema error inside JSON at the JSON field, tab-indented as editors write it", () => {
    const json = '{\n\t"apiVersion": "v1",\n\t"kind": "Service",\n\t"metadata": {"name": "web"},\n\t"spec": {\n\t\t"ports": [{"port": "eighty"}]\n\t}\n}\n';
    expect(lint({ "k8s/svc.json": json })).toEqual([
      'k8s/svc.json:6:22 K8S005 Error from server (BadRequest): error when creating "k8s/svc.json": Service in version "v1" cannot be handled as a Service: json: cannot unmarshal string into Go struct field ServicePort.spec.ports.port of type int32',
    ]);
  });

  it("keeps the last of a repeated key in JSON, as Go does, and refuses it in YAML", () => {
    const json = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {"k": "1", "k": "2"}}\n';
    expect(lint({ "k8s/cm.json": json })).toEqual([]);
    const yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: '1', k: '2'}\n";
    expect(lint({ "k8s/cm.yaml": yaml })[0]).toContain('key "k" already set in map');
  });

  it("reads JSON values one after another, and YAML documents after a JSON one", () => {
    const stream = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}\n{"apiVersion": "v1", "kind": "Servce", "metadata": {"name": "b"}}\n';
    expect(lint({ "k8s/all.json": stream })).toEqual(['k8s/all.json:2:30 K8S004 error: resource mapping not found for name: "b" namespace: "" from "k8s/all.json": no matches for kind "Servce" in version "v1"']);
    const mixed = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}\n---\napiVersion: v1\nkind: Secrt\nmetadata:\n  name: b\n';
    expect(lint({ "k8s/all.yaml": mixed })).toEqual(['k8s/all.yaml:4:7 K8S004 error: resource mapping not found for name: "b" namespace: "" from "k8s/all.yaml": no matches for kind "Secrt" in version "v1"']);
  });

  it("reports broken JSON in Go's words, at the character at fault", () => {
    const broken = '{\n  "apiVersion": "v1",\n  "kind": "ConfigMap"\n  "metadata": {"name": "a"}\n}\n';
    expect(lint({ "k8s/cm.json": broken })).toEqual([
      "k8s/cm.json:4:3 K8S001 error: error parsing k8s/cm.json: json: offset 49: invalid character '\"' after object key:value pair",
    ]);
    // YAML reads a trailing comma that JSON refuses, and kubectl falls back to YAML.
    expect(lint({ "k8s/cm.json": '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"},}\n' })).toEqual([]);
  });

  it("leaves JSON files that hold no Kubernetes object alone", () => {
    expect(isManifestPath("package.json", '{"name": "web", "version": "1.0.0"}')).toBe(false);
    expect(isManifestPath("k8s/dashboard.json", '{"title": "web", "panels": [{"kind": "graph"}]}')).toBe(false);
    expect(isManifestPath("schema.json", '{"properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"}}}')).toBe(false);
    // In a manifest directory one of apiVersion and kind is enough: the other may be what is wrong.
    expect(isManifestPath("k8s/cm.json", '{"apiVersion": "v1", "metadata": {"name": "a"}}')).toBe(true);
    expect(lint({ "k8s/cm.json": '{"apiVersion": "v1", "metadata": {"name": "a"}}' })[0]).toContain("K8S002");
  });

  it("checks any file given under --kind k8s, whatever its name", () => {
    expect(lint({ "notes/web.txt": "apiVersion: v1\nkind: Servce\nmetadata:\n  name: web\n" }, "k8s")).toEqual([
      'notes/web.txt:2:7 K8S004 error: resource mapping not found for name: "web" namespace: "" from "notes/web.txt": no matches for kind "Servce" in version "v1"',
    ]);
  });
});

describe("Lists", () => {
  const LIST = `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: ConfigMap
    metadata:
      name: ok
  - apiVersion: extensions/v1beta1
    kind: Ingress
    metadata:
      name: old
  - apiVersion: v1
    kind: Service
    metadata:
      name: web
    spec:
      ports:
        - port: 80
          protocl: TCP
`;

  it("checks every item as its own object, at its own lines", () => {
    expect(lint({ "k8s/all.yaml": LIST })).toEqual([
      'k8s/all.yaml:9:11 K8S004 error: resource mapping not found for name: "old" namespace: "" from "k8s/all.yaml": no matches for kind "Ingress" in version "extensions/v1beta1"',
      'k8s/all.yaml:19:11 K8S006 Error from server (BadRequest): error when creating "k8s/all.yaml": Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.ports[0].protocl"',
    ]);
  });

  it("gives items without apiVersion and kind the list's, as kubectl does", () => {
    const typed = "apiVersion: apps/v1\nkind: DeploymentList\nitems:\n  - metadata:\n      name: web\n    spec:\n      replica: 2\n      selector: {matchLabels: {app: web}}\n      template:\n        metadata: {labels: {app: web}}\n        spec: {containers: [{name: web, image: nginx:1.27}]}\n";
    expect(lint({ "k8s/deployments.yaml": typed })).toEqual(['k8s/deployments.yaml:7:7 K8S006 Error from server (BadRequest): error when creating "k8s/deployments.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"']);
  });

  it("checks the items of a JSON List", () => {
    const json = JSON.stringify({ apiVersion: "v1", kind: "List", items: [{ apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: [{ name: "Web", image: "nginx:1.27" }] } }] }, null, 2);
    expect(lint({ "k8s/pods.json": json }).map((d) => d.split(" ")[0] + " " + d.split(" ")[1])).toEqual(["k8s/pods.json:14:21 K8S011"]);
  });

  it("refuses items that are not objects, and items that are not a list", () => {
    expect(lint({ "k8s/all.yaml": "apiVersion: v1\nkind: List\nitems:\n  - just text\n" })).toEqual([
      'k8s/all.yaml:4:5 K8S001 error: unable to decode "k8s/all.yaml": json: cannot unmarshal string into Go value of type map[string]interface {}',
    ]);
    expect(lint({ "k8s/all.yaml": "apiVersion: v1\nkind: List\nitems:\n  a: b\n" })).toEqual([
      'k8s/all.yaml:4:3 K8S001 error: unable to decode "k8s/all.yaml": json: cannot unmarshal object into Go struct field decodeList.items of type []json.RawMessage',
    ]);
  });

  it("calls a List without items a kind no server serves", () => {
    expect(lint({ "k8s/all.yaml": "apiVersion: v1\nkind: List\n" })).toEqual([
      'k8s/all.yaml:2:7 K8S004 error: resource mapping not found for name: "" namespace: "" from "k8s/all.yaml": no matches for kind "List" in version "v1"',
    ]);
  });
});

describe("every independent finding", () => {
  const SERVICE = "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: Loadbalancer\n  selector: {app: web}\n  ports:\n    - port: 80\n      protocl: TCP\n";
  const codes = (files: Record<string, string>) => lint(files).map((d) => d.split(" ").slice(0, 2).join(" "));

  it("reports an unknown field and an invalid value of one object together when linting", () => {
    expect(codes({ "k8s/svc.yaml": SERVICE })).toEqual(["k8s/svc.yaml:6:9 K8S009", "k8s/svc.yaml:10:7 K8S006"]);
  });

  it("stops where the API server does in an episode's cluster", async () => {
    const { simulateManifests } = await import("./simulator.js");
    const { repositoryFrom } = await import("../repository.js");
    const { parseWorld } = await import("../world.js");
    const result = simulateManifests(repositoryFrom({ "k8s/svc.yaml": SERVICE }), parseWorld({}), { worldKnown: true });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["K8S006"]);
  });

  it("does not report a misspelt required field a second time as missing", () => {
    const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selectr: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: nginx:1.27}]}\n";
    expect(codes({ "k8s/web.yaml": deployment })).toEqual(["k8s/web.yaml:6:3 K8S006"]);
  });

  it("reports a missing name beside the object's schema errors", () => {
    expect(codes({ "k8s/svc.yaml": SERVICE.replace("  name: web\n", "  labels: {app: web}\n") })).toEqual(["k8s/svc.yaml:3:1 K8S003", "k8s/svc.yaml:6:9 K8S009", "k8s/svc.yaml:10:7 K8S006"]);
  });

  it("goes on after a broken document to the file's other documents and to other files", () => {
    const broken = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: app: web\n---\napiVersion: v1\nkind: Secrt\nmetadata:\n  name: b\n";
    expect(codes({ "k8s/a.yaml": broken, "k8s/svc.yaml": SERVICE })).toEqual(["k8s/a.yaml:5:11 K8S001", "k8s/a.yaml:8:7 K8S004", "k8s/svc.yaml:6:9 K8S009", "k8s/svc.yaml:10:7 K8S006"]);
  });
});

describe("one finding per line", () => {
  it("never puts a line break into a message", () => {
    const files: Record<string, string> = {
      "k8s/all.yaml": "apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  generateName: p-\nspec:\n  containers: [{name: a}]\n",
      "k8s/bad.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: app: web\n",
    };
    // A line break inside a quoted name or key stays inside the message, escaped.
    files["k8s/odd.json"] = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a\\nb"}, "dta\\nx": {}}';
    const diagnostics = lintFiles(Object.entries(files).map(([path, content]) => ({ path, content, mode: 0o644 })), { kind: "auto", context: false });
    expect(diagnostics.length).toBeGreaterThanOrEqual(5);
    expect(diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining('unknown field "dta\\nx"'));
    for (const d of diagnostics) expect(formatDiagnostic(d)).not.toMatch(/\n/);
  });
});
