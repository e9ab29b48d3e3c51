/**
 * memory-limit-below-use: a container's memory limit is cut below what its app uses once started; the
 * kernel's OOM killer ends it at every start (Last State: OOMKilled, exit code 137) and the pod goes into
 * CrashLoopBackOff (K8S025). A request above the new limit comes down with it, as it would have to (the API
 * server refuses a request above its limit). Split rule: train writes the limit in MiB, a multiple of 16 at
 * 25-70% of the app's use; test writes it in decimal megabytes (`M`) at 50-90%, a unit train never shows.
 */
import { parseQuantity, MIB } from "../../../simulators/k8s/quantity.js";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValues } from "./k8s-edit.js";
import { appContainers, manifestObjects, runsSomePods, valueAt } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

const LONG_RUNNING = new Set(["Deployment", "StatefulSet", "DaemonSet"]);

export const memoryLimitBelowUse = defineInjector({
  kind: "memory-limit-below-use",
  layer: "k8s",
  summary: "A memory limit below what the app uses: OOMKilled (exit 137), CrashLoopBackOff",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = appContainers(manifestObjects(ctx.files, world), world).filter(({ object, container, app }) => {
      const limit = parseQuantity(valueAt(container.container, ["resources", "limits", "memory"]));
      // The app's own process in a long-running workload: what the app is known to use is what this container uses.
      const ownProcess = container.container["command"] === undefined && container.container["args"] === undefined && LONG_RUNNING.has(object.kind);
      return ownProcess && app.memory_mib !== undefined && runsSomePods(object) && limit !== undefined && limit > app.memory_mib * MIB && !fieldReserved(ctx, object, [...container.path, "resources", "limits", "memory"]);
    });
    if (candidates.length === 0) return null;
    const { object, container, app } = rng.pick(candidates);
    const used = app.memory_mib! * MIB;
    const written = heldOut(split)
      ? `${Math.max(4, Math.floor((used * rng.between(50, 90)) / 100 / 1e6))}M`
      : `${Math.max(16, Math.floor((used * rng.between(25, 70)) / 100 / MIB / 16) * 16)}Mi`;
    const bytes = parseQuantity(written)!;
    if (bytes >= used) return null;
    const limitPath = [...container.path, "resources", "limits", "memory"];
    const requestPath = [...container.path, "resources", "requests", "memory"];
    const request = parseQuantity(valueAt(container.container, ["resources", "requests", "memory"]));
    const lowerRequest = request !== undefined && request > bytes;
    if (lowerRequest && fieldReserved(ctx, object, requestPath)) return null;
    const content = setValues(ctx.files.get(object.file)!.content, object, lowerRequest ? [[limitPath, written], [requestPath, written]] : [[limitPath, written]]);
    if (!content) return null;
    return k8sInjection(ctx, "memory-limit-below-use", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} may use ${written} of memory, below the ~${app.memory_mib} MiB ${app.name} uses once started, so the kernel OOM-kills it at every start (exit code 137) and the pod goes into CrashLoopBackOff.`,
      hint: "Last State says OOMKilled. Find how much memory the app settles at (its README or load-test notes) and give the limit headroom above that.",
      stage: "runtime",
      detection: [{ code: "K8S025", file: object.file }],
    });
  },
});
