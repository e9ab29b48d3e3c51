/**
 * K8S022: a container takes env from a ConfigMap or Secret (or a key of one) that exists neither in the
 * manifests nor in the cluster: CreateContainerConfigError, or for volumes FailedMount. `optional: true`
 * references are skipped by the kubelet.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podName } from "../identity.js";
import { describePod, type PodEvent } from "../messages.js";
import { runsPods } from "../workload.js";
import { APP_FILES, CONFIG, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const missingConfigReference = k8sRule({
  code: "K8S022",
  name: "missing-config-reference",
  summary: "A container uses a ConfigMap or Secret (or a key of one) that does not exist: CreateContainerConfigError",
  stage: "runtime",
  severity: "error",
  phase: "configure",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "container-configured"(e, ctx) {
      const { object: o, container: c } = e;
      for (const ref of e.references) {
        if (ref.optional) continue;
        // A ConfigMap or Secret the API server refused may be the one named: what it holds is unknown.
        if (ref.source === "refused") {
          ctx.undecided();
          continue;
        }
        const lower = ref.kind.toLowerCase();
        let error: string | undefined;
        if (ref.source === "missing") error = `${lower} "${ref.name}" not found`;
        else if (ref.key !== undefined && !ref.source.keys.includes(ref.key)) error = `couldn't find key ${ref.key} in ${ref.kind} ${o.namespace}/${ref.name}`;
        if (!error) continue;
        const scheduled: PodEvent = { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` };
        if (ref.volume) {
          const message = `MountVolume.SetUp failed for volume "${ref.volume}" : ${error}`;
          const log = describePod(o, c, ["State:          Waiting", "  Reason:       ContainerCreating"], [scheduled, { type: "Warning", reason: "FailedMount", from: "kubelet", message }]);
          ctx.report(at(o, ref.path), message, { log, detail: { pod: "ContainerCreating" } });
        } else {
          const message = `Error: ${error}`;
          const log = describePod(o, c, ["State:          Waiting", "  Reason:       CreateContainerConfigError"], [scheduled, { type: "Warning", reason: "Failed", from: "kubelet", message }]);
          ctx.report(at(o, ref.path), message, { log, detail: { pod: "CreateContainerConfigError" } });
        }
      }
    },
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
