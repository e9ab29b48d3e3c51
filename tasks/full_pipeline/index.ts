import { fullPipelineGhcrAndSelector } from "./full_pipeline_ghcr_and_selector.js";
import { fullPipelineGhcrDockerfileK8s } from "./full_pipeline_ghcr_dockerfile_k8s.js";
import { fullPipelinePermissionsImageIngress } from "./full_pipeline_permissions_image_ingress.js";
import { fullPipelineSecretsBuildProbe } from "./full_pipeline_secrets_build_probe.js";
import { fullPipelineThreeBugs } from "./full_pipeline_three_bugs.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const fullPipeline: TaskModule = {
  task: {
    task_id: "full_pipeline",
    title: "Full delivery pipeline",
    difficulty: "expert",
    description: "Several faults across the workflow, the Dockerfile and the manifests, met one stage at a time from CI to traffic.",
    instructions: INSTRUCTIONS.pipeline,
    scenarios: ["full_pipeline_ghcr_and_selector", "full_pipeline_three_bugs", "full_pipeline_ghcr_dockerfile_k8s", "full_pipeline_permissions_image_ingress", "full_pipeline_secrets_build_probe"],
  },
  scenarios: [fullPipelineGhcrAndSelector, fullPipelineThreeBugs, fullPipelineGhcrDockerfileK8s, fullPipelinePermissionsImageIngress, fullPipelineSecretsBuildProbe],
};
