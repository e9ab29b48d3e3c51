import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { BACKUP_CRON, FSTAB, PG_UNIT, RULES, run, SHOP_UNIT, SITE, SSHD_CONFIG } from "./actions.js";

const DATA = "/var/lib/postgresql/14/main";
const LOG = "/var/log/shop/gunicorn.log";
const WORLD = "-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT\n";
const AFTER = "-A INPUT -s 10.0.0.0/16 -p tcp -m tcp --dport 22 -m comment --comment vpc -j ACCEPT\n";

export const fullIncidentResponse: ScenarioSource = {
  id: "full_incident_response",
  task_id: "host_incidents",
  title: "Everything at once: database down, disk full, an SSH attack, memory pressure",
  difficulty: "expert",
  description:
    "ChaosLab's full incident response: the database crashed and cannot restart (its data directory was made 0755), the app's error " +
    "log filled /var/log, SSH was opened to the world and 203.0.113.45 is guessing passwords, and a forgotten import script in alice's " +
    "session holds 6 GB. Four issues, each graded on the host's state: the database back with its data, room on /var/log without " +
    "losing the records, the attacker blocked with CI and alice still able to log in, and memory below the alert.",
  base: "web-01",
  faults: [
    { host: { run: "chmod 755 /var/lib/postgresql/14/main" } },
    { host: { crash: "postgresql.service", signal: 6 } },
    { host: { run: "systemctl start postgresql" } },
    { host: { grow: LOG, bytes: 8_800_000_000 } },
    { file: RULES, replace: AFTER, with: `${AFTER}${WORLD}` },
    { host: { run: "netfilter-persistent reload" } },
    { host: { client: { name: "attacker (password guessing)", from: "203.0.113.45", kind: "ssh", port: 22, user: "root", auth: "password", legit: false, password_ok: false } } },
    { host: { spawn: { user: "alice", command: "node /home/alice/scratch/import-orders.js --all", rss_kib: 6_000_000, cpu_pct: 12 } } },
  ],
  issues: [
    {
      id: "database-down",
      description: "PostgreSQL crashed and refuses its 0755 data directory.",
      hint: "`journalctl -u postgresql` says what it wants of the data directory.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: PG_UNIT },
        { code: "HOST030", file: SITE },
        { code: "HOST011", file: SHOP_UNIT },
        { code: "HOST021", file: BACKUP_CRON },
      ],
    },
    {
      id: "disk-full",
      description: "gunicorn's log filled /var/log.",
      hint: "`du -sh /var/log/* | sort -rh | head`.",
      stage: "runtime",
      detection: [{ code: "HOST013", file: FSTAB }],
    },
    {
      id: "ssh-attack",
      description: "A world ACCEPT for tcp/22 lets 203.0.113.45 guess passwords.",
      hint: "`lastb | head` and `iptables -S INPUT`.",
      stage: "traffic",
      detection: [
        { code: "HOST032", file: SSHD_CONFIG },
        { code: "HOST035", file: RULES },
      ],
    },
    {
      id: "memory-pressure",
      description: "A forgotten node import script holds 6 GB.",
      hint: "`ps aux --sort=-rss | head -5`.",
      stage: "runtime",
      detection: [{ code: "HOST014", file: "proc/meminfo" }],
    },
  ],
  solution: [
    run(`chmod 700 ${DATA}`),
    run("systemctl start postgresql"),
    run(`truncate -s 0 ${LOG}`),
    edit(RULES, WORLD, ""),
    run("netfilter-persistent reload"),
    run("pkill -f import-orders"),
  ],
  alternatives: [
    {
      description: "memory first, the attacker dropped at the top of the live chain and saved, the database in one line",
      actions: [run("pkill -u alice node"), run("iptables -I INPUT 1 -s 203.0.113.45 -j DROP && netfilter-persistent save"), run(`chmod 750 ${DATA} && systemctl restart postgresql`), run(`: > ${LOG}`)],
    },
    {
      description: "the same repairs, written another way",
      actions: [run(`chmod -R go-rwx ${DATA}`), run("service postgresql start"), run("killall node"), run(`truncate --size=0 ${LOG}`), edit(RULES, WORLD, ""), run("iptables-restore < /etc/iptables/rules.v4")],
    },
  ],
  wrong: [
    { description: "restart every service", because: { fires: "HOST010" }, actions: [run("systemctl restart postgresql shop nginx ssh cron redis-server netfilter-persistent")] },
    { description: "delete every log and flush the firewall", because: { violation: "host-data" }, actions: [run("rm -rf /var/log/*"), run("iptables -F")] },
    {
      description: "everything but the attacker, whose DROP is appended after the ACCEPT",
      because: { fires: "HOST032" },
      leaves_unfixed: ["ssh-attack"],
      actions: [run(`chmod 700 ${DATA}`), run("systemctl start postgresql"), run(`truncate -s 0 ${LOG}`), run("iptables -A INPUT -s 203.0.113.45 -j DROP && netfilter-persistent save"), run("pkill -f import-orders")],
    },
  ],
  evidence: { inspect: [{ command: "ps aux", shows: "import-orders" }] },
  optimal_steps: 6,
  max_steps: 18,
};
