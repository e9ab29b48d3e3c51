/** Every host rule, in the order a host meets them: configuration, services, resources, jobs, traffic. */
import { firewallRulesInvalid, logrotateIgnored, nginxConfigInvalid, postgresConfigInvalid, sshdConfigInvalid, unitFileInvalid } from "./config-invalid.js";
import { configNotApplied } from "./config-not-applied.js";
import { cronJobFails, cronJobOverlaps, crontabIgnored } from "./cron.js";
import { cpuSaturated, diskFull, memoryExhausted } from "./resources.js";
import { serviceDown } from "./service-down.js";
import { serviceWouldNotRestart } from "./service-would-not-restart.js";
import { attackerNotBlocked, firewallNotPersisted, portExposed, rootPasswordLogin, siteUnavailable, sshAccessLost } from "./traffic.js";

export const HOST_RULES = [
  nginxConfigInvalid,
  sshdConfigInvalid,
  postgresConfigInvalid,
  firewallRulesInvalid,
  logrotateIgnored,
  unitFileInvalid,
  serviceDown,
  serviceWouldNotRestart,
  configNotApplied,
  diskFull,
  memoryExhausted,
  cpuSaturated,
  crontabIgnored,
  cronJobFails,
  cronJobOverlaps,
  siteUnavailable,
  sshAccessLost,
  attackerNotBlocked,
  portExposed,
  rootPasswordLogin,
  firewallNotPersisted,
] as const;
