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
