/** Every scenario source, task by task. */
import type { ScenarioSource } from "./schema.js";
import { TASK_MODULES } from "./tasks.js";

export const SCENARIO_SOURCES: readonly ScenarioSource[] = TASK_MODULES.flatMap((m) => m.scenarios);
