/**
 * PIPE003: the workflow builds a `target:` (`--target`) stage that the Dockerfile it builds does not define,
 * so BuildKit stops before building anything. Neither file shows it alone: the stage names are in one, the
 * target in the other.
 */
import { parseDockerfile } from "../../docker/parse.js";
import type { BuildRule } from "../rule.js";
import { stepPosition } from "../steps.js";
import { deliver, repository, WORKFLOW, WORLD } from "./fixtures.js";

export const buildTargetNotFound: BuildRule = {
  kind: "build",
  code: "PIPE003",
  name: "build-target-not-found",
  summary: "The workflow builds a --target stage the Dockerfile does not define",
  stage: "build",
  severity: "error",
  check(facts, workflow, build) {
    if (build.target === null || build.dockerfile === null) return null;
    const content = facts.repo.get(build.dockerfile)?.content;
    if (content === undefined) return null;
    const stages = parseDockerfile(content).stages;
    if (stages.length === 0 || stages.some((s) => s.name === build.target!.toLowerCase())) return null;
    const text = `ERROR: failed to build: failed to solve: target stage "${build.target}" could not be found`;
    const log = [
      `#0 building with "default" instance using docker driver`,
      "",
      "#1 [internal] load build definition from Dockerfile",
      "#1 transferring dockerfile: 2B done",
      "#1 DONE 0.0s",
      text,
      `Error: buildx failed with: ${text}`,
    ].join("\n");
    return { file: workflow.file, position: stepPosition(workflow.source, build.job, build.step, "target"), message: text, log };
  },
  cases: {
    valid: [
      { name: "targets a stage the Dockerfile names", files: repository({ [WORKFLOW]: deliver("          target: runtime\n          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n") }), world: WORLD },
    ],
    invalid: [
      {
        name: "targets a stage that is not there",
        files: repository({ [WORKFLOW]: deliver("          target: production\n          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n") }),
        world: WORLD,
        file: WORKFLOW,
        line: 21,
        message: 'target stage "production" could not be found',
      },
    ],
  },
};
