/**
 * limit-below-request: a container's limit is below its request for the same resource; the API server
 * refuses the workload (`resources.requests: Invalid value: "160Mi": must be less than or equal to memory
 * limit of 128Mi`, K8S013). Split rule: train lowers the memory limit to 40-80% of the request, in the
 * request's unit; test raises the request to 125-175% of the limit instead (memory or CPU, below the node's
 * capacity), the other half of the same slip.
 */
import { parseQuantity, MIB } from "../../../simulators/k8s/quantity.js";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { containersOf, manifestObjects, valueAt, workloads, type FieldPath } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

/** `amount` of the unit `like` is written in (`Mi`, `Gi`, `m`, or plain cores); null when `like` has another form. */
function inUnitOf(like: string, amount: number): string | null {
  const m = /^(\d+(?:\.\d+)?)(Mi|Gi|Ki|M|G|m)?$/.exec(like);
  if (!m) return null;
  const unit = m[2] ?? "";
  const per = parseQuantity(`1${unit}`)!;
  const n = Math.max(1, Math.floor(amount / per));
  return `${n}${unit}`;
}

export const limitBelowRequest = defineInjector({
  kind: "limit-below-request",
  layer: "k8s",
  summary: "A resource limit below its request: the API server refuses the workload",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const held = heldOut(split);
    const resources = held ? (["memory", "cpu"] as const) : (["memory"] as const);
    const candidates = workloads(manifestObjects(ctx.files, world)).flatMap((object) =>
      containersOf(object).flatMap((container) =>
        resources.flatMap((resource) => {
          const request = valueAt(container.container, ["resources", "requests", resource]);
          const limit = valueAt(container.container, ["resources", "limits", resource]);
          const field: FieldPath = [...container.path, "resources", held ? "requests" : "limits", resource];
          return typeof request === "string" && typeof limit === "string" && parseQuantity(request) !== undefined && parseQuantity(limit) !== undefined && !fieldReserved(ctx, object, field)
            ? [{ object, container, resource, request, limit, field }]
            : [];
        }),
      ),
    );
    if (candidates.length === 0) return null;
    const { object, container, resource, request, limit, field } = rng.pick(candidates);
    const node = resource === "cpu" ? world.cluster.node.cpu_millicores / 1000 : world.cluster.node.memory_mib * MIB;
    const written = held ? inUnitOf(limit, (parseQuantity(limit)! * rng.between(125, 175)) / 100) : inUnitOf(request, (parseQuantity(request)! * rng.between(40, 80)) / 100);
    if (!written) return null;
    const requestNow = held ? parseQuantity(written)! : parseQuantity(request)!;
    const limitNow = held ? parseQuantity(limit)! : parseQuantity(written)!;
    if (!(limitNow < requestNow) || requestNow > node) return null;
    const content = setValue(ctx.files.get(object.file)!.content, object, field, written);
    if (!content) return null;
    const [req, lim] = held ? [written, limit] : [request, written];
    return k8sInjection(ctx, "limit-below-request", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} requests ${resource} ${req} but is limited to ${lim}; a request above its limit is invalid, so the API server refuses the ${object.kind}.`,
      hint: "kubectl apply says a request must be less than or equal to its limit. Which of the two moved, and what does the app need?",
      stage: "deploy",
      detection: [{ code: "K8S013", file: object.file }],
    });
  },
});
