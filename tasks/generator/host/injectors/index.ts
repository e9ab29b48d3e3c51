/** Every host fault injector. A kind is never reused once published; new ones go at the end (ids' history). */
import type { HostInjector } from "../injector.js";
import { cronLineSyntax } from "./cron-line-syntax.js";
import { firewallDropWeb } from "./firewall-drop-web.js";
import { logFillsDisk } from "./log-fills-disk.js";
import { nginxConfigSyntax } from "./nginx-config-syntax.js";
import { nginxUpstreamPort } from "./nginx-upstream-port.js";
import { portHeld } from "./port-held.js";
import { postgresDataMode } from "./postgres-data-mode.js";
import { postgresPortMismatch } from "./postgres-port-mismatch.js";
import { resolvWiped } from "./resolv-wiped.js";
import { runawayMemory } from "./runaway-memory.js";
import { scriptNotExecutable } from "./script-not-executable.js";
import { sshBruteForce } from "./ssh-brute-force.js";
import { sshdConfigTypo } from "./sshd-config-typo.js";
import { tempFileFillsRoot } from "./temp-file-fills-root.js";
import { unitUserMissing } from "./unit-user-missing.js";
import { webrootMode } from "./webroot-mode.js";

export const HOST_INJECTORS: readonly HostInjector[] = [
  nginxConfigSyntax,
  nginxUpstreamPort,
  postgresDataMode,
  postgresPortMismatch,
  logFillsDisk,
  tempFileFillsRoot,
  resolvWiped,
  firewallDropWeb,
  webrootMode,
  unitUserMissing,
  cronLineSyntax,
  scriptNotExecutable,
  sshdConfigTypo,
  runawayMemory,
  portHeld,
  sshBruteForce,
];
