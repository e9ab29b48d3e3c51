/** Every fault injector, by layer. A kind is never reused once published. */
import type { Injector } from "../injector.js";
import { DOCKERFILE_INJECTORS } from "./dockerfile.js";
import { K8S_INJECTORS } from "./k8s.js";
import { PIPELINE_INJECTORS } from "./pipeline.js";
import { WORKFLOW_INJECTORS } from "./workflow.js";

export const INJECTORS: readonly Injector[] = [...DOCKERFILE_INJECTORS, ...WORKFLOW_INJECTORS, ...K8S_INJECTORS, ...PIPELINE_INJECTORS];
