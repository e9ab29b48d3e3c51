import { cmdEntrypointConflict } from "./cmd_entrypoint_conflict.js";
import { entrypointNotExecutable } from "./entrypoint_not_executable.js";
import { missingRequiredEnv } from "./missing_required_env.js";
import { missingWorkdir } from "./missing_workdir.js";
import { nonRootPrivilegedPort } from "./non_root_privileged_port.js";

export const DOCKERFILE_RUNTIME = [missingWorkdir, cmdEntrypointConflict, entrypointNotExecutable, missingRequiredEnv, nonRootPrivilegedPort];
