/** The workflow fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";


export const WORKFLOW_INJECTORS: readonly Injector[] = [];
