import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { BACKUP_CRON, PG_UNIT, run, SHOP_UNIT, SITE } from "./actions.js";

const CRON = "etc/cron.d/export-catalog";
const EXPORT = { user: "shop", command: "/opt/shop/venv/bin/python /opt/shop/bin/export-catalog", rss_kib: 1_250_000, cpu_pct: 3.2, unit: "cron.service" } as const;

export const memoryLeak: ScenarioSource = {
  id: "memory_leak",
  task_id: "host_incidents",
  title: "The server is out of memory and PostgreSQL was OOM-killed",
  difficulty: "hard",
  description:
    "ChaosLab's memory leak, as it happens on a real host: the catalogue export (about 45 minutes and 1.2 GB per run) was rescheduled from " +
    "hourly to every 10 minutes, nothing stops a second run while the first is still going, and five runs have piled up. The OOM killer " +
    "chose PostgreSQL. cron's unit has KillMode=process, so restarting cron leaves its jobs running; restarting PostgreSQL fails while " +
    "the memory is gone. Three issues: the memory, the database, and the schedule that will pile the runs up again.",
  base: "web-01",
  faults: [
    { file: CRON, replace: "5 * * * * shop", with: "*/10 * * * * shop" },
    { host: { spawn: { ...EXPORT, count: 5 } } },
    { host: { crash: "postgresql.service", oom: true } },
    { host: { wait: 600 } },
  ],
  issues: [
    {
      id: "memory-exhausted",
      description: "Five overlapping export runs hold 6.2 GB of the host's 7.8 GB.",
      hint: "`ps aux --sort=-rss | head` shows what holds the memory, and `pstree`-like parents in `ps -ef` show who started it.",
      stage: "runtime",
      detection: [{ code: "HOST014", file: "proc/meminfo" }],
    },
    {
      id: "postgres-oom-killed",
      description: "The OOM killer ended PostgreSQL; it cannot start again until memory is free.",
      hint: "`journalctl -k` and `journalctl -u postgresql` tell what happened to the database.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: PG_UNIT },
        { code: "HOST030", file: SITE },
        { code: "HOST011", file: SHOP_UNIT },
        { code: "HOST021", file: BACKUP_CRON },
      ],
    },
    {
      id: "export-overlaps",
      description: "The export runs every 10 minutes, takes 45, and has no lock: the runs pile up again.",
      hint: "/var/log/shop/export.log says how long one run takes; compare it with the schedule in /etc/cron.d/export-catalog.",
      stage: "runtime",
      detection: [{ code: "HOST022", file: CRON }],
    },
  ],
  solution: [run("pkill -f export-catalog"), run("systemctl start postgresql"), edit(CRON, "*/10 * * * * shop", "5 * * * * shop")],
  alternatives: [
    { description: "kill the shop user's python processes; keep the schedule but take a lock", actions: [run("killall -u shop python"), run("systemctl restart postgresql"), edit(CRON, "shop /opt/shop/bin/export-catalog", "shop flock -n /run/lock/export-catalog.lock /opt/shop/bin/export-catalog")] },
    { description: "SIGKILL them, start the database and go back to hourly, in two lines", actions: [run("pkill -9 -u shop -f export-catalog && systemctl start postgresql"), edit(CRON, "*/10 * * * *", "5 * * * *")] },
  ],
  wrong: [
    { description: "restart cron: its KillMode=process leaves the jobs running", because: { fires: "HOST014" }, actions: [run("systemctl restart cron"), run("systemctl start postgresql")] },
    { description: "free the memory but keep the schedule", because: { fires: "HOST022" }, leaves_unfixed: ["export-overlaps"], actions: [run("pkill -f export-catalog"), run("systemctl start postgresql")] },
    { description: "start PostgreSQL while the memory is still gone", because: { fires: "HOST014" }, actions: [run("systemctl start postgresql")] },
    { description: "delete the export job", because: { violation: "host-services" }, actions: [run("pkill -f export-catalog"), run("systemctl start postgresql"), run(`rm /${CRON}`)] },
  ],
  optimal_steps: 3,
  max_steps: 14,
};
