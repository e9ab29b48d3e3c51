import { cmdEntrypointConflict } from "./cmd_entrypoint_conflict.js";
import { entrypointNotExecutable } from "./entrypoint_not_executable.js";
import { missingRequiredEnv } from "./missing_required_env.js";
import { missingWorkdir } from "./missing_workdir.js";
import { nonRootPrivilegedPort } from "./non_root_privileged_port.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const dockerfileRuntime: TaskModule = {
  task: {
    task_id: "dockerfile_runtime",
    title: "Dockerfile runtime errors",
    difficulty: "medium",
    description: "The image builds, but the container fails to start or to serve.",
    instructions: INSTRUCTIONS.docker,
    scenarios: ["missing_workdir", "cmd_entrypoint_conflict", "entrypoint_not_executable", "missing_required_env", "non_root_privileged_port"],
  },
  scenarios: [missingWorkdir, cmdEntrypointConflict, entrypointNotExecutable, missingRequiredEnv, nonRootPrivilegedPort],
};
