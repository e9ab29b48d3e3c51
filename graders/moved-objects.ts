/**
 * Where an issue's check is judged once a fix moved the Kubernetes objects of its file. An issue is detected
 * on a file (K8S030 on deploy/redis.yaml), but the API server knows objects, not files: a fix that moves the
 * broken Service into a file of its own (split a manifest, merge two) and corrects it there has fixed what the
 * cluster runs. The check is then read on every file that now holds an object the detection's file held at the
 * start, as well as on the file itself, wherever the rule was evaluated; an object that left the manifests
 * altogether is no move (k8s-objects reports it), and a run that never got as far as the check evaluates it
 * nowhere, which leaves the issue open as before.
 */
import type { ObjectReadEvent } from "../simulators/k8s/events.js";
import type { FactLog } from "../simulators/engine/facts.js";
import { rememberedBy } from "./intent/per-state.js";

const objectKey = (e: ObjectReadEvent): string => `${e.kind}\u0000${e.namespace}\u0000${e.name}`;

/** Each object's file, by kind, namespace and name, as the simulated API server read them. */
const objectFiles = rememberedBy(
  (facts: FactLog) => facts,
  (facts: FactLog): Map<string, string> => {
    const out = new Map<string, string>();
    for (const { event } of facts.of<ObjectReadEvent>("object-read")) if (event.kind !== "" && event.name !== "") out.set(objectKey(event), event.file);
    return out;
  },
);

/**
 * The files other than `file` that now hold objects `file` held in a reference state (the start, or the clean
 * base where the starting run never applied its manifests).
 */
export function filesObjectsMovedTo(file: string, references: readonly FactLog[], current: FactLog): string[] {
  const now = objectFiles(current);
  const moved = new Set<string>();
  for (const reference of references)
    for (const [key, was] of objectFiles(reference)) {
      if (was !== file) continue;
      const is = now.get(key);
      if (is !== undefined && is !== file) moved.add(is);
    }
  return [...moved].sort();
}
