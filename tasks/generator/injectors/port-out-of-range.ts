/**
 * port-out-of-range: a port number gets a digit too many (8000 → 80000); the API server refuses the object
 * (`Invalid value: 80000: must be between 1 and 65535, inclusive`, K8S012). Split rule: train appends a 0;
 * test repeats the port's first digit at its end (8080 → 80808); ports where that stays in range are left
 * alone. The port widened is a container's or a Service's targetPort, whose right value the app's port
 * tells; a Service's own port is what its clients call, which no file but the Service itself says.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, setValue } from "./k8s-edit.js";
import { fieldsOf, manifestObjects, runsPods } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";

export const portOutOfRange = defineInjector({
  kind: "port-out-of-range",
  layer: "k8s",
  summary: "A port number with a digit too many (80000): the API server refuses the object",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const widen = (n: number) => Number(heldOut(split) ? `${n}${String(n)[0]}` : `${n}0`);
    const candidates = manifestObjects(ctx.files, world).flatMap((o) =>
      fieldsOf(o)
        .filter(({ path, value }) => {
          const key = path[path.length - 1];
          const field = (runsPods(o) && key === "containerPort") || (o.kind === "Service" && path[1] === "ports" && key === "targetPort");
          return field && typeof value === "number" && widen(value) > 65535 && !fieldReserved(ctx, o, path);
        })
        .map(({ path, value }) => ({ o, path, value: value as number })),
    );
    if (candidates.length === 0) return null;
    const { o, path, value } = rng.pick(candidates);
    const wrong = widen(value);
    const content = setValue(ctx.files.get(o.file)!.content, o, path, String(wrong));
    if (!content) return null;
    return k8sInjection(ctx, "port-out-of-range", new Map([[o.file, content]]), {
      description: `${o.file}: ${o.kind}/${o.name} sets ${String(path[path.length - 1])} to ${wrong} (a digit too many for ${value}); ports go up to 65535, so the API server refuses the object.`,
      hint: "kubectl apply says a port must be between 1 and 65535. Read the number it quotes digit by digit.",
      stage: "deploy",
      detection: [{ code: "K8S012", file: o.file }],
    });
  },
});
