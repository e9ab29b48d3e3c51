/**
 * port-env-conflict: the workload sets the app's port variable (PORT, HTTP_PORT …) to another port than the
 * one its container port, probes and Service use, so the app listens elsewhere and the probes' connections
 * are refused: K8S026 with a liveness or startup probe, K8S027 with only a readiness probe. Split rule: train
 * sets a port from 80/3000/5000/8000/8080/9000; test one from 81/4000/5001/8001/8443/9090/10080.
 */
import { defineInjector } from "../injector.js";
import { addEnvEntry, k8sInjection } from "./k8s-edit.js";
import { appContainers, containerPorts, literalEnv, manifestObjects, runsSomePods } from "./k8s-manifests.js";
import { otherPort } from "./k8s-names.js";
import { unansweredCode } from "./k8s-probes.js";

export const portEnvConflict = defineInjector({
  kind: "port-env-conflict",
  layer: "k8s",
  summary: "The app's port variable set to another port than its probes and Service use: probes refused",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = appContainers(manifestObjects(ctx.files, world), world).filter(
      (u) => runsSomePods(u.object) && u.app.port_env !== undefined && u.port !== undefined && !literalEnv(u.container).has(u.app.port_env) && unansweredCode(u.container, u.port) !== null,
    );
    if (candidates.length === 0) return null;
    const { object, container, app, port } = rng.pick(candidates);
    const moved = otherPort(rng, split, [port!, ...containerPorts(container).map((p) => p.number)]);
    if (moved === null) return null;
    const content = addEnvEntry(ctx.files.get(object.file)!.content, object, container.path, [`name: ${app.port_env}`, `value: "${moved}"`]);
    if (!content) return null;
    const code = unansweredCode(container, port)!;
    return k8sInjection(ctx, "port-env-conflict", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} sets ${app.port_env}=${moved}, so ${app.name} listens on ${moved} while its container port and probes say ${port}: the probes' connections are refused and ${code === "K8S026" ? "the container is restarted over and over" : "the pod never becomes Ready"}.`,
      hint: "The probes are refused on the port the manifests declare. Where does the app take its listening port from, and what does the workload set it to?",
      stage: "runtime",
      detection: [{ code, file: object.file }],
    });
  },
});
