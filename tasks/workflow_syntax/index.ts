import { checkoutAfterBuild } from "./checkout_after_build.js";
import { invalidTriggerSyntax } from "./invalid_trigger_syntax.js";
import { missingOnTrigger } from "./missing_on_trigger.js";
import { missingRunsOn } from "./missing_runs_on.js";
import { missingStepUsesOrRun } from "./missing_step_uses_or_run.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const workflowSyntax: TaskModule = {
  task: {
    task_id: "workflow_syntax",
    title: "GitHub Actions workflow syntax errors",
    difficulty: "easy",
    description: "GitHub refuses the workflow file, or a job fails because its steps are in the wrong order.",
    instructions: INSTRUCTIONS.workflow,
    scenarios: ["checkout_after_build", "missing_runs_on", "invalid_trigger_syntax", "missing_step_uses_or_run", "missing_on_trigger"],
  },
  scenarios: [checkoutAfterBuild, missingRunsOn, invalidTriggerSyntax, missingStepUsesOrRun, missingOnTrigger],
};
