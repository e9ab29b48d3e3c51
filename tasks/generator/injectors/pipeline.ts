/** The pipeline fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";


export const PIPELINE_INJECTORS: readonly Injector[] = [];
