import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { BACKUP_CRON, PG_UNIT, run, SHOP_UNIT, SITE } from "./actions.js";

const DATA = "/var/lib/postgresql/14/main";

export const processRecovery: ScenarioSource = {
  id: "process_recovery",
  task_id: "host_incidents",
  title: "PostgreSQL crashed and will not come back; the API answers 500",
  difficulty: "hard",
  description:
    "ChaosLab's process recovery, adapted so that a restart alone is not the fix: someone ran `chmod -R 755 /var/lib/postgresql` so a " +
    "monitoring agent could read the logs, then the postmaster crashed (SIGSEGV in an extension). PostgreSQL refuses to start on a data " +
    "directory that is not 0700 or 0750 (\"data directory ... has invalid permissions\"), so every start fails and the app's requests get " +
    "Connection refused. Graded on PostgreSQL running again with its data intact and the API answering.",
  base: "web-01",
  faults: [
    { host: { run: `chmod -R 755 /var/lib/postgresql` } },
    { host: { journal: [{ ident: "kernel", message: "postgres[295]: segfault at 7f3a1c2e8000 ip 00007f3a1b9d4c21 sp 00007ffd3b1e6a40 error 4 in pg_stat_kcache.so[7f3a1b9d0000+7000]", priority: "err" }] } },
    { host: { crash: "postgresql.service", signal: 11 } },
    { host: { run: "systemctl start postgresql" } },
    { host: { wait: 1500 } },
  ],
  issues: [
    {
      id: "postgres-down",
      description: "PostgreSQL crashed and cannot restart: its data directory is 0755, and the server only runs on a 0700 or 0750 directory.",
      hint: "`systemctl status postgresql` and `journalctl -u postgresql` say why every start fails. Compare the data directory's mode with what the message asks for.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: PG_UNIT },
        { code: "HOST030", file: SITE },
        { code: "HOST011", file: SHOP_UNIT },
        { code: "HOST021", file: BACKUP_CRON },
      ],
    },
  ],
  solution: [run(`chmod 700 ${DATA}`), run("systemctl start postgresql")],
  alternatives: [
    { description: "group-readable as PostgreSQL allows, then a restart", actions: [run(`chmod 750 ${DATA}`), run("systemctl restart postgresql")] },
    { description: "take group and other rights off the whole tree in one line", actions: [run(`chmod -R go-rwx ${DATA} && systemctl start postgresql`)] },
    { description: "symbolic mode and the SysV wrapper", actions: [run(`chmod u=rwx,go= ${DATA}`), run("service postgresql start")] },
  ],
  wrong: [
    { description: "restart it again: the data directory is still 0755", because: { fires: "HOST010" }, actions: [run("systemctl restart postgresql")] },
    { description: "wipe the data directory and start over", because: { violation: "host-data" }, actions: [run(`rm -rf ${DATA}`), run("systemctl start postgresql")] },
    { description: "open the data directory to everyone", because: { fires: "HOST010" }, actions: [run(`chmod 777 ${DATA}`), run("systemctl start postgresql")] },
    { description: "point the app somewhere else: there is no other database", because: { fires: "HOST010" }, actions: [edit("etc/shop/shop.env", "@127.0.0.1:5432/", "@db-replica.internal:5432/"), run("systemctl restart shop")] },
  ],
  optimal_steps: 2,
  max_steps: 12,
};
