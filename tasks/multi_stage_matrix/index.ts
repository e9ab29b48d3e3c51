import { artifactPathMismatch } from "./artifact_path_mismatch.js";
import { crossJobArtifact } from "./cross_job_artifact.js";
import { matrixPlatformArg } from "./matrix_platform_arg.js";
import { matrixVersionFailure } from "./matrix_version_failure.js";
import { multipleIssues } from "./multiple_issues.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const multiStageMatrix: TaskModule = {
  task: {
    task_id: "multi_stage_matrix",
    title: "Multi-stage builds and matrix workflows",
    difficulty: "hard",
    description: "Multi-stage Dockerfiles, matrix jobs and artifacts passed between jobs: what one stage or job hands the next goes missing.",
    instructions: INSTRUCTIONS.pipeline,
    scenarios: ["artifact_path_mismatch", "matrix_platform_arg", "cross_job_artifact", "multiple_issues", "matrix_version_failure"],
  },
  scenarios: [artifactPathMismatch, matrixPlatformArg, crossJobArtifact, multipleIssues, matrixVersionFailure],
};
