/**
 * The generated host family as a task: Linux server incidents composed by seed from the host bases and the
 * host fault injectors, played with the host track's instructions. Its scenarios are named
 * `gen-host:<split>:<difficulty>:<seed>`, apart from the repository family's `gen:` ids, so neither family's
 * ids or bytes depend on the other.
 */
import { HOST_INSTRUCTIONS } from "../../host_incidents/instructions.js";
import type { Task } from "../../schema.js";

export const GENERATED_HOST_TASK_ID = "generated_host";

export const GENERATED_HOST_TASK: Task = {
  task_id: GENERATED_HOST_TASK_ID,
  title: "Generated host incidents",
  difficulty: "hard",
  description:
    "Linux server incidents composed by seed from clean simulated hosts and host fault injectors: 1 to 4 faults (a broken configuration, " +
    "a stopped service, a full disk, a firewall rule, a cron line, an attacker), at harder difficulties some hidden behind others.",
  instructions: HOST_INSTRUCTIONS,
  scenarios: ["gen-host:<split>:<difficulty>:<seed>"],
};
