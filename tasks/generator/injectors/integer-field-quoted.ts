/**
 * integer-field-quoted: an integer field is written as a quoted string; the API server cannot decode the
 * object (`json: cannot unmarshal string into Go struct field ContainerPort…containerPort of type int32`,
 * K8S005) and refuses it. Split rule: train quotes a containerPort, a Service's port or replicas; test quotes
 * an Ingress backend's port number, a probe's timing or threshold, a grace period or a Job's limits, fields
 * train never quotes.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { fieldsOf, manifestObjects } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

const FIELDS = {
  train: ["containerPort", "port", "replicas"],
  test: ["number", "periodSeconds", "initialDelaySeconds", "failureThreshold", "terminationGracePeriodSeconds", "backoffLimit", "successfulJobsHistoryLimit", "failedJobsHistoryLimit", "revisionHistoryLimit"],
};

export const integerFieldQuoted = defineInjector({
  kind: "integer-field-quoted",
  layer: "k8s",
  summary: "An integer field written as a quoted string: the API server cannot decode the object",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const fields = FIELDS[heldOut(split) ? "test" : "train"];
    const candidates = manifestObjects(ctx.files, world).flatMap((o) =>
      fieldsOf(o)
        .filter(({ path, value }) => {
          const key = String(path[path.length - 1]);
          if (typeof value !== "number" || !Number.isInteger(value) || !fields.includes(key)) return false;
          // `port` is an integer in a Service's ports; elsewhere (probes, policies) it may be a name too.
          if (key === "port") return o.kind === "Service" && path[1] === "ports";
          if (key === "number") return o.kind === "Ingress";
          return true;
        })
        .filter(({ path }) => !fieldReserved(ctx, o, path))
        .map(({ path, value }) => ({ o, path, value: value as number })),
    );
    if (candidates.length === 0) return null;
    const { o, path, value } = rng.pick(candidates);
    const content = setValue(ctx.files.get(o.file)!.content, o, path, `"${value}"`);
    if (!content) return null;
    const field = path.filter((s) => typeof s === "string").slice(-2).join(".");
    return k8sInjection(ctx, "integer-field-quoted", new Map([[o.file, content]]), {
      description: `${o.file}: ${o.kind}/${o.name} writes ${field} as the string "${value}" where the API expects an integer, so the API server cannot decode the object and refuses it.`,
      hint: "kubectl apply says it cannot unmarshal a string into an integer field. Which field is it, and how is its value written?",
      stage: "deploy",
      detection: [{ code: "K8S005", file: o.file }],
    });
  },
});
