/**
 * PIPE001: a workload deploys an image that the delivery workflow builds but never pushes (`push: false`, a
 * `docker build` with no `docker push`), and the registry has no such repository. The kubelet's pull is
 * refused as for any repository that does not exist. When some tag was pushed, the registry knows the
 * repository and K8S021 reports the missing tag instead.
 */
import { kubeletPullError } from "../../images/messages.js";
import { isReferenceError, parseImageReference } from "../../images/reference.js";
import { podName } from "../../k8s/identity.js";
import { describePod } from "../../k8s/messages.js";
import { locate, stringAt } from "../../k8s/object.js";
import { containersOf, podCount, runsPods } from "../../k8s/workload.js";
import { pipelineRule } from "../events.js";
import { repositoryKey, registryLists } from "../registry.js";
import { deliver, DEPLOYMENT, repository, WORKFLOW, WORLD } from "./fixtures.js";

export const imageNotPushed = pipelineRule({
  code: "PIPE001",
  name: "image-not-pushed",
  summary: "A workload deploys an image the delivery workflow builds but never pushes, so the kubelet cannot pull it",
  stage: "runtime",
  severity: "error",
  phase: "deploy",
  on: {
    "delivery-deployed"(e, ctx) {
      for (const o of e.objects) {
        if (!runsPods(o) || podCount(o) === 0) continue;
        for (const c of containersOf(o)) {
          const image = stringAt(c.container, ["image"]);
          if (image === undefined) continue;
          const ref = parseImageReference(image);
          if (isReferenceError(ref)) continue; // K8S021: InvalidImageName
          const key = repositoryKey(image);
          if (!e.built.has(key) || e.pushed.has(key) || registryLists(e.registry, key)) continue;
          const failure = kubeletPullError({ status: "repository_not_found", ref }, { image });
          const log = describePod(o, c, ["State:          Waiting", "  Reason:       ImagePullBackOff"], [
            { type: "Normal", reason: "Scheduled", from: "default-scheduler", message: `Successfully assigned ${o.namespace}/${podName(o)} to node-1` },
            { type: "Normal", reason: "Pulling", from: "kubelet", message: `Pulling image "${image}"` },
            { type: "Warning", reason: "Failed", from: "kubelet", message: failure },
            { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ErrImagePull" },
            { type: "Normal", reason: "BackOff", from: "kubelet", message: `Back-off pulling image "${image}"` },
            { type: "Warning", reason: "Failed", from: "kubelet", message: "Error: ImagePullBackOff" },
          ]);
          const at = locate(o, [...c.path, "image"]);
          ctx.report({ file: o.file, line: at.line, column: at.column }, failure, { log });
        }
      }
    },
  },
  cases: {
    valid: [
      { name: "pushed under the tag the Deployment names", files: repository(), world: WORLD },
      {
        name: "not pushed by this workflow, but the registry has it",
        files: repository({ [WORKFLOW]: deliver("          push: false\n          tags: ghcr.io/acme/web:main\n") }),
        world: { ...WORLD, registry: { "ghcr.io/acme/web": { main: { app: "web", binaries: ["node"] } } } },
      },
    ],
    invalid: [
      {
        name: "built with push: false",
        files: repository({ [WORKFLOW]: deliver("          push: false\n          tags: ghcr.io/acme/web:main\n") }),
        world: WORLD,
        file: DEPLOYMENT,
        line: 17,
        message: 'Failed to pull image "ghcr.io/acme/web:main"',
      },
    ],
  },
});
