/**
 * K8S022: a container takes env from a ConfigMap or Secret (or a key of one) that exists neither in the
 * manifests nor in the cluster: CreateContainerConfigError, or for volumes FailedMount. `optional: true`
 * references are skipped by the kubelet.
 */
import { describePod, type PodEvent } from "../messages.js";
import { podName } from "../identity.js";
import { arrayAt, isObject, objectAt, type FieldPath, type K8sObject } from "../object.js";
import { defineRule, type RuleContext } from "../rule.js";
import { containersOf, podCount, podSpecPath, runsPods, type ContainerRef } from "../workload.js";
import { APP_FILES, CONFIG, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

type Kind = "ConfigMap" | "Secret";

interface Reference {
  kind: Kind;
  name: string;
  key?: string;
  path: FieldPath;
  volume?: string;
}

/** Every non-optional reference of a container (env, envFrom) and of the pod's volumes that it mounts. */
function references(o: K8sObject, c: ContainerRef): Reference[] {
  const out: Reference[] = [];
  const add = (kind: Kind, ref: unknown, path: FieldPath, extra: Partial<Reference> = {}) => {
    if (!isObject(ref) || ref["optional"] === true || typeof ref["name"] !== "string") return;
    out.push({ kind, name: ref["name"], path: [...path, "name"], ...extra, ...(typeof ref["key"] === "string" ? { key: ref["key"] } : {}) });
  };
  arrayAt(c.container, ["envFrom"]).forEach((f, i) => {
    if (!isObject(f)) return;
    add("ConfigMap", f["configMapRef"], [...c.path, "envFrom", i, "configMapRef"]);
    add("Secret", f["secretRef"], [...c.path, "envFrom", i, "secretRef"]);
  });
  arrayAt(c.container, ["env"]).forEach((e, i) => {
    const from = isObject(e) ? objectAt(e, ["valueFrom"]) : undefined;
    if (!from) return;
    add("ConfigMap", from["configMapKeyRef"], [...c.path, "env", i, "valueFrom", "configMapKeyRef"]);
    add("Secret", from["secretKeyRef"], [...c.path, "env", i, "valueFrom", "secretKeyRef"]);
  });
  const mounted = new Set(arrayAt(c.container, ["volumeMounts"]).map((m) => (isObject(m) ? m["name"] : undefined)));
  arrayAt(o.value, [...podSpecPath(o), "volumes"]).forEach((v, i) => {
    if (!isObject(v) || !mounted.has(v["name"])) return;
    const path = [...podSpecPath(o), "volumes", i];
    const volume = String(v["name"]);
    add("ConfigMap", v["configMap"], [...path, "configMap"], { volume });
    const secret = objectAt(v, ["secret"]);
    if (secret && secret["optional"] !== true && typeof secret["secretName"] === "string") out.push({ kind: "Secret", name: secret["secretName"], path: [...path, "secret", "secretName"], volume });
  });
  return out;
}

function check(ctx: RuleContext, o: K8sObject): void {
  for (const c of containersOf(o)) {
    for (const ref of references(o, c)) {
      const source = ctx.cluster.configSource(ref.kind, o.namespace, ref.name);
      if (source === "refused") {
        ctx.undecided(o);
        continue;
      }
      const lower = ref.kind.toLowerCase();
      let error: string | undefined;
      if (source === "missing") error = `${lower} "${ref.name}" not found`;
      else if (ref.key !== undefined && !source.keys.includes(ref.key)) error = `couldn't find key ${ref.key} in ${ref.kind} ${o.namespace}/${ref.name}`;
      if (!error) continue;
      const scheduled: PodEvent = { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` };
      if (ref.volume) {
        const message = `MountVolume.SetUp failed for volume "${ref.volume}" : ${error}`;
        const log = describePod(o, c, ["State:          Waiting", "  Reason:       ContainerCreating"], [scheduled, { type: "Warning", reason: "FailedMount", from: "kubelet", message }]);
        ctx.report(o, ref.path, message, { log });
      } else {
        const message = `Error: ${error}`;
        const log = describePod(o, c, ["State:          Waiting", "  Reason:       CreateContainerConfigError"], [scheduled, { type: "Warning", reason: "Failed", from: "kubelet", message }]);
        ctx.report(o, ref.path, message, { log });
      }
    }
  }
}

export const missingConfigReference = defineRule({
  code: "K8S022",
  name: "missing-config-reference",
  summary: "A container uses a ConfigMap or Secret (or a key of one) that does not exist: CreateContainerConfigError",
  stage: "runtime",
  severity: "error",
  phase: "configure",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    for (const o of ctx.objects) {
      if (podCount(o) === 0) ctx.undecided(o);
      else check(ctx, o);
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "ConfigMap already in the cluster", files: withFile("k8s/config.yaml", CONFIG.split("---\n")[1]!), world: { ...WORLD, cluster: { ingress_classes: ["nginx"], configmaps: { "web-config": { LOG_LEVEL: "info" } } } } },
      { name: "optional reference", files: { ...APP_FILES, "k8s/config.yaml": CONFIG.split("---\n")[1]!, "k8s/deployment.yaml": DEPLOYMENT.replace("name: web-config\n", "name: web-config\n                optional: true\n") }, world: WORLD },
    ],
    invalid: [
      {
        name: "ConfigMap absent",
        files: withFile("k8s/config.yaml", CONFIG.split("---\n")[1]!),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 25,
        message: 'Error: configmap "web-config" not found',
      },
      { name: "Secret key absent", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("key: url", "key: uri")), world: WORLD, line: 30, message: "Error: couldn't find key uri in Secret default/web-db" },
      { name: "ConfigMap in another namespace", files: withFile("k8s/config.yaml", CONFIG.replace("  name: web-config\n", "  name: web-config\n  namespace: staging\n")), world: WORLD, message: 'configmap "web-config" not found' },
    ],
  },
});
