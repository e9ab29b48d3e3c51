import { imagePullBackoff } from "./image_pull_backoff.js";
import { livenessProbeFailing } from "./liveness_probe_failing.js";
import { missingConfigmap } from "./missing_configmap.js";
import { oomKilled } from "./oom_killed.js";
import { wrongCommand } from "./wrong_command.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const k8sPodFailures: TaskModule = {
  task: {
    task_id: "k8s_pod_failures",
    title: "Kubernetes pod failures",
    difficulty: "medium",
    description: "The manifests apply, but the pods never run: they are killed, cannot pull, cannot start or keep restarting.",
    instructions: INSTRUCTIONS.k8s,
    scenarios: ["oom_killed", "image_pull_backoff", "wrong_command", "missing_configmap", "liveness_probe_failing"],
  },
  scenarios: [oomKilled, imagePullBackoff, wrongCommand, missingConfigmap, livenessProbeFailing],
};
