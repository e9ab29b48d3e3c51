/**
 * PIPE003: the workflow builds a `target:` (`--target`) stage that the Dockerfile it builds does not define,
 * so BuildKit stops before building anything. Neither file shows it alone: the stage names are in one, the
 * target in the other.
 */
import { pipelineRule } from "../events.js";
import { deliver, repository, WORKFLOW, WORLD } from "./fixtures.js";

export const buildTargetNotFound = pipelineRule({
  code: "PIPE003",
  name: "build-target-not-found",
  summary: "The workflow builds a --target stage the Dockerfile does not define",
  stage: "build",
  severity: "error",
  phase: "build",
  on: {
    "build-requested"(e, ctx) {
      const target = e.build.target;
      // `target: ${{ inputs.target }}` from a caller, a step's output: which stage is asked for is not known.
      if (e.build.targetUnknown) return ctx.undecided();
      if (target === null || e.stages === null || e.stages.length === 0 || e.stages.includes(target.toLowerCase())) return;
      const text = `ERROR: failed to build: failed to solve: target stage "${target}" could not be found`;
      const output = [`#0 building with "default" instance using docker driver`, "", "#1 [internal] load build definition from Dockerfile", "#1 transferring dockerfile: 2B done", "#1 DONE 0.0s", text];
      ctx.report({ line: e.at.line, column: e.at.column }, text, { output });
    },
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
});
