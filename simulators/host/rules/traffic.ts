/**
 * HOST030-HOST035: what the host's users and its attackers see. Customers must get the site; the people
 * who log in must get in; an attacker guessing passwords must be kept from sshd; ports meant to stay closed
 * must stay closed; root must not be able to log in with a password; and the firewall a reboot loads
 * (/etc/iptables/rules.v4) must treat them all as the live one does.
 */
import { hostRule } from "../events.js";
import { hostCase, RULES, SSHD_CONFIG } from "./cases.js";

const ATTACKER = { name: "attacker (password guessing)", from: "203.0.113.45", kind: "ssh" as const, port: 22, user: "root", auth: "password" as const, legit: false, password_ok: false };

export const siteUnavailable = hostRule({
  code: "HOST030",
  name: "site-unavailable",
  summary: "the site must answer its customers with a success",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "http-probe"(e, ctx) {
      // A health check answered by nginx itself (`return 200`) says nothing of the app it is meant to check.
      if (e.legit && e.status !== null && e.status < 400 && e.checks !== null && e.answeredBy !== e.checks) {
        ctx.report({ line: 1 }, `${e.url} answers HTTP ${e.status} to ${e.client} without reaching ${e.checks}: nginx answers the app's health check by itself`, { log: [`$ curl -sS -o /dev/null -w '%{http_code}\\n' ${e.url}`, String(e.status), `$ tail /var/log/shop/gunicorn.log   # no request reached ${e.checks}`].join("\n") });
        return;
      }
      if (!e.legit || (e.status !== null && e.status < 400)) return;
      const what = e.status === null ? e.curlError ?? "no answer" : `HTTP ${e.status}`;
      ctx.report({ line: 1 }, `${e.url} answers ${what} to ${e.client}`, { log: [`$ curl -sS -o /dev/null -w '%{http_code}\\n' ${e.url}`, e.status === null ? e.curlError ?? "" : String(e.status), ...(e.log.length > 0 ? ["$ tail /var/log/nginx/error.log /var/log/shop/gunicorn.log", ...e.log] : [])].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "the app stopped", files: hostCase([{ host: { run: "systemctl stop shop" } }]), file: "etc/nginx/sites-enabled/shop", line: 1, message: "answers HTTP 502" },
      { name: "the app's health check answered by nginx itself", files: hostCase([{ file: "etc/nginx/sites-enabled/shop", replace: "proxy_pass http://shop_app;", with: "return 200;" }, { host: { run: "systemctl reload nginx" } }]), file: "etc/nginx/sites-enabled/shop", line: 1, message: "without reaching shop.service" },
      { name: "the web root unreadable", files: hostCase([{ host: { run: "chmod 700 /var/www/shop" } }]), file: "etc/nginx/sites-enabled/shop", message: "http://shop.example.com/ answers HTTP 403" },
    ],
  },
});

export const sshAccessLost = hostRule({
  code: "HOST031",
  name: "ssh-access-lost",
  summary: "the people and machines that log in over SSH must still get in",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "ssh-probe"(e, ctx) {
      if (!e.legit || e.loggedIn) return;
      ctx.report({ line: 1 }, `${e.client} (${e.user} from ${e.from}) cannot log in: ${e.lines[0]}`, { log: [`$ ssh ${e.user}@host   # from ${e.from}`, ...e.lines].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "authorized_keys made group-writable (StrictModes)", files: hostCase([{ host: { run: "chmod 664 /home/deploy/.ssh/authorized_keys" } }]), file: SSHD_CONFIG, message: "bad ownership or modes for file /home/deploy/.ssh/authorized_keys" },
      { name: "sshd stopped", files: hostCase([{ host: { run: "systemctl stop ssh" } }]), file: SSHD_CONFIG, message: "Connection refused" },
    ],
  },
});

export const attackerNotBlocked = hostRule({
  code: "HOST032",
  name: "attacker-not-blocked",
  summary: "an address guessing SSH passwords must be kept from reaching sshd",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "ssh-probe"(e, ctx) {
      if (e.legit || !e.reached) return;
      ctx.report({ line: 1 }, `${e.from} still reaches sshd and keeps trying ${e.user}'s password`, { log: [`$ grep 'Failed password' /var/log/auth.log | tail -3`, ...e.lines.map((l) => `sshd[4711]: ${l}`)].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase([{ host: { client: ATTACKER } }]) }],
    invalid: [{ name: "SSH opened to everyone", files: hostCase([{ host: { client: ATTACKER } }, { host: { run: "iptables -I INPUT 4 -p tcp --dport 22 -j ACCEPT" } }, { host: { run: "iptables-save > /etc/iptables/rules.v4" } }]), file: SSHD_CONFIG, line: 1, message: "203.0.113.45 still reaches sshd" }],
  },
});

export const portExposed = hostRule({
  code: "HOST033",
  name: "port-exposed",
  summary: "a port only the private network may use must stay closed to the internet",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "tcp-probe"(e, ctx) {
      if (e.legit || !e.reached) return;
      ctx.report({ line: 1 }, `port ${e.port} answers ${e.from} from the internet (${e.client})`);
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "the firewall opened up", files: hostCase([{ host: { run: "iptables -P INPUT ACCEPT" } }, { host: { run: "iptables -F" } }, { host: { run: "netfilter-persistent save" } }]), file: RULES, line: 1, message: "port 6379 answers 203.0.113.99" }],
  },
});

export const rootPasswordLogin = hostRule({
  code: "HOST034",
  name: "root-password-login",
  summary: "sshd must not let root log in with a password",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "ssh-hardening"(e, ctx) {
      if (e.rootPassword) ctx.report({ line: e.line }, "sshd lets root log in with a password (PermitRootLogin yes and PasswordAuthentication yes)");
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      {
        name: "both switched on and reloaded",
        files: hostCase([
          { file: SSHD_CONFIG, replace: "PermitRootLogin prohibit-password", with: "PermitRootLogin yes" },
          { file: "etc/ssh/sshd_config.d/60-cloudimg-settings.conf", content: "PasswordAuthentication yes\n" },
          { host: { run: "systemctl reload ssh" } },
        ]),
        file: SSHD_CONFIG,
        line: 10,
        message: "PermitRootLogin yes",
      },
    ],
  },
});

export const firewallNotPersisted = hostRule({
  code: "HOST035",
  name: "firewall-not-persisted",
  summary: "/etc/iptables/rules.v4, loaded at boot, must let in and keep out what the live firewall does",
  stage: "traffic",
  severity: "error",
  phase: "traffic",
  on: {
    "firewall-persistence"(e, ctx) {
      if (e.differs.length === 0) return;
      ctx.report({ line: 1 }, `a reboot would change the firewall: ${e.differs[0]}`, { log: ["$ diff <(sudo iptables-save) /etc/iptables/rules.v4", ...e.differs].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "a live-only change", files: hostCase([{ host: { run: "iptables -D INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT" } }]), file: RULES, line: 1, message: "a reboot would change the firewall" }],
  },
});
