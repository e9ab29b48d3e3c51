/** The pipeline fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { buildArgNotPassed } from "./build-arg-not-passed.js";
import { buildContextMismatch } from "./build-context-mismatch.js";
import { buildTargetMissing } from "./build-target-missing.js";
import { bundleOutputMismatch } from "./bundle-output-mismatch.js";
import { deployedTagDrift } from "./deployed-tag-drift.js";
import { dockerfileMoved } from "./dockerfile-moved.js";
import { imagePushDisabled } from "./image-push-disabled.js";
import { jarOutputMismatch } from "./jar-output-mismatch.js";
import { loginRegistryMismatch } from "./login-registry-mismatch.js";
import { releaseTagDrift } from "./release-tag-drift.js";
import { staticRootMismatch } from "./static-root-mismatch.js";

export const PIPELINE_INJECTORS: readonly Injector[] = [
  imagePushDisabled,
  deployedTagDrift,
  releaseTagDrift,
  buildArgNotPassed,
  buildTargetMissing,
  buildContextMismatch,
  bundleOutputMismatch,
  jarOutputMismatch,
  staticRootMismatch,
  loginRegistryMismatch,
  dockerfileMoved,
];
