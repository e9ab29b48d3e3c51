/** The workflow domain: simulator, rules, the run interpreter the pipeline simulator reuses, kind detection. */
export { simulateWorkflowFile, workflowRules, workflowSimulator } from "./simulator.js";
export { runWorkflow } from "./runner/run-workflow.js";
export type { JobTrace, RunFailure, RunOptions, StepTrace, WorkflowRun } from "./runner/run-workflow.js";
export type { ImageBuild, RegistryPush } from "./runner/state.js";
export { isWorkflowPath, looksLikeWorkflow } from "./lint.js";
export type { ParseRule, RunRule, WorkflowRule } from "./rule-base.js";
