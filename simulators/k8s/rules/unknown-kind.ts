/**
 * K8S004: a kind the API server does not serve in that version (`Deploymnt`, or `extensions/v1beta1`
 * Ingress, removed in 1.22). Kinds of other API groups come from CRDs and are not judged. kubectl names the
 * object by the name and namespace its manifest writes (no namespace written reads as "").
 */
import { isListKind } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { valueAt } from "../object.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

const CUSTOM = "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: web-tls\nspec:\n  secretName: web-tls\n  dnsNames: [web.example.com]\n  issuerRef:\n    name: letsencrypt\n    kind: ClusterIssuer\n";

export const unknownKind = k8sRule({
  code: "K8S004",
  name: "unknown-kind",
  summary: "A built-in API group does not serve the kind in that version (a typo, or a removed beta version)",
  stage: "deploy",
  severity: "error",
  phase: "identify",
  // A List without items is named by no one: kubectl fails to map its kind before it looks for a name.
  applies: objectsWhere((o) => o.apiVersion !== "" && o.kind !== "" && (o.name !== "" || isListKind(o.kind))),
  on: {
    "object-read"(e, ctx) {
      if (e.mapping !== "not-served") return;
      const written = valueAt(e.value, ["metadata", "namespace"]);
      // kubectl names the object as written: a generated name does not exist yet when the kind fails to map.
      const name = valueAt(e.value, ["metadata", "name"]);
      const error = `error: resource mapping not found for name: "${typeof name === "string" ? name : ""}" namespace: "${typeof written === "string" ? written : ""}" from "${e.file}": no matches for kind "${e.kind}" in version "${e.apiVersion}"`;
      ctx.report(at(e.object, ["kind"]), error, { log: `${error}\nensure CRDs are installed first` });
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "a custom resource", files: { "k8s/certificate.yaml": CUSTOM } },
    ],
    invalid: [
      { name: "misspelt kind", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("kind: Deployment", "kind: Deploymnt") }, file: "k8s/deployment.yaml", line: 2, message: 'no matches for kind "Deploymnt" in version "apps/v1"' },
      { name: "removed beta version", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("apps/v1", "extensions/v1beta1") }, message: 'no matches for kind "Deployment" in version "extensions/v1beta1"' },
      {
        name: "a removed version in a namespace the manifest names",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("apps/v1", "apps/v1beta2").replace("  name: web\n", "  name: web\n  namespace: shop\n") },
        message: 'resource mapping not found for name: "web" namespace: "shop" from "k8s/deployment.yaml": no matches for kind "Deployment" in version "apps/v1beta2"',
      },
      { name: "kind in the wrong group", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("apps/v1", "v1") }, message: 'no matches for kind "Deployment" in version "v1"' },
    ],
  },
});
