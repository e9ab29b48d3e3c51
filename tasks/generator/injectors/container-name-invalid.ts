/**
 * container-name-invalid: a container's name is not a DNS-1123 label (capitals, or underscores for its
 * hyphens), as names carried over from code or compose files are; the API server refuses the workload (`a
 * lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'`, K8S011). The slip
 * is one the smallest fix undoes exactly (lower case for capitals, hyphens back for underscores), so the
 * container keeps the name the rest of the delivery knows it by. Split rule: train capitalises each word
 * (Api, Notes-Api); test writes the name in capitals (API, NOTES-API) or a hyphenated one in snake_case
 * (notes_api), neither of which train shows.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { containersOf, manifestObjects, workloads } from "./k8s-manifests.js";
import { heldOut, type GenSplit } from "./k8s-names.js";

const capitalised = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase());

/** The split's slips of a container's name, none of them a valid label. */
function slips(name: string, split: GenSplit): string[] {
  const out = heldOut(split) ? [name.toUpperCase(), ...(name.includes("-") ? [name.replaceAll("-", "_")] : [])] : [capitalised(name)];
  // A test slip train could also make (a name of one-letter words) is left out.
  return out.filter((s) => s !== name && (!heldOut(split) || s !== capitalised(name)));
}

export const containerNameInvalid = defineInjector({
  kind: "container-name-invalid",
  layer: "k8s",
  summary: "A container name that is not a DNS-1123 label (capitals, underscores): the API server refuses it",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = workloads(manifestObjects(ctx.files, world)).flatMap((o) =>
      containersOf(o)
        .filter((c) => typeof c.container["name"] === "string" && slips(c.name, split).length > 0 && !fieldReserved(ctx, o, [...c.path, "name"]))
        .map((c) => ({ o, c })),
    );
    if (candidates.length === 0) return null;
    const { o, c } = rng.pick(candidates);
    const wrong = rng.pick(slips(c.name, split));
    const content = setValue(ctx.files.get(o.file)!.content, o, [...c.path, "name"], wrong);
    if (!content) return null;
    return k8sInjection(ctx, "container-name-invalid", new Map([[o.file, content]]), {
      description: `${o.file}: a container of ${o.kind}/${o.name} is named ${wrong}, which is not a lowercase DNS-1123 label, so the API server refuses the ${o.kind}.`,
      hint: "kubectl apply says a name must be a lowercase RFC 1123 label. Which characters may a container's name hold?",
      stage: "deploy",
      detection: [{ code: "K8S011", file: o.file }],
    });
  },
});
