import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { BACKUP_CRON, FSTAB, PG_CONF, PG_UNIT, run, SHOP_UNIT, SITE } from "./actions.js";

const LOG = "/var/log/shop/gunicorn.log";

export const cascadingDbFailure: ScenarioSource = {
  id: "cascading_db_failure",
  task_id: "host_incidents",
  title: "Database down, 502s, log flood, full disk, app down",
  difficulty: "expert",
  description:
    "ChaosLab's cascade, with real causes at each link: a tuning change set shared_buffers = 12GB on a 7.8 GB host, and PostgreSQL's " +
    "restart failed (\"could not map anonymous shared memory: Cannot allocate memory\"). The app kept running and logged a traceback " +
    "for every request until gunicorn's log filled /var/log; then a deploy restarted the app, whose migrations need the database, so " +
    "it failed too and nginx answers 502. Three issues, fixed in the order the cascade allows: the database's configuration, the disk, " +
    "the app.",
  base: "web-01",
  faults: [
    { file: PG_CONF, replace: "shared_buffers = 512MB", with: "shared_buffers = 12GB" },
    { host: { run: "systemctl restart postgresql" } },
    { host: { grow: LOG, bytes: 8_800_000_000 } },
    { host: { run: "systemctl restart shop" } },
  ],
  issues: [
    {
      id: "database-config",
      description: "shared_buffers = 12GB is more memory than the host has; PostgreSQL cannot map it and does not start.",
      hint: "`journalctl -u postgresql` quotes the failing request size; compare shared_buffers with `free -m`.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: PG_UNIT },
        { code: "HOST021", file: BACKUP_CRON },
      ],
    },
    {
      id: "disk-full",
      description: "gunicorn's log filled /var/log with the database errors.",
      hint: "`du -sh /var/log/*`; the app holds its log open.",
      stage: "runtime",
      detection: [{ code: "HOST013", file: FSTAB }],
    },
    {
      id: "app-down",
      description: "The app's restart failed on its migrations while the database was down; nginx answers 502.",
      hint: "Once the database answers, the app can start again.",
      stage: "traffic",
      detection: [
        { code: "HOST010", file: SHOP_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [edit(PG_CONF, "shared_buffers = 12GB", "shared_buffers = 512MB"), run("systemctl start postgresql"), run(`truncate -s 0 ${LOG}`), run("systemctl restart shop")],
  alternatives: [
    { description: "a quarter of the RAM, the usual starting point, and the app restarted with its log emptied in one line", actions: [edit(PG_CONF, "shared_buffers = 12GB", "shared_buffers = 2GB"), run("systemctl restart postgresql"), run(`: > ${LOG} && systemctl restart shop`)] },
    { description: "delete the log and restart the app, which lets go of it", actions: [edit(PG_CONF, "12GB", "512MB"), run("systemctl start postgresql"), run(`rm ${LOG}`), run("systemctl restart shop")] },
  ],
  wrong: [
    { description: "restart everything without touching the configuration", because: { fires: "HOST010" }, actions: [run("systemctl restart postgresql shop nginx")] },
    { description: "wipe the database so it starts fresh", because: { violation: "host-data" }, actions: [run("rm -rf /var/lib/postgresql/14/main"), run("systemctl start postgresql")] },
    { description: "delete every log", because: { violation: "host-data" }, actions: [run("rm -rf /var/log/*"), edit(PG_CONF, "12GB", "512MB"), run("systemctl start postgresql"), run("systemctl restart shop")] },
    { description: "fix the database and the disk but leave the app down", because: { fires: "HOST010" }, leaves_unfixed: ["app-down"], actions: [edit(PG_CONF, "12GB", "512MB"), run("systemctl start postgresql"), run(`truncate -s 0 ${LOG}`)] },
  ],
  // 512MB is one sound size among several (an alternative takes a quarter of the RAM).
  evidence: { inspect: [], choices: ["512MB"] },
  optimal_steps: 4,
  max_steps: 16,
};
