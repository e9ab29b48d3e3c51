import type { TaskModule } from "../schema.js";
import { HOST_INSTRUCTIONS } from "./instructions.js";
import { nginxMisconfiguration } from "./nginx_misconfiguration.js";

const SCENARIOS = [nginxMisconfiguration];

export const hostIncidents: TaskModule = {
  task: {
    task_id: "host_incidents",
    title: "Linux server incidents",
    difficulty: "hard",
    description: "A Linux server is down or degraded: a crashed service, a full disk, a broken configuration, a firewall, a cron job, an attack. Diagnose it and repair the host.",
    instructions: HOST_INSTRUCTIONS,
    scenarios: SCENARIOS.map((s) => s.id),
  },
  scenarios: SCENARIOS,
};
