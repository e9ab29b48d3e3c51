/** Every Dockerfile rule, static ones first in the order BuildKit meets them. */
import type { DockerRule } from "../events.js";
import { appArgumentsRejected } from "./app-arguments-rejected.js";
import { appDependenciesMissing } from "./app-dependencies-missing.js";
import { appFileMissing } from "./app-file-missing.js";
import { appNotServing } from "./app-not-serving.js";
import { appSetupSkipped } from "./app-setup-skipped.js";
import { appWriteDenied } from "./app-write-denied.js";
import { baseImageNotFound } from "./base-image-not-found.js";
import { baseImageUnverified } from "./base-image-unverified.js";
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
import { wordProcessing } from "./word-processing.js";

/**
 * The order rules judge an event in: BuildKit's parse and conversion checks first (every one is evaluated
 * on every Dockerfile, whatever else fails), then the build's steps, then the container's start in the order
 * a starting process meets its checks (the app's dependencies load before it reads its environment, and both
 * before it listens).
 */
export const DOCKER_RULES = [
  unknownInstruction,
  instructionArguments,
  noBuildStage,
  copyFromUnknownStage,
  baseImageNotFound,
  baseImageUnverified,
  wordProcessing,
  exposeInvalidPort,
  exposeHostPort,
  emptyContinuation,
  copySourceNotFound,
  copyFromPathNotFound,
  unknownUser,
  runCommandFailed,
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
] as const satisfies readonly DockerRule[];
