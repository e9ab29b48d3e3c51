/**
 * requests-over-node-capacity: a container requests more memory or CPU than a node of the cluster has; the
 * scheduler finds no node for the pod and it stays Pending (`0/1 nodes are available: 1 Insufficient memory`,
 * K8S020). A limit below the new request goes up with it (the API server refuses a request above its limit).
 * Split rule: train raises the memory request to whole GiB above the node's memory (1.25-2x); test raises the
 * CPU request to whole cores above the node's (or writes it with the `M` suffix, mega-cores, where `m` was
 * meant), values train never shows.
 */
import { parseQuantity, MIB } from "../../../simulators/k8s/quantity.js";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValues } from "./k8s-edit.js";
import { containersOf, manifestObjects, runsSomePods, valueAt, workloads, type FieldPath } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

export const requestsOverNodeCapacity = defineInjector({
  kind: "requests-over-node-capacity",
  layer: "k8s",
  summary: "Resource requests above a node's capacity: the pod stays Pending (Insufficient memory/cpu)",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const resource = heldOut(split) ? "cpu" : "memory";
    const node = resource === "cpu" ? world.cluster.node.cpu_millicores / 1000 : world.cluster.node.memory_mib * MIB;
    const candidates = workloads(manifestObjects(ctx.files, world))
      .filter(runsSomePods)
      .flatMap((object) => containersOf(object).filter((c) => !c.init).map((container) => ({ object, container })))
      .filter(({ object, container }) => {
        const request = valueAt(container.container, ["resources", "requests", resource]);
        return typeof request === "string" && parseQuantity(request) !== undefined && !fieldReserved(ctx, object, [...container.path, "resources", "requests", resource]);
      });
    if (candidates.length === 0) return null;
    const { object, container } = rng.pick(candidates);
    let written: string;
    if (resource === "memory") {
      const gib = Math.ceil((world.cluster.node.memory_mib * rng.between(125, 200)) / 100 / 1024);
      written = `${Math.max(gib, Math.floor(world.cluster.node.memory_mib / 1024) + 1)}Gi`;
    } else {
      const current = String(valueAt(container.container, ["resources", "requests", "cpu"]));
      // `250m` meant a quarter core; `250M` asks for 250 million of them.
      written = /^\d+m$/.test(current) && rng.chance(0.5) ? current.replace(/m$/, "M") : String(Math.floor(node) + rng.between(1, 6));
    }
    const bytes = parseQuantity(written)!;
    if (bytes <= node) return null;
    const requestPath: FieldPath = [...container.path, "resources", "requests", resource];
    const limitPath: FieldPath = [...container.path, "resources", "limits", resource];
    const limit = parseQuantity(valueAt(container.container, ["resources", "limits", resource]));
    const raiseLimit = limit !== undefined && limit < bytes;
    if (raiseLimit && fieldReserved(ctx, object, limitPath)) return null;
    const content = setValues(ctx.files.get(object.file)!.content, object, raiseLimit ? [[requestPath, written], [limitPath, written]] : [[requestPath, written]]);
    if (!content) return null;
    const unit = resource === "cpu" ? `${node} CPUs` : `${world.cluster.node.memory_mib} MiB of memory`;
    return k8sInjection(ctx, "requests-over-node-capacity", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} requests ${resource} ${written}, more than a node of the cluster has (${unit}): the scheduler places the pod nowhere and it stays Pending (Insufficient ${resource}).`,
      hint: "The pod is Pending and never scheduled. kubectl describe pod says which resource no node has enough of; compare the request with the node size the README states and what the app actually needs.",
      stage: "runtime",
      detection: [{ code: "K8S020", file: object.file }],
    });
  },
});
