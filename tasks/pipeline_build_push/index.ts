import { ghcrTokenNotMapped } from "./ghcr_token_not_mapped.js";
import { buildArgNotPassed } from "./build_arg_not_passed.js";
import { imageTagMismatch } from "./image_tag_mismatch.js";
import { missingPackagesWrite } from "./missing_packages_write.js";
import { multistageOutputMismatch } from "./multistage_output_mismatch.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const pipelineBuildPush: TaskModule = {
  task: {
    task_id: "pipeline_build_push",
    title: "CI/CD build and push",
    difficulty: "hard",
    description: "The release workflow builds the image but cannot log in, push the right tag, or build what the Dockerfile needs.",
    instructions: INSTRUCTIONS.pipeline,
    scenarios: ["ghcr_token_not_mapped", "image_tag_mismatch", "missing_packages_write", "build_arg_not_passed", "multistage_output_mismatch"],
  },
  scenarios: [ghcrTokenNotMapped, imageTagMismatch, missingPackagesWrite, buildArgNotPassed, multistageOutputMismatch],
};
