/**
 * The containers a probe rule can judge: those of an object that runs pods and whose listening port is known.
 * An object with none is left undecided, so its probe rules are not counted as evaluated.
 */
import type { K8sObject } from "../object.js";
import type { RuleContext } from "../rule.js";
import { podCount } from "../workload.js";
import type { ContainerRef } from "../workload.js";

export function probedContainers(ctx: RuleContext, o: K8sObject): Array<{ c: ContainerRef; listening: number }> {
  const judged = ctx.cluster.containers(o).flatMap((c) => {
    const listening = ctx.cluster.listeningPort(c);
    return listening === undefined ? [] : [{ c, listening }];
  });
  if (podCount(o) === 0 || judged.length === 0) {
    ctx.undecided(o);
    return [];
  }
  return judged;
}
