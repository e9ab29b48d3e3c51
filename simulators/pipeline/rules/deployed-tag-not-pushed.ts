/**
 * PIPE002 (lint): a workload deploys a tag of an image the delivery workflow pushes, but never that tag
 * (the Deployment says `:latest`, the workflow pushes `:${{ github.sha }}`). Whether the registry still holds
 * the tag from some earlier push only the registry knows, so this is a warning for a user's files; with a
 * scenario's world the registry decides and K8S021 reports the pull failure.
 */
import { locate, stringAt } from "../../k8s/object.js";
import { containersOf, runsPods } from "../../k8s/workload.js";
import { parseImageRef } from "../../workflow/runner/state.js";
import { pipelineRule } from "../events.js";
import { repositoryKey } from "../registry.js";
import { deliver, DEPLOYMENT, deployment, repository, WORKFLOW } from "./fixtures.js";

export const deployedTagNotPushed = pipelineRule({
  code: "PIPE002",
  name: "deployed-tag-not-pushed",
  summary: "A workload deploys a tag of the delivery workflow's image that the workflow never pushes",
  stage: "runtime",
  severity: "warning",
  phase: "deploy",
  on: {
    "delivery-deployed"(e, ctx) {
      // With a scenario's world the registry decides (K8S021); on a user's files only the workflow can say.
      if (ctx.worldKnown) return;
      const tagsByRepository = new Map<string, Set<string>>();
      // A repository one of whose pushes has a tag the run cannot know (a step's output) may hold any tag.
      const anyTag = new Set(e.pushes.filter((p) => p.unknown).map((p) => `${p.registry}/${p.repository}`));
      for (const p of e.pushes) {
        const key = `${p.registry}/${p.repository}`;
        tagsByRepository.set(key, (tagsByRepository.get(key) ?? new Set()).add(p.tag));
      }
      for (const o of e.objects) {
        if (!runsPods(o)) continue;
        for (const c of containersOf(o)) {
          const image = stringAt(c.container, ["image"]);
          if (image === undefined || image.includes("@")) continue;
          const tags = tagsByRepository.get(repositoryKey(image));
          const tag = parseImageRef(image).tag ?? "latest";
          if (!tags || tags.has(tag)) continue;
          if (anyTag.has(repositoryKey(image))) {
            ctx.undecided();
            continue;
          }
          const shown = [...tags].sort().map((t) => `:${t}`).join(", ");
          const message = `${o.file} deploys ${image}, but ${e.workflows.join(", ")} pushes it only as ${shown}; the pull fails unless the registry still holds :${tag}`;
          const at = locate(o, [...c.path, "image"]);
          ctx.report({ file: o.file, line: at.line, column: at.column }, message, { log: message });
        }
      }
    },
  },
  cases: {
    valid: [
      { lint: true, name: "deploys the pushed tag", files: repository() },
      { lint: true, name: "pushes latest too", files: repository({ [WORKFLOW]: deliver("          push: true\n          tags: |\n            ghcr.io/acme/web:${{ github.sha }}\n            ghcr.io/acme/web:main\n") }) },
    ],
    invalid: [
      {
        lint: true,
        name: "deploys latest, pushes the commit sha",
        files: repository({ [WORKFLOW]: deliver("          push: true\n          tags: ghcr.io/acme/web:${{ github.sha }}\n"), [DEPLOYMENT]: deployment("ghcr.io/acme/web:latest") }),
        file: DEPLOYMENT,
        line: 17,
        message: "pushes it only as",
      },
    ],
  },
});
