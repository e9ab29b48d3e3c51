/**
 * The ConfigMaps and Secrets containers take env or volumes from, for the injectors that break a reference:
 * each reference with where its name (and key) is written, and whether a name or key exists in the
 * namespace (an object of the manifests, or one the cluster already has).
 */
import { configReferences, type ConfigKind } from "../../../simulators/k8s/config-references.js";
import type { World } from "../../../simulators/world.js";
import type { InjectionContext } from "../injector.js";
import { fieldReserved, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { containersOf, manifestObjects, runsSomePods, workloads, isObject, type ContainerRef, type FieldPath, type K8sObject } from "./k8s-manifests.js";
import { asScalar, nearName, slip } from "./k8s-names.js";

export interface ConfigRef {
  object: K8sObject;
  container: ContainerRef;
  kind: ConfigKind;
  name: string;
  key: string | undefined;
  /** Path of the field holding the name (`…configMapRef.name`, `…secret.secretName`). */
  namePath: FieldPath;
  volume: string | undefined;
}

/** Every non-optional reference of the regular containers of workloads that run pods. */
export function configRefs(objects: readonly K8sObject[]): ConfigRef[] {
  return workloads(objects)
    .filter(runsSomePods)
    .flatMap((object) =>
      containersOf(object)
        .filter((c) => !c.init)
        .flatMap((container) =>
          configReferences(object, container)
            .filter((r) => !r.optional)
            .map((r) => ({ object, container, kind: r.kind, name: r.name, key: r.key, namePath: r.path, volume: r.volume })),
        ),
    );
}

/** The keys of ConfigMap or Secret `name` in `namespace`, or undefined when it exists nowhere. */
export function sourceKeys(objects: readonly K8sObject[], world: World, kind: ConfigKind, namespace: string, name: string): string[] | undefined {
  const own = objects.find((o) => o.kind === kind && o.name === name && o.namespace === namespace);
  if (own) return ["data", "stringData", "binaryData"].flatMap((f) => (isObject(own.value[f]) ? Object.keys(own.value[f] as object) : []));
  if (namespace !== world.cluster.namespace) return undefined;
  if (kind === "ConfigMap") return name in world.cluster.configmaps ? Object.keys(world.cluster.configmaps[name]!) : undefined;
  return world.cluster.secrets[name];
}

const SUFFIXES: Record<ConfigKind, { train: string[]; test: string[] }> = {
  ConfigMap: { train: ["-config", "-env"], test: ["-settings", "-cm", "-vars"] },
  Secret: { train: ["-secret", "-secrets"], test: ["-credentials", "-creds", "-keys"] },
};

/**
 * A reference of `kind` renamed to an object (or key) the namespace does not have: the kubelet cannot create
 * the container (`CreateContainerConfigError`; `FailedMount` for a volume), K8S022.
 */
export function breakReference(ctx: InjectionContext, injectorKind: string, kind: ConfigKind): ReturnType<typeof k8sInjection> {
  const { rng, split, world } = ctx;
  const objects = manifestObjects(ctx.files, world);
  const refs = configRefs(objects).filter((r) => r.kind === kind && sourceKeys(objects, world, kind, r.object.namespace, r.name) !== undefined);
  const places = refs.flatMap((r) => {
    const keyPath = r.key === undefined ? undefined : [...r.namePath.slice(0, -1), "key"];
    return [{ ref: r, field: r.namePath, what: "name" as const }, ...(keyPath ? [{ ref: r, field: keyPath, what: "key" as const }] : [])];
  }).filter((p) => !fieldReserved(ctx, p.ref.object, p.field));
  if (places.length === 0) return null;
  const { ref, field, what } = rng.pick(places);
  const keys = sourceKeys(objects, world, kind, ref.object.namespace, ref.name)!;
  const wrong =
    what === "name"
      ? nearName(ref.name, rng, split, (n) => sourceKeys(objects, world, kind, ref.object.namespace, n) !== undefined, SUFFIXES[kind])
      : ((k) => (keys.includes(k) ? null : k))(slip(ref.key!, rng, split));
  if (!wrong) return null;
  const source = ctx.files.get(ref.object.file)!.content;
  const content = setValue(source, ref.object, field, asScalar(scalarSource(source, ref.object, field) ?? "", wrong));
  if (!content) return null;
  const lower = kind.toLowerCase();
  const owner = `container ${ref.container.name} of ${ref.object.kind}/${ref.object.name}`;
  const where = ref.volume ? `mounts the volume ${ref.volume} from` : "takes env from";
  const description =
    what === "name"
      ? `${ref.object.file}: ${owner} ${where} the ${kind} ${wrong}, which does not exist in namespace ${ref.object.namespace} (the one there is ${ref.name}): ${ref.volume ? "the volume cannot be mounted (FailedMount)" : "the kubelet cannot create the container (CreateContainerConfigError)"}.`
      : `${ref.object.file}: ${owner} takes the key ${wrong} of the ${kind} ${ref.name}, which has no such key (it holds ${keys.join(", ")}): the kubelet cannot create the container (CreateContainerConfigError).`;
  const hint =
    kind === "Secret"
      ? `kubectl describe pod names the ${lower} (or key) the kubelet could not find. The README says which Secrets the cluster holds and their keys.`
      : `kubectl describe pod names the ${lower} (or key) the kubelet could not find. Compare it with the ConfigMaps the manifests create and the keys they hold.`;
  return k8sInjection(ctx, injectorKind, new Map([[ref.object.file, content]]), { description, hint, stage: "runtime", detection: [{ code: "K8S022", file: ref.object.file }] });
}
