/** The workflow domain: simulator, rules, the run interpreter the pipeline simulator reuses, kind detection. */
export { runWorkflow, simulateWorkflow, simulateWorkflowFile, simulateWorkflows, WORKFLOW_RULES, workflowFiles, workflowSimulator } from "./simulator.js";
export type { JobTrace, RunFailure, RunOptions, StepTrace, WorkflowRun } from "./runner/run-workflow.js";
export type { ImageBuild, RegistryPush } from "./runner/state.js";
export { isWorkflowFile, isWorkflowPath, looksLikeWorkflow, withoutWorkflows } from "./lint.js";
export { WORKFLOW_DOMAIN } from "./events.js";
export type { WorkflowEvent, WorkflowEventType, WorkflowRule, WorkflowUnit } from "./events.js";
