/**
 * The hosts the host rules' cases run on: the reference host, changed the way a scenario changes it (file
 * edits, modes, removals and host faults, in order), as repository files the rule tester simulates.
 */
import { referenceHost } from "../reference.js";
import type { ReferenceOptions } from "../reference.js";
import type { HostFault } from "../faults.js";
import { applyHostFault } from "../faults.js";
import type { HostFiles } from "../boot.js";

export type CaseStep =
  | { file: string; replace: string; with: string }
  | { file: string; content: string; mode?: number }
  | { file: string; remove: true }
  | { host: HostFault };

/** The reference host after `steps`. */
export function hostCase(steps: readonly CaseStep[] = [], options: ReferenceOptions = {}): HostFiles {
  let files = referenceHost(options);
  for (const step of steps) {
    if ("host" in step) files = applyHostFault(files, step.host, "rule case");
    else if ("remove" in step) {
      files = { ...files };
      delete files[step.file];
    } else if ("replace" in step) {
      const current = files[step.file];
      if (!current || !current.content.includes(step.replace)) throw new Error(`rule case: '${step.replace}' is not in ${step.file}`);
      files = { ...files, [step.file]: { ...current, content: current.content.replace(step.replace, step.with) } };
    } else files = { ...files, [step.file]: { content: step.content, mode: step.mode ?? files[step.file]?.mode ?? 0o644 } };
  }
  return files;
}

export const SITE = "etc/nginx/sites-enabled/shop";
export const SHOP_UNIT = "etc/systemd/system/shop.service";
export const PG_UNIT = "etc/systemd/system/postgresql.service";
export const NGINX_UNIT = "lib/systemd/system/nginx.service";
export const SSHD_CONFIG = "etc/ssh/sshd_config";
export const RULES = "etc/iptables/rules.v4";
