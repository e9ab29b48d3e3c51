/** Every Dockerfile rule, static ones first in the order BuildKit meets them. */
import type { DockerRule } from "../rule.js";
import { appArgumentsRejected } from "./app-arguments-rejected.js";
import { appDependenciesMissing } from "./app-dependencies-missing.js";
import { appFileMissing } from "./app-file-missing.js";
import { appNotServing } from "./app-not-serving.js";
import { appSetupSkipped } from "./app-setup-skipped.js";
import { appWriteDenied } from "./app-write-denied.js";
import { baseImageNotFound } from "./base-image-not-found.js";
import { copyFromPathNotFound } from "./copy-from-path-not-found.js";
import { copyFromUnknownStage } from "./copy-from-unknown-stage.js";
import { copySourceNotFound } from "./copy-source-not-found.js";
import { emptyContinuation } from "./empty-continuation.js";
import { execNotFound } from "./exec-not-found.js";
import { execPermissionDenied } from "./exec-permission-denied.js";
import { exposeHostPort } from "./expose-host-port.js";
import { exposeInvalidPort } from "./expose-invalid-port.js";
import { instructionArguments } from "./instruction-arguments.js";
import { noBuildStage } from "./no-build-stage.js";
import { privilegedPortDenied } from "./privileged-port-denied.js";
import { requiredEnvMissing } from "./required-env-missing.js";
import { runCommandFailed } from "./run-command-failed.js";
import { unknownInstruction } from "./unknown-instruction.js";
import { unknownUser } from "./unknown-user.js";

/** Parse-time and LLB-conversion checks: evaluated on every Dockerfile, whatever else fails. */
export const STATIC_RULES: readonly DockerRule[] = [
  unknownInstruction,
  instructionArguments,
  noBuildStage,
  copyFromUnknownStage,
  baseImageNotFound,
  exposeInvalidPort,
  exposeHostPort,
  emptyContinuation,
];

/** Met while the build runs its steps: evaluated only as far as the build gets. */
export const BUILD_RULES: readonly DockerRule[] = [copySourceNotFound, copyFromPathNotFound, unknownUser, runCommandFailed];

export const RUNTIME_RULES: readonly DockerRule[] = [
  execNotFound,
  execPermissionDenied,
  appFileMissing,
  appArgumentsRejected,
  appDependenciesMissing,
  requiredEnvMissing,
  appSetupSkipped,
  appWriteDenied,
  privilegedPortDenied,
  appNotServing,
];

export const DOCKER_RULES: readonly DockerRule[] = [...STATIC_RULES, ...BUILD_RULES, ...RUNTIME_RULES];
