import { cacheWithoutModeMax } from "./cache_without_mode_max.js";
import { loginSecretsNotWired } from "./login_secrets_not_wired.js";
import { missingBuildxForPlatforms } from "./missing_buildx_for_platforms.js";
import { pushWithoutLogin } from "./push_without_login.js";
import { wrongBuildContext } from "./wrong_build_context.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const ciDockerIntegration: TaskModule = {
  task: {
    task_id: "ci_docker_integration",
    title: "CI and Docker integration",
    difficulty: "medium-hard",
    description: "The workflow that builds and publishes the image fails: builder set-up, registry login, build context, cache export, push.",
    instructions: INSTRUCTIONS.pipeline,
    scenarios: ["missing_buildx_for_platforms", "login_secrets_not_wired", "wrong_build_context", "cache_without_mode_max", "push_without_login"],
  },
  scenarios: [missingBuildxForPlatforms, loginSecretsNotWired, wrongBuildContext, cacheWithoutModeMax, pushWithoutLogin],
};
