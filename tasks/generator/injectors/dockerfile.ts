/** The dockerfile fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { baseTagMissing } from "./base-tag-missing.js";
import { baseVariantLacksTool } from "./base-variant-lacks-tool.js";
import { bindLoopback } from "./bind-loopback.js";
import { buildArgUndeclared } from "./build-arg-undeclared.js";
import { cmdRepeatsEntrypoint } from "./cmd-repeats-entrypoint.js";
import { continuationLost } from "./continuation-lost.js";
import { copyFromPathMissing } from "./copy-from-path-missing.js";
import { copyFromStageTypo } from "./copy-from-stage-typo.js";
import { copySourceTypo } from "./copy-source-typo.js";
import { dockerignoreHidesSource } from "./dockerignore-hides-source.js";
import { exposeNotAPort } from "./expose-not-a-port.js";
import { fromMissing } from "./from-missing.js";
import { installBeforeCopy } from "./install-before-copy.js";
import { npmCiWithoutLockfile } from "./npm-ci-without-lockfile.js";
import { pythonTooOldForPins } from "./python-too-old-for-pins.js";
import { requirementPinMissing } from "./requirement-pin-missing.js";
import { startProgramNotFound } from "./start-program-not-found.js";
import { startScriptNotFound } from "./start-script-not-found.js";
import { staticDocrootWrong } from "./static-docroot-wrong.js";
import { targetarchUndeclared } from "./targetarch-undeclared.js";
import { workdirMissing } from "./workdir-missing.js";

export const DOCKERFILE_INJECTORS: readonly Injector[] = [
  copySourceTypo,
  baseTagMissing,
  continuationLost,
  exposeNotAPort,
  fromMissing,
  workdirMissing,
  cmdRepeatsEntrypoint,
  copyFromPathMissing,
  copyFromStageTypo,
  targetarchUndeclared,
  dockerignoreHidesSource,
  pythonTooOldForPins,
  requirementPinMissing,
  bindLoopback,
  npmCiWithoutLockfile,
  baseVariantLacksTool,
  startProgramNotFound,
  startScriptNotFound,
  staticDocrootWrong,
  installBeforeCopy,
  buildArgUndeclared,
];
