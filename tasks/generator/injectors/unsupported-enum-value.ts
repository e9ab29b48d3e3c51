/**
 * unsupported-enum-value: a field with a fixed set of values gets one outside it (`pathType: prefix`,
 * `imagePullPolicy: IfNotExists`, `protocol: tcp`, `type: ClusterIp`); the API server refuses the object
 * (`Unsupported value: "prefix": supported values: "Exact", "ImplementationSpecific", "Prefix"`, K8S009).
 * Split rule: train writes the right word in the wrong case (prefix, tcp, always, recreate, forbid,
 * ifNotPresent, ClusterIp); test writes a near-miss word (PathPrefix, HTTP, IfNotExists, Replace, Never,
 * Internal), which train never shows.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, insertAfterPair, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { containersOf, fieldsOf, imageTag, manifestObjects, runsPods, type FieldPath, type K8sObject } from "./k8s-manifests.js";
import { asScalar, heldOut } from "./k8s-names.js";

/** Wrong values for each enum field, by the value written; `*` for any. */
const WRONG: Record<string, Record<string, { train: string[]; test: string[] }>> = {
  pathType: {
    Prefix: { train: ["prefix"], test: ["PathPrefix"] },
    Exact: { train: ["exact"], test: ["Strict"] },
    ImplementationSpecific: { train: ["implementationSpecific"], test: ["Regex"] },
  },
  protocol: { TCP: { train: ["tcp"], test: ["HTTP"] } },
  imagePullPolicy: {
    Always: { train: ["always"], test: ["Forced"] },
    IfNotPresent: { train: ["ifNotPresent"], test: ["IfNotExists"] },
    Never: { train: ["never"], test: ["Local"] },
  },
  type: {
    // A Deployment strategy's type and a Service's type.
    Recreate: { train: ["recreate"], test: ["Replace"] },
    RollingUpdate: { train: ["rollingUpdate"], test: ["Rolling"] },
    ClusterIP: { train: ["ClusterIp"], test: ["Internal"] },
    NodePort: { train: ["Nodeport"], test: ["HostPort"] },
    LoadBalancer: { train: ["Loadbalancer"], test: ["External"] },
  },
  concurrencyPolicy: { Forbid: { train: ["forbid"], test: ["Never"] }, Allow: { train: ["allow"], test: ["Parallel"] } },
};

interface Place {
  o: K8sObject;
  path: FieldPath;
  current: string;
  /** Inserted after this pair (a field that defaults), instead of rewritten. */
  after?: FieldPath;
}

export const unsupportedEnumValue = defineInjector({
  kind: "unsupported-enum-value",
  layer: "k8s",
  summary: "A value outside a field's fixed set (pathType, protocol, imagePullPolicy, type): the API server refuses it",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const pool = heldOut(split) ? "test" : "train";
    const objects = manifestObjects(ctx.files, world);
    const places: Place[] = objects.flatMap((o) =>
      fieldsOf(o).flatMap(({ path, value }) => {
        const key = String(path[path.length - 1]);
        const strategy = key === "type" && (path[path.length - 2] === "strategy" || (o.kind === "Service" && path.length === 2));
        if (typeof value !== "string" || !WRONG[key]?.[value] || (key === "type" && !strategy)) return [];
        return [{ o, path, current: value }];
      }),
    );
    // A pull policy left to its default (Always for :latest or no tag, else IfNotPresent): written out, in the wrong case or word.
    for (const o of objects.filter(runsPods)) {
      for (const c of containersOf(o)) {
        const image = c.container["image"];
        if (c.container["imagePullPolicy"] === undefined && typeof image === "string") {
          const tag = imageTag(image);
          const current = !image.includes("@") && (tag === undefined || tag === "latest") ? "Always" : "IfNotPresent";
          places.push({ o, path: [...c.path, "imagePullPolicy"], current, after: [...c.path, "image"] });
        }
      }
    }
    const free = places.filter((p) => !fieldReserved(ctx, p.o, p.after ?? p.path));
    if (free.length === 0) return null;
    const { o, path, current, after } = rng.pick(free);
    const key = String(path[path.length - 1]);
    const wrong = rng.pick(WRONG[key]![current]![pool]);
    const source = ctx.files.get(o.file)!.content;
    const content = after
      ? insertAfterPair(source, o, after, [`${key}: ${wrong}`])
      : setValue(source, o, path, asScalar(scalarSource(source, o, path) ?? "", wrong));
    if (!content) return null;
    return k8sInjection(ctx, "unsupported-enum-value", new Map([[o.file, content]]), {
      description: `${o.file}: ${o.kind}/${o.name} sets ${key} to ${wrong}, which is not one of the values the field takes (${current} is), so the API server refuses the object.`,
      hint: "kubectl apply lists the values the field supports. Values are case-sensitive: compare yours with that list.",
      stage: "deploy",
      detection: [{ code: "K8S009", file: o.file }],
    });
  },
});
