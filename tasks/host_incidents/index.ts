import type { TaskModule } from "../schema.js";
import { HOST_INSTRUCTIONS } from "./instructions.js";
import { cascadeUpstreamAuthFlood } from "./cascade_upstream_auth_flood.js";
import { cascadingDbFailure } from "./cascading_db_failure.js";
import { cronJobFailure } from "./cron_job_failure.js";
import { diskFillPostgresPort } from "./disk_fill_postgres_port.js";
import { dnsResolvWiped } from "./dns_resolv_wiped.js";
import { fullIncidentResponse } from "./full_incident_response.js";
import { logAnalysis } from "./log_analysis.js";
import { memoryLeak } from "./memory_leak.js";
import { networkTroubleshooting } from "./network_troubleshooting.js";
import { permissionsWebroot } from "./permissions_webroot.js";
import { resourceExhaustion } from "./resource_exhaustion.js";
import { securityIncident } from "./security_incident.js";
import { sshdConfigTypo } from "./sshd_config_typo.js";
import { unitUserMissing } from "./unit_user_missing.js";
import { diskSpaceCrisis } from "./disk_space_crisis.js";
import { firewallBlocking } from "./firewall_blocking.js";
import { nginxConfigSyntax } from "./nginx_config_syntax.js";
import { nginxKilled } from "./nginx_killed.js";
import { nginxMisconfiguration } from "./nginx_misconfiguration.js";
import { permissionRepair } from "./permission_repair.js";
import { processRecovery } from "./process_recovery.js";

/** ChaosLab's scenarios first, then SRE Sandbox's, then the host's own. */
const SCENARIOS = [
  logAnalysis,
  permissionRepair,
  diskSpaceCrisis,
  cronJobFailure,
  processRecovery,
  nginxMisconfiguration,
  securityIncident,
  memoryLeak,
  networkTroubleshooting,
  cascadingDbFailure,
  fullIncidentResponse,
  nginxKilled,
  nginxConfigSyntax,
  diskFillPostgresPort,
  dnsResolvWiped,
  firewallBlocking,
  permissionsWebroot,
  resourceExhaustion,
  cascadeUpstreamAuthFlood,
  sshdConfigTypo,
  unitUserMissing,
];

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
