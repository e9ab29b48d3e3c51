/**
 * Linting, a Service may select pods an operator makes from a custom resource in its namespace (kube-prometheus's
 * alertmanager-main Service and its Alertmanager): those pods are not seen, so K8S030 is undecided rather than
 * "Endpoints: <none>". Without a custom resource there, a selector matching nothing is still refused.
 */
import { describe, expect, it } from "vitest";
import { lintFiles } from "../index.js";

const SERVICE = "apiVersion: v1\nkind: Service\nmetadata:\n  name: alertmanager-main\n  namespace: monitoring\nspec:\n  selector:\n    app.kubernetes.io/name: alertmanager\n  ports:\n    - port: 9093\n";
const DEPLOYMENT = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: operator\n  namespace: monitoring\nspec:\n  selector:\n    matchLabels:\n      app: operator\n  template:\n    metadata:\n      labels:\n        app: operator\n    spec:\n      containers:\n        - name: operator\n          image: quay.io/prometheus-operator/prometheus-operator:v0.76.0\n";
const ALERTMANAGER = "apiVersion: monitoring.coreos.com/v1\nkind: Alertmanager\nmetadata:\n  name: main\n  namespace: monitoring\nspec:\n  replicas: 3\n";

const codes = (files: Record<string, string>) => lintFiles(Object.entries(files).map(([path, content]) => ({ path, content, mode: 0o644 })), { kind: "auto", context: true }).map((d) => `${d.severity} ${d.code}`);

describe("a Service selecting an operator's pods", () => {
  it("is not called endpoint-less beside a custom resource in its namespace", () => {
    expect(codes({ "manifests/service.yaml": SERVICE, "manifests/operator.yaml": DEPLOYMENT, "manifests/alertmanager.yaml": ALERTMANAGER })).toEqual([]);
  });

  it("is still refused without one", () => {
    expect(codes({ "manifests/service.yaml": SERVICE, "manifests/operator.yaml": DEPLOYMENT })).toEqual(["error K8S030"]);
    expect(codes({ "manifests/service.yaml": SERVICE, "manifests/operator.yaml": DEPLOYMENT, "manifests/alertmanager.yaml": ALERTMANAGER.replace("namespace: monitoring", "namespace: other") })).toEqual(["error K8S030"]);
  });
});
