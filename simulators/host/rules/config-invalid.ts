/**
 * HOST001-HOST006: a daemon's configuration on disk fails its own test (nginx -t, sshd -t, postgres's
 * reading of postgresql.conf and pg_hba.conf, iptables-restore of rules.v4, logrotate's ownership and mode
 * checks, systemd's reading of a unit file). A daemon may still run on the configuration it read before, but
 * the next start, reload or reboot fails on this one.
 */
import type { RuleContext } from "../../engine/rule.js";
import type { ConfigTestEvent } from "../events.js";
import { hostRule } from "../events.js";
import { hostCase, RULES, SHOP_UNIT, SITE, SSHD_CONFIG } from "./cases.js";

type Daemon = ConfigTestEvent["daemon"];

function configRule<const C extends string>(code: C, daemon: Daemon, name: string, summary: string, tool: string) {
  return {
    code,
    name,
    summary,
    stage: "parse" as const,
    severity: "error" as const,
    phase: "config",
    on: {
      "config-test"(e: ConfigTestEvent, ctx: RuleContext) {
        if (e.daemon !== daemon || !e.problem) return;
        ctx.report({ file: e.problem.file, line: e.problem.line }, e.problem.message, { log: [`$ ${tool}`, ...e.output].join("\n") });
      },
    },
  };
}

export const nginxConfigInvalid = hostRule({
  ...configRule("HOST001", "nginx", "nginx-config-invalid", "nginx's configuration on disk must pass nginx -t", "sudo nginx -t"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "a missing semicolon after listen", files: hostCase([{ file: SITE, replace: "    listen 80;", with: "    listen 80" }]), file: SITE, line: 7, message: 'invalid parameter "listen"' },
      { name: "a stray closing brace", files: hostCase([{ file: SITE, replace: "}\n\nserver {", with: "}\n}\n\nserver {" }]), file: SITE, line: 4, message: 'unexpected "}"' },
      { name: "a port number written over the file", files: hostCase([{ file: SITE, content: "8080\n" }]), file: SITE, line: 2, message: 'unexpected end of file, expecting ";" or "}"' },
    ],
  },
});

export const sshdConfigInvalid = hostRule({
  ...configRule("HOST002", "sshd", "sshd-config-invalid", "sshd's configuration and host keys on disk must pass sshd -t", "sudo sshd -t"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "a misspelt keyword", files: hostCase([{ file: SSHD_CONFIG, replace: "MaxAuthTries 6", with: "MaxAuthTrys 6" }]), file: SSHD_CONFIG, line: 12, message: "Bad configuration option: MaxAuthTrys" },
      { name: "a yes/no keyword with another value", files: hostCase([{ file: SSHD_CONFIG, replace: "X11Forwarding yes", with: "X11Forwarding nope" }]), file: SSHD_CONFIG, message: 'unsupported option "nope"' },
    ],
  },
});

const PG_CONF = "etc/postgresql/14/main/postgresql.conf";
const PG_HBA = "etc/postgresql/14/main/pg_hba.conf";

export const postgresConfigInvalid = hostRule({
  ...configRule("HOST003", "postgres", "postgres-config-invalid", "postgresql.conf and pg_hba.conf must read cleanly, or PostgreSQL will not start", "sudo -u postgres /usr/lib/postgresql/14/bin/postgres -C config_file -D /var/lib/postgresql/14/main -c config_file=/etc/postgresql/14/main/postgresql.conf"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "a port out of range", files: hostCase([{ file: PG_CONF, replace: "port = 5432", with: "port = 70000" }]), file: PG_CONF, line: 8, message: "70000 is outside the valid range" },
      { name: "a misspelt connection type", files: hostCase([{ file: PG_HBA, replace: "host    all             all             127.0.0.1/32", with: "hots    all             all             127.0.0.1/32" }]), file: PG_HBA, message: 'invalid connection type "hots"' },
    ],
  },
});

export const firewallRulesInvalid = hostRule({
  ...configRule("HOST004", "firewall", "firewall-rules-invalid", "/etc/iptables/rules.v4 must load with iptables-restore (it is what the firewall boots with)", "sudo iptables-restore --test < /etc/iptables/rules.v4"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "a misspelt target", files: hostCase([{ file: RULES, replace: "-A INPUT -p icmp -j ACCEPT", with: "-A INPUT -p icmp -j ACEPT" }]), file: RULES, line: 8, message: "Couldn't load target `ACEPT'" }],
  },
});

const LOGROTATE = "etc/logrotate.d/shop";

export const logrotateIgnored = hostRule({
  ...configRule("HOST005", "logrotate", "logrotate-config-ignored", "logrotate ignores a configuration file that is group- or world-writable, executable, or not root's", "sudo logrotate --debug /etc/logrotate.conf"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "mode 0664", files: hostCase([{ host: { run: "chmod 664 /etc/logrotate.d/shop" } }]), file: LOGROTATE, line: 1, message: "Ignoring shop because of bad file mode" }],
  },
});

export const unitFileInvalid = hostRule({
  ...configRule("HOST006", "unit", "unit-file-invalid", "a service's unit file must have an ExecStart= (systemd refuses it otherwise)", "sudo systemd-analyze verify"),
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "ExecStart misspelt", files: hostCase([{ file: SHOP_UNIT, replace: "ExecStart=/opt", with: "ExecStrat=/opt" }]), file: SHOP_UNIT, message: "Service has no ExecStart=" }],
  },
});
