/**
 * Base variants: a generated scenario's repository is one of its base's variants, drawn under the seed, so
 * that the same fault on the same base is met in repositories that differ the way real ones do (names,
 * owner and registry namespace, domain, port, manifests' folder, replicas, which optional pieces it has,
 * how its workflows and Dockerfiles are written). Every variant keeps the base's id, stack and split, passes
 * every simulator as the base does (a test), and keeps each world fact discoverable where the base says it.
 * The axes apply in a fixed order, each pick drawn from its own fork of the rng, so adding a choice to one
 * axis leaves the others' picks alone.
 */
import type { GeneratorBase } from "../define-base.js";
import type { Rng } from "../rng.js";
import type { Decision, VariantAxis } from "./axis.js";
import { labelAxis, syntaxAxis } from "./dockerfiles.js";
import { manifestFolderAxis } from "./layout.js";
import { autoscalerAxis, disruptionBudgetAxis, networkPolicyAxis, replicasAxis } from "./manifests.js";
import { domainAxis, namesAxis, ownerAxis, portsAxis } from "./renames.js";
import { inWalkOrder } from "./rewrite.js";
import { concurrencyAxis, dispatchAxis, nightlyAxis, runnerAxis, timeoutAxis } from "./workflows.js";

export type { Decision, VariantAxis } from "./axis.js";

/**
 * In order: renames first (a port, the service's names, the domain before the owner it is under), then the
 * folder, then what reads the renamed files (replicas of the owner's Deployments, the pieces added beside them).
 */
export const VARIANT_AXES: readonly VariantAxis[] = [
  portsAxis,
  namesAxis,
  domainAxis,
  ownerAxis,
  manifestFolderAxis,
  replicasAxis,
  networkPolicyAxis,
  disruptionBudgetAxis,
  autoscalerAxis,
  dispatchAxis,
  concurrencyAxis,
  timeoutAxis,
  runnerAxis,
  nightlyAxis,
  syntaxAxis,
  labelAxis,
];

/** Chooses one of a decision's choices. */
export type Chooser = (axis: VariantAxis, decision: Decision) => string;

/** `base` with each decision of each axis, in order, taken as `choose` says; `variant` lists what changed. */
export function variantBy(base: GeneratorBase, choose: Chooser, axes: readonly VariantAxis[] = VARIANT_AXES): GeneratorBase {
  let out = base;
  const labels: string[] = [];
  for (const axis of axes) {
    const picks = new Map<string, string>();
    for (const d of axis.decisions(out)) {
      if (d.choices.length === 0) continue;
      const choice = choose(axis, d);
      if (choice !== d.written && d.choices.includes(choice)) picks.set(d.key, choice);
    }
    if (picks.size === 0) continue;
    out = axis.apply(out, picks);
    for (const [key, choice] of picks) labels.push(`${key}=${choice}`);
  }
  return labels.length === 0 ? base : { ...inWalkOrder(out), variant: labels.join(" ") };
}

/** A variant of `base` drawn under `rng`: each decision picked uniformly among its choices, from its own fork. */
export function variantOf(base: GeneratorBase, rng: Rng, axes: readonly VariantAxis[] = VARIANT_AXES): GeneratorBase {
  return variantBy(base, (axis, d) => rng.fork(`${axis.name}/${d.key}`).pick(d.choices), axes);
}
