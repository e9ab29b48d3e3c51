/** K8S021: an image the registry does not have (ErrImagePull, ImagePullBackOff) or cannot parse (InvalidImageName). */
import { kubeletPullError } from "../../images/messages.js";
import { describePod, type PodEvent } from "../messages.js";
import { podName } from "../identity.js";
import { stringAt } from "../object.js";
import { defineRule } from "../rule.js";
import { containersOf, podCount, runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

export const imagePull = defineRule({
  code: "K8S021",
  name: "image-pull",
  summary: "A container image or tag does not exist (ErrImagePull, ImagePullBackOff) or its name does not parse",
  stage: "runtime",
  severity: "error",
  phase: "pull",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    for (const o of ctx.objects) {
      if (podCount(o) === 0) {
        ctx.undecided(o);
        continue;
      }
      for (const c of containersOf(o)) {
        const image = stringAt(c.container, ["image"]);
        const lookup = ctx.cluster.image(c);
        if (image === undefined || !lookup) continue;
        const scheduled: PodEvent = { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` };
        if (c.container["imagePullPolicy"] === "Never" && lookup.status !== "invalid") {
          // The node has no images of its own: with Never, nothing is ever pulled.
          const message = `Container image "${image}" is not present with pull policy of Never`;
          const log = describePod(o, c, ["State:          Waiting", "  Reason:       ErrImageNeverPull"], [scheduled, { type: "Warning", reason: "ErrImageNeverPull", from: "kubelet", message }, { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ErrImageNeverPull" }]);
          ctx.report(o, [...c.path, "imagePullPolicy"], message, { log });
          continue;
        }
        const failure = kubeletPullError(lookup, { image });
        if (failure === null) continue;
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
        ctx.report(o, [...c.path, "image"], invalid ? failure : `${failure}\nBack-off pulling image "${image}"`, { log });
      }
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "an official image from the catalogue", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "nginx:1.27")), world: WORLD },
      { name: "an image nobody can judge", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "registry.internal/team/web:7")), world: WORLD },
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
      { name: "tag the registry does not have", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("web:1.0", "web:1.1")), world: WORLD, message: 'Back-off pulling image "ghcr.io/acme/web:1.1"' },
      { name: "upper-case name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "ghcr.io/Acme/web:1.0")), world: WORLD, message: "must be lowercase" },
    ],
  },
});
