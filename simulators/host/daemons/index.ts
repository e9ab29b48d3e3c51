/** The daemons the hosts run, found by the program a unit starts. */
import { GUNICORN } from "./gunicorn.js";
import { NGINX } from "./nginx.js";
import { CRON, NETFILTER } from "./others.js";
import { POSTGRES } from "./postgres.js";
import { REDIS } from "./redis.js";
import { SSHD } from "./sshd.js";
import type { Daemon } from "./types.js";

export const DAEMONS: readonly Daemon[] = [NGINX, POSTGRES, SSHD, GUNICORN, REDIS, CRON, NETFILTER];

/** A program no daemon module knows runs as a plain process that starts and keeps running. */
export const GENERIC: Daemon = {
  kind: "process",
  runs: () => true,
  start: ({ argv, user }) => ({ ok: true, loaded: {}, said: [], main: { user, command: argv.join(" "), rss_kib: 12_000 } }),
};

export function daemonFor(program: string): Daemon {
  return DAEMONS.find((d) => d.runs(program)) ?? GENERIC;
}
