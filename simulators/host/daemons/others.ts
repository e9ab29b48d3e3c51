/**
 * The small daemons: cron (it reads the crontabs itself every minute, so starting it always works) and
 * netfilter-persistent (a oneshot that loads /etc/iptables/rules.v4 into the kernel, and fails as
 * iptables-restore fails when the file does not read).
 */
import { readRuleset, writeRuleset } from "../netfilter/ruleset.js";
import type { Daemon } from "./types.js";

export const RULES_V4 = "etc/iptables/rules.v4";

export const CRON: Daemon = {
  kind: "cron",
  runs: (program) => program.endsWith("/cron") || program.endsWith("/crond"),
  start: ({ user }) => ({ ok: true, loaded: {}, said: [{ ident: "cron", message: "(CRON) INFO (pidfile fd = 3)" }, { ident: "cron", message: "(CRON) INFO (Running @reboot jobs)" }], main: { user, command: "/usr/sbin/cron -f -P", rss_kib: 2_800 } }),
};

/** What loading rules.v4 does: the ruleset to make live, or iptables-restore's complaint. */
export function restoreRules(content: string | undefined): { ok: true; text: string } | { ok: false; lines: string[] } {
  if (content === undefined) return { ok: false, lines: [`Can't open ${"/" + RULES_V4}: No such file or directory`] };
  const read = readRuleset(content);
  if (!read.ok) return { ok: false, lines: read.message.split("\n") };
  return { ok: true, text: writeRuleset(read.ruleset) };
}

export const NETFILTER: Daemon = {
  kind: "netfilter-persistent",
  runs: (program) => program.endsWith("/netfilter-persistent"),
  start({ fs }) {
    const restored = restoreRules(fs.content(RULES_V4));
    if (!restored.ok) {
      return {
        ok: false,
        configTest: true,
        status: "1/FAILURE",
        said: [...restored.lines.map((m) => ({ ident: "netfilter-persistent", message: m, priority: "err" as const })), { ident: "netfilter-persistent", message: "run-parts: /usr/share/netfilter-persistent/plugins.d/15-ip4tables exited with return code 1", priority: "err" }],
      };
    }
    return { ok: true, loaded: { [RULES_V4]: fs.content(RULES_V4)! }, said: [{ ident: "netfilter-persistent", message: "Loading netfilter rules..." }, { ident: "netfilter-persistent", message: "run-parts: executing /usr/share/netfilter-persistent/plugins.d/15-ip4tables start" }], netfilter: restored.text };
  },
};
