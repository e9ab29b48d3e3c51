/** K8S021: an image the registry does not have (ErrImagePull, ImagePullBackOff) or cannot parse (InvalidImageName). */
import { kubeletPullError } from "../../images/messages.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { podName } from "../identity.js";
import { describePod, type PodEvent } from "../messages.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, NGINX_DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const imagePull = k8sRule({
  code: "K8S021",
  name: "image-pull",
  summary: "A container image or tag does not exist (ErrImagePull, ImagePullBackOff) or its name does not parse",
  stage: "runtime",
  severity: "error",
  phase: "pull",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "image-pulled"(e, ctx) {
      const { object: o, container: c, image, lookup } = e;
      const scheduled: PodEvent = { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` };
      if (e.pullPolicy === "Never" && lookup.status !== "invalid") {
        // The node has no images of its own: with Never, nothing is ever pulled.
        const message = `Container image "${image}" is not present with pull policy of Never`;
        const log = describePod(o, c, ["State:          Waiting", "  Reason:       ErrImageNeverPull"], [scheduled, { type: "Warning", reason: "ErrImageNeverPull", from: "kubelet", message }, { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ErrImageNeverPull" }]);
        ctx.report(at(o, [...c.path, "imagePullPolicy"]), message, { log, detail: { pod: "ErrImageNeverPull" } });
        return;
      }
      // An image nobody can judge (a private registry the world does not list) may or may not pull.
      if (lookup.status === "unknown") return ctx.undecided();
      const failure = kubeletPullError(lookup, { image });
      if (failure === null) return;
      const invalid = lookup.status === "invalid";
      const events: PodEvent[] = invalid
        ? [scheduled, { type: "Warning", reason: "InspectFailed", from: "kubelet", message: failure }, { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: InvalidImageName" }]
        : [
            scheduled,
            { type: "Normal", reason: "Pulling", from: "kubelet", message: `Pulling image "${image}"` },
            { type: "Warning", reason: "Failed", from: "kubelet", message: failure },
            { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ErrImagePull" },
            { type: "Normal", reason: "BackOff", from: "kubelet", message: `Back-off pulling image "${image}"` },
            { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ImagePullBackOff" },
          ];
      const reason = invalid ? "InvalidImageName" : "ImagePullBackOff";
      const log = describePod(o, c, ["State:          Waiting", `  Reason:       ${reason}`], events);
      ctx.report(at(o, [...c.path, "image"]), failure, { log, detail: { pod: reason } });
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "an official image from the catalogue", files: withFile("k8s/deployment.yaml", NGINX_DEPLOYMENT), world: WORLD },
    ],
    invalid: [
      {
        name: "misspelt tag",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "nginx:latset")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 19,
        message: 'Failed to pull image "nginx:latset": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:latset"',
      },
      { name: "tag the registry does not have", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("web:1.0", "web:1.1")), world: WORLD, message: 'Failed to pull image "ghcr.io/acme/web:1.1"' },
      {
        name: "a digest no registry holds",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", `nginx@sha256:${"0".repeat(64)}`)),
        world: WORLD,
        message: `failed to resolve reference "docker.io/library/nginx@sha256:${"0".repeat(64)}": docker.io/library/nginx@sha256:${"0".repeat(64)}: not found`,
      },
      { name: "upper-case name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "ghcr.io/Acme/web:1.0")), world: WORLD, message: "must be lowercase" },
    ],
  },
});
