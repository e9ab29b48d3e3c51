/** Every scenario source, by task. */
import { DOCKERFILE_RUNTIME } from "./dockerfile_runtime/index.js";
import { DOCKERFILE_SYNTAX } from "./dockerfile_syntax/index.js";
import type { ScenarioSource } from "./schema.js";

export const SCENARIO_SOURCES: readonly ScenarioSource[] = [...DOCKERFILE_SYNTAX, ...DOCKERFILE_RUNTIME];
