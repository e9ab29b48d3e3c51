/**
 * quantity-unit-invalid: a memory quantity is written with a unit Kubernetes does not know (`256MB`,
 * `512MiB`, `64mi`); the API server cannot decode it (`quantities must match the regular expression …`, or
 * `unable to parse quantity's suffix` for suffix letters that name no unit, K8S007) and refuses the workload. Split rule: train writes the SI habit (MB, GB); test writes the IEC spelling with a
 * trailing B or in lower case (MiB, GiB, mi, gi), which train never shows.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { containersOf, manifestObjects, valueAt, workloads } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

const UNITS = { train: { Mi: ["MB"], Gi: ["GB"] }, test: { Mi: ["MiB", "mi"], Gi: ["GiB", "gi"] } };

export const quantityUnitInvalid = defineInjector({
  kind: "quantity-unit-invalid",
  layer: "k8s",
  summary: "A memory quantity with a unit Kubernetes does not know (MB, MiB): the API server cannot decode it",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = workloads(manifestObjects(ctx.files, world)).flatMap((o) =>
      containersOf(o).flatMap((c) =>
        (["requests", "limits"] as const).flatMap((kind) => {
          const value = valueAt(c.container, ["resources", kind, "memory"]);
          const m = typeof value === "string" ? /^(\d+)(Mi|Gi)$/.exec(value) : null;
          const path = [...c.path, "resources", kind, "memory"];
          return m && !fieldReserved(ctx, o, path) ? [{ o, c, path, amount: m[1]!, unit: m[2] as "Mi" | "Gi", kind }] : [];
        }),
      ),
    );
    if (candidates.length === 0) return null;
    const { o, c, path, amount, unit, kind } = rng.pick(candidates);
    const written = `${amount}${rng.pick(UNITS[heldOut(split) ? "test" : "train"][unit])}`;
    const content = setValue(ctx.files.get(o.file)!.content, o, path, written);
    if (!content) return null;
    return k8sInjection(ctx, "quantity-unit-invalid", new Map([[o.file, content]]), {
      description: `${o.file}: container ${c.name} of ${o.kind}/${o.name} writes its memory ${kind.slice(0, -1)} as ${written}, a unit Kubernetes quantities do not have (${amount}${unit} is), so the API server cannot decode the object.`,
      hint: "kubectl apply cannot parse a quantity in the workload. Which suffixes do Kubernetes quantities take for mebibytes and gibibytes?",
      stage: "deploy",
      detection: [{ code: "K8S007", file: o.file }],
    });
  },
});
