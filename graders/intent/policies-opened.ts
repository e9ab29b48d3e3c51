/**
 * A NetworkPolicy added beside the ones that isolate a workload can undo them: policies are additive, so a new
 * policy whose rule admits every source (no `from`, every namespace, 0.0.0.0/0) opens those pods to everyone
 * whatever the old policies still say. Judged on what the simulated API server read each policy to select and
 * admit, so a policy an existing check follows (edited to admit all, or to select other pods) is left to it.
 */
import type { PolicyTrafficEvent } from "../../simulators/k8s/events.js";
import type { K8sObject } from "../../simulators/k8s/object.js";

const objectName = (o: K8sObject): string => `${o.kind}/${o.name}`;
const policyName = (p: PolicyTrafficEvent): string => objectName(p.object);

/**
 * The workloads some policy isolated for ingress in `reference` while none of the policies selecting them let
 * every source in, each with the name of a policy that restricted it.
 */
function restrictedWorkloads(reference: readonly PolicyTrafficEvent[]): Map<string, string> {
  const open = new Set(reference.filter((p) => p.isolatesIngress && p.admitsEverySource).flatMap((p) => p.selects.map(objectName)));
  const out = new Map<string, string>();
  for (const p of reference) if (p.isolatesIngress && !p.admitsEverySource) for (const w of p.selects) if (!open.has(objectName(w)) && !out.has(objectName(w))) out.set(objectName(w), policyName(p));
  return out;
}

/** One message (with the new policy's file) per workload a policy not in `reference` opened to every source. */
export function policiesOpenedToAll(reference: readonly PolicyTrafficEvent[], current: readonly PolicyTrafficEvent[]): { file: string; message: string }[] {
  const restricted = restrictedWorkloads(reference);
  const known = new Set(reference.map(policyName));
  const out: { file: string; message: string }[] = [];
  for (const p of current) {
    if (known.has(policyName(p)) || !p.isolatesIngress || !p.admitsEverySource) continue;
    for (const w of p.selects) {
      const by = restricted.get(objectName(w));
      if (by !== undefined) out.push({ file: p.object.file, message: `${policyName(p)} admits traffic from every source to ${objectName(w)}, which ${by} restricted` });
    }
  }
  return out;
}
