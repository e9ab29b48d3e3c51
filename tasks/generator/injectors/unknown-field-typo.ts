/**
 * unknown-field-typo: a field's name is misspelt (`readinesProbe`, `contianerPort`); kubectl's strict field
 * validation (the default since 1.25) makes the API server refuse the object (`strict decoding error:
 * unknown field "spec.template.spec.containers[0].readinesProbe"`, K8S006). Split rule: train drops or swaps
 * a letter of the field's name; test doubles or changes one (k8s-names.ts).
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, renameKey } from "./k8s-edit.js";
import { fieldsOf, manifestObjects, valueAt } from "./k8s-manifests.js";
import { slip } from "./k8s-names.js";

/** Fields engineers type by hand in manifests, whose misspellings the API server refuses. */
const FIELDS = new Set([
  "containerPort", "readinessProbe", "livenessProbe", "startupProbe", "initialDelaySeconds", "periodSeconds", "failureThreshold",
  "imagePullPolicy", "volumeMounts", "mountPath", "readOnly", "envFrom", "configMapRef", "secretKeyRef", "configMapKeyRef", "valueFrom",
  "resources", "requests", "limits", "targetPort", "ingressClassName", "pathType", "securityContext", "readOnlyRootFilesystem",
  "runAsNonRoot", "terminationGracePeriodSeconds", "allowPrivilegeEscalation", "revisionHistoryLimit", "concurrencyPolicy",
  "successfulJobsHistoryLimit", "backoffLimit", "policyTypes", "namespaceSelector", "matchLabels", "secretName", "claimName",
]);

export const unknownFieldTypo = defineInjector({
  kind: "unknown-field-typo",
  layer: "k8s",
  summary: "A misspelt field name: strict field validation refuses the object (unknown field)",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = manifestObjects(ctx.files, world).flatMap((o) =>
      fieldsOf(o)
        .filter(({ path }) => FIELDS.has(String(path[path.length - 1])) && !fieldReserved(ctx, o, path))
        .map(({ path }) => ({ o, path })),
    );
    if (candidates.length === 0) return null;
    const { o, path } = rng.pick(candidates);
    const key = String(path[path.length - 1]);
    const wrong = slip(key, rng, split);
    const parent = valueAt(o.value, path.slice(0, -1));
    if (wrong === key || FIELDS.has(wrong) || (typeof parent === "object" && parent !== null && wrong in parent)) return null;
    const content = renameKey(ctx.files.get(o.file)!.content, o, path, wrong);
    if (!content) return null;
    const where = [...path.slice(0, -1), wrong].map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("").replace(/^\./, "").replace(/\.\[/g, "[");
    return k8sInjection(ctx, "unknown-field-typo", new Map([[o.file, content]]), {
      description: `${o.file}: ${o.kind}/${o.name} has the field ${wrong}, a misspelling of ${key}; with strict field validation the API server refuses the object (unknown field "${where}").`,
      hint: "kubectl apply reports an unknown field. Compare its name, letter by letter, with the field the API reference defines there.",
      stage: "deploy",
      detection: [{ code: "K8S006", file: o.file }],
    });
  },
});
