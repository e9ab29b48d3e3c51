/** Every cross-file rule, in the order they judge. Codes are stable and never reused. */
import type { PipelineRule } from "../events.js";
import { buildTargetNotFound } from "./build-target-not-found.js";
import { deployedTagNotPushed } from "./deployed-tag-not-pushed.js";
import { imageNotPushed } from "./image-not-pushed.js";

export const PIPELINE_RULES = [buildTargetNotFound, imageNotPushed, deployedTagNotPushed] as const satisfies readonly PipelineRule[];
