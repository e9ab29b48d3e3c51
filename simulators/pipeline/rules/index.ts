/** Every cross-file rule, in code order. Codes are stable and never reused. */
import type { BuildRule, DeployRule, PipeRule } from "../rule.js";
import { buildTargetNotFound } from "./build-target-not-found.js";
import { deployedTagNotPushed } from "./deployed-tag-not-pushed.js";
import { imageNotPushed } from "./image-not-pushed.js";

export const buildRules: readonly BuildRule[] = [buildTargetNotFound];
export const deployRules: readonly DeployRule[] = [imageNotPushed, deployedTagNotPushed];
export const pipelineRules: readonly PipeRule[] = [imageNotPushed, deployedTagNotPushed, buildTargetNotFound];
