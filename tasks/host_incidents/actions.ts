/** Shorthands for the host scenarios' fixes: a host command, and the paths the scenarios touch. */
import type { Action } from "../../contracts/actions.js";

export const run = (command: string): Action => ({ action_type: "host", command });

export const SITE = "etc/nginx/sites-enabled/shop";
export const SHOP_UNIT = "etc/systemd/system/shop.service";
export const SHOP_ENV = "etc/shop/shop.env";
export const PG_CONF = "etc/postgresql/14/main/postgresql.conf";
export const PG_HBA = "etc/postgresql/14/main/pg_hba.conf";
export const PG_UNIT = "etc/systemd/system/postgresql.service";
export const NGINX_UNIT = "lib/systemd/system/nginx.service";
export const SSH_UNIT = "lib/systemd/system/ssh.service";
export const SSHD_CONFIG = "etc/ssh/sshd_config";
export const RULES = "etc/iptables/rules.v4";
export const FSTAB = "etc/fstab";
export const RESOLV = "etc/resolv.conf";
export const BACKUP_CRON = "etc/cron.d/db-backup";

/** The 1-based line of the first line of `text` containing `needle` (for replace_line fixes). */
export function lineOf(text: string, needle: string): number {
  const at = text.split("\n").findIndex((l) => l.includes(needle));
  if (at < 0) throw new Error(`'${needle}' is not in the text`);
  return at + 1;
}
