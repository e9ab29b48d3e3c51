import { edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { RULES, run, SSHD_CONFIG } from "./actions.js";

const WORLD = "-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT\n";
const AFTER = '-A INPUT -s 10.0.0.0/16 -p tcp -m tcp --dport 22 -m comment --comment vpc -j ACCEPT\n';
const CLOUD = "etc/ssh/sshd_config.d/60-cloudimg-settings.conf";
const ATTACKER = "203.0.113.45";

const attempts = Array.from({ length: 12 }, (_, i) => {
  const port = 50210 + i * 7;
  const t = `09:${String(28 + i).padStart(2, "0")}:${String((i * 13) % 60).padStart(2, "0")}`;
  return `Mar 14 ${t} web-01 sshd[${40100 + i}]: Failed password for root from ${ATTACKER} port ${port} ssh2\n` + (i % 4 === 3 ? `Mar 14 ${t} web-01 sshd[${40100 + i}]: Invalid user admin from ${ATTACKER} port ${port + 1}\n` : "");
}).join("");

export const securityIncident: ScenarioSource = {
  id: "security_incident",
  task_id: "host_incidents",
  title: "auth.log is full of failed root logins from one address",
  difficulty: "hard",
  description:
    "ChaosLab's security incident, as the change that made it possible: a 'temporary' rule opened SSH to the whole internet, and root " +
    "password logins were switched on for a contractor (PermitRootLogin yes, PasswordAuthentication yes). 203.0.113.45 is guessing root's " +
    "password. Handled only when the attacker can no longer reach sshd, root cannot log in with a password, and deploy (CI) and alice " +
    "(office) still get in with their keys, on the live host and after a reboot. sshd uses the first value of a keyword: a " +
    "`PermitRootLogin no` appended below the `yes` changes nothing.",
  base: "web-01",
  faults: [
    { file: RULES, replace: AFTER, with: `${AFTER}${WORLD}` },
    { file: SSHD_CONFIG, replace: "PermitRootLogin prohibit-password", with: "PermitRootLogin yes" },
    { file: CLOUD, content: "PasswordAuthentication yes\n" },
    { host: { run: "netfilter-persistent reload && systemctl reload ssh" } },
    { host: { client: { name: "attacker (password guessing)", from: ATTACKER, kind: "ssh", port: 22, user: "root", auth: "password", legit: false, password_ok: false } } },
    { file: "var/log/auth.log", replace: "Mar 14 09:05:43", with: `${attempts}Mar 14 09:05:43` },
  ],
  issues: [
    {
      id: "attacker-reaches-sshd",
      description: "SSH is open to every address (a world ACCEPT for tcp/22), so 203.0.113.45 keeps guessing passwords.",
      hint: "`lastb` and auth.log name the address. What in `iptables -S INPUT` lets it reach port 22 at all?",
      stage: "traffic",
      detection: [
        { code: "HOST032", file: SSHD_CONFIG },
        { code: "HOST035", file: RULES },
      ],
    },
    {
      id: "root-password-login",
      description: "PermitRootLogin yes with PasswordAuthentication yes: root can log in with a guessed password.",
      hint: "`sshd -T | grep -i -e permitrootlogin -e passwordauthentication` shows what sshd uses; the first value of a keyword wins.",
      stage: "traffic",
      detection: [{ code: "HOST034", file: SSHD_CONFIG }],
    },
  ],
  solution: [
    edit(RULES, WORLD, ""),
    run("netfilter-persistent reload"),
    edit(SSHD_CONFIG, "PermitRootLogin yes", "PermitRootLogin prohibit-password"),
    run("systemctl reload ssh"),
  ],
  alternatives: [
    {
      description: "drop the attacker first in the live chain and save it; switch password logins off again",
      actions: [run(`iptables -I INPUT 1 -s ${ATTACKER} -j DROP && netfilter-persistent save`), edit(CLOUD, "PasswordAuthentication yes", "PasswordAuthentication no"), run("systemctl reload sshd")],
    },
    {
      description: "remove the world rule and forbid root logins, reloading both in one line",
      actions: [edit(RULES, WORLD, ""), edit(SSHD_CONFIG, "PermitRootLogin yes", "PermitRootLogin no"), run("netfilter-persistent reload && systemctl reload ssh")],
    },
    {
      description: "block the attacker's whole /24 at the top of rules.v4 and both sshd settings in one edit",
      actions: [
        edit(RULES, "-A INPUT -i lo -j ACCEPT\n", `-A INPUT -s 203.0.113.0/24 -j DROP\n-A INPUT -i lo -j ACCEPT\n`),
        run("iptables-restore < /etc/iptables/rules.v4"),
        edits([SSHD_CONFIG, "PermitRootLogin yes", "PermitRootLogin prohibit-password"], [CLOUD, "PasswordAuthentication yes", "PasswordAuthentication no"]),
        run("systemctl reload ssh"),
      ],
    },
  ],
  wrong: [
    {
      description: "append a DROP for the attacker: it comes after the ACCEPT and never matches",
      because: { fires: "HOST032" },
      leaves_unfixed: ["attacker-reaches-sshd"],
      actions: [run(`iptables -A INPUT -s ${ATTACKER} -j DROP && netfilter-persistent save`), edit(SSHD_CONFIG, "PermitRootLogin yes", "PermitRootLogin prohibit-password"), run("systemctl reload ssh")],
    },
    {
      description: "close port 22 to everyone: CI and alice are locked out too",
      because: { fires: "HOST031" },
      actions: [run("iptables -I INPUT 1 -p tcp --dport 22 -j DROP && netfilter-persistent save"), edit(SSHD_CONFIG, "PermitRootLogin yes", "PermitRootLogin no"), run("systemctl reload ssh")],
    },
    {
      description: "append `PermitRootLogin no` at the end: sshd keeps the first value, yes",
      because: { fires: "HOST034" },
      leaves_unfixed: ["root-password-login"],
      actions: [edit(RULES, WORLD, ""), run("netfilter-persistent reload"), edit(SSHD_CONFIG, "Subsystem\tsftp\t/usr/lib/openssh/sftp-server\n", "Subsystem\tsftp\t/usr/lib/openssh/sftp-server\nPermitRootLogin no\n"), run("systemctl reload ssh")],
    },
    { description: "stop sshd", because: { fires: "HOST031" }, actions: [run("systemctl stop ssh")] },
    { description: "delete the evidence", because: { violation: "host-data" }, actions: [run("rm /var/log/auth.log")] },
  ],
  optimal_steps: 4,
  max_steps: 14,
};
