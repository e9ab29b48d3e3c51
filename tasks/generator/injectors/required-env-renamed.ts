/**
 * required-env-renamed: a variable the app cannot start without reaches it under another name: the env
 * entry is misnamed in the workload, or the key is misnamed in the ConfigMap its envFrom loads. The app exits
 * at start with its own error (`KeyError: 'NOTES_API_TOKEN'`) and the pod goes into CrashLoopBackOff
 * (K8S024, on the workload). Split rule: train drops a word of the name (NOTES_API_TOKEN → NOTES_TOKEN) or,
 * for names of one or two words, a letter; test doubles or changes a letter (k8s-names.ts).
 */
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { fieldReserved, k8sInjection, renameKey, scalarSource, setValue } from "./k8s-edit.js";
import { appContainers, arrayAt, crashOutcome, isObject, manifestObjects, runsSomePods, type ContainerRef, type FieldPath, type K8sObject } from "./k8s-manifests.js";
import { asScalar, heldOut, slip, type GenSplit } from "./k8s-names.js";
import { sourceKeys } from "./k8s-config-refs.js";
import type { World } from "../../../simulators/world.js";

function misname(name: string, rng: Rng, split: GenSplit): string {
  const words = name.split("_");
  if (!heldOut(split) && words.length >= 3) {
    const i = rng.between(1, words.length - 2);
    return [...words.slice(0, i), ...words.slice(i + 1)].join("_");
  }
  return slip(name, rng, split);
}

/** Every variable name the container gets from its env entries and envFrom sources (prefixes applied). */
function envNames(objects: readonly K8sObject[], world: World, o: K8sObject, c: ContainerRef, skip?: { file: string; key: string }): Set<string> {
  const names = new Set<string>();
  for (const e of arrayAt(c.container, ["env"])) if (isObject(e) && typeof e["name"] === "string") names.add(e["name"]);
  for (const from of arrayAt(c.container, ["envFrom"])) {
    if (!isObject(from)) continue;
    const prefix = typeof from["prefix"] === "string" ? from["prefix"] : "";
    const ref = isObject(from["configMapRef"]) ? (["ConfigMap", from["configMapRef"]] as const) : isObject(from["secretRef"]) ? (["Secret", from["secretRef"]] as const) : undefined;
    if (!ref || typeof ref[1]["name"] !== "string") continue;
    for (const k of sourceKeys(objects, world, ref[0], o.namespace, ref[1]["name"]) ?? []) names.add(prefix + k);
  }
  if (skip) names.delete(skip.key);
  return names;
}

export const requiredEnvRenamed = defineInjector({
  kind: "required-env-renamed",
  layer: "k8s",
  summary: "A variable the app requires reaches it under another name: the app exits at start, CrashLoopBackOff",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const users = appContainers(objects, world).filter((u) => runsSomePods(u.object) && u.app.required_env.length > 0);
    type Place = { object: K8sObject; path: FieldPath; name: string; consumers: typeof users };
    const places: Place[] = [];
    for (const u of users) {
      arrayAt(u.container.container, ["env"]).forEach((e, i) => {
        if (isObject(e) && typeof e["name"] === "string" && u.app.required_env.includes(e["name"])) places.push({ object: u.object, path: [...u.container.path, "env", i, "name"], name: e["name"], consumers: [u] });
      });
    }
    // A required variable loaded whole from a ConfigMap of the manifests: its key there.
    for (const cm of objects.filter((o) => o.kind === "ConfigMap" && isObject(o.value["data"]))) {
      for (const key of Object.keys(cm.value["data"] as object)) {
        const consumers = users.filter((u) => u.app.required_env.includes(key) && u.object.namespace === cm.namespace && arrayAt(u.container.container, ["envFrom"]).some((f) => isObject(f) && isObject(f["configMapRef"]) && f["configMapRef"]["name"] === cm.name && f["prefix"] === undefined));
        if (consumers.length > 0) places.push({ object: cm, path: ["data", key], name: key, consumers });
      }
    }
    const free = places.filter((p) => !fieldReserved(ctx, p.object, p.path));
    if (free.length === 0) return null;
    const place = rng.pick(free);
    const wrong = misname(place.name, rng, split);
    if (wrong === place.name) return null;
    const source = ctx.files.get(place.object.file)!.content;
    // An env entry's name is its `name` value; a ConfigMap's variable is a key of its data.
    const content =
      place.object.kind === "ConfigMap" ? renameKey(source, place.object, place.path, wrong) : setValue(source, place.object, place.path, asScalar(scalarSource(source, place.object, place.path) ?? "", wrong));
    if (!content) return null;
    // The variable must not reach the app some other way (another env entry, another envFrom source).
    const changed = manifestObjects(new Map([...ctx.files, [place.object.file, { content, mode: 0o644 }]]), world);
    const still = place.consumers.some((u) => {
      const o = changed.find((x) => x.file === u.object.file && x.index === u.object.index);
      const c = o && appContainers([o], world).find((x) => x.container.name === u.container.name)?.container;
      return !c || envNames(changed, world, o!, c).has(place.name);
    });
    if (still) return null;
    const files = [...new Set(place.consumers.map((u) => u.object.file))].sort();
    const app = place.consumers[0]!.app;
    const where = place.object.kind === "ConfigMap" ? `the ConfigMap ${place.object.name} holds the key ${wrong}` : `the env entry is named ${wrong}`;
    return k8sInjection(ctx, "required-env-renamed", new Map([[place.object.file, content]]), {
      description: `${place.object.file}: ${app.name} requires ${place.name}, but ${where}, so the app exits at start for want of ${place.name} and ${crashOutcome(place.consumers[0]!.object)}.`,
      hint: "kubectl logs --previous shows which variable the app could not find. Compare the names the manifests set with the names the app's code reads.",
      stage: "runtime",
      detection: files.map((file) => ({ code: "K8S024", file })),
    });
  },
});
