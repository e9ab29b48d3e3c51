/**
 * job-restart-policy-always: a Job's (or a CronJob's) pod template restarts Always, or says nothing and so
 * defaults to Always, as a Deployment's would; a Job's pods must end, so the API server refuses it
 * (`spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`, K8S008). Split
 * rule: train writes `restartPolicy: Always`; test removes the line (the Deployment habit), which train never
 * does.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, removePair, scalarSource, setValue } from "./k8s-edit.js";
import { manifestObjects, valueAt } from "./k8s-manifests.js";
import { asScalar, heldOut } from "./k8s-names.js";
import { podSpecPath } from "../../../simulators/k8s/workload.js";

export const jobRestartPolicyAlways = defineInjector({
  kind: "job-restart-policy-always",
  layer: "k8s",
  summary: "A Job's pods restarting Always (or with no restart policy): the API server refuses the Job",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = manifestObjects(ctx.files, world).filter((o) => {
      const policy = valueAt(o.value, [...podSpecPath(o), "restartPolicy"]);
      return (o.kind === "Job" || o.kind === "CronJob") && (policy === "OnFailure" || policy === "Never") && !fieldReserved(ctx, o, [...podSpecPath(o), "restartPolicy"]);
    });
    if (candidates.length === 0) return null;
    const o = rng.pick(candidates);
    const path = [...podSpecPath(o), "restartPolicy"];
    const source = ctx.files.get(o.file)!.content;
    const drop = heldOut(split);
    const content = drop ? removePair(source, o, path) : setValue(source, o, path, asScalar(scalarSource(source, o, path) ?? "", "Always"));
    if (!content) return null;
    return k8sInjection(ctx, "job-restart-policy-always", new Map([[o.file, content]]), {
      description: `${o.file}: the pods of ${o.kind}/${o.name} ${drop ? "have no restartPolicy, so they default to Always" : "restart Always"}; a Job's pods must be able to finish (OnFailure or Never), so the API server refuses the ${o.kind}.`,
      hint: "kubectl apply says the Job's restartPolicy needs one of two values. What should happen to a Job's container when it exits?",
      stage: "deploy",
      detection: [{ code: "K8S008", file: o.file }],
    });
  },
});
