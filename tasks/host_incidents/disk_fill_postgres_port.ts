import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { BACKUP_CRON, FSTAB, PG_CONF, run, SHOP_ENV, SHOP_UNIT, SITE } from "./actions.js";

const DUMP = "var/tmp/shop-full-2026-03-13.sql";

export const diskFillPostgresPort: ScenarioSource = {
  id: "disk_fill_postgres_port",
  task_id: "host_incidents",
  title: "The root filesystem is nearly full, and the API cannot reach its database",
  difficulty: "hard",
  description:
    "SRE Sandbox's hard scenario (a disk filled, PostgreSQL's port changed), at a real size: a manual, uncompressed dump of the shop " +
    "database was left in /var/tmp and pushed / over 90%, and postgresql.conf's port was changed to 5433 and PostgreSQL restarted. The " +
    "app, the backups and psql all expect 5432. A port change needs a restart (a reload logs \"parameter \\\"port\\\" cannot be changed " +
    "without restarting the server\"); moving the app to 5433 leaves the backups broken.",
  base: "web-01",
  faults: [
    { file: DUMP, content: "--\n-- PostgreSQL database dump\n--\n-- Dumped from database version 14.11\nSET statement_timeout = 0;\n" },
    { host: { grow: `/${DUMP}`, bytes: 28_000_000_000 } },
    { file: PG_CONF, replace: "port = 5432", with: "port = 5433" },
    { host: { run: "systemctl restart postgresql" } },
  ],
  issues: [
    {
      id: "root-filesystem-full",
      description: "A 28 GB dump in /var/tmp pushed / over its 90% threshold.",
      hint: "`df -h /` and `du -sh /var/* | sort -rh | head`.",
      stage: "runtime",
      detection: [{ code: "HOST013", file: FSTAB }],
    },
    {
      id: "postgres-port",
      description: "PostgreSQL listens on 5433; the app, the backups and psql use 5432.",
      hint: "`ss -tlnp | grep postgres` against the port in DATABASE_URL.",
      stage: "traffic",
      detection: [
        { code: "HOST030", file: SITE },
        { code: "HOST011", file: SHOP_UNIT },
        { code: "HOST021", file: BACKUP_CRON },
      ],
    },
  ],
  solution: [run(`rm /${DUMP}`), edit(PG_CONF, "port = 5433", "port = 5432"), run("systemctl restart postgresql")],
  alternatives: [
    { description: "empty the dump instead, and the port fixed and applied in two steps", actions: [run(`truncate -s 0 /${DUMP}`), edit(PG_CONF, "5433", "5432"), run("systemctl restart postgresql.service")] },
    { description: "the port first, then the dump", actions: [edit(PG_CONF, "port = 5433", "port = 5432"), run("systemctl restart postgresql && rm -f /var/tmp/shop-full-2026-03-13.sql")] },
  ],
  wrong: [
    { description: "reload PostgreSQL: the port only changes at a restart", because: { fires: "HOST030" }, leaves_unfixed: ["postgres-port"], actions: [run(`rm /${DUMP}`), edit(PG_CONF, "port = 5433", "port = 5432"), run("systemctl reload postgresql")] },
    { description: "move the app to 5433: the backups still use 5432", because: { fires: "HOST021" }, leaves_unfixed: ["postgres-port"], actions: [run(`rm /${DUMP}`), edit(SHOP_ENV, "@127.0.0.1:5432/", "@127.0.0.1:5433/"), run("systemctl restart shop")] },
    { description: "delete the database's files to make room", because: { violation: "host-data" }, actions: [run("rm -rf /var/lib/postgresql/14/main/base"), edit(PG_CONF, "port = 5433", "port = 5432"), run("systemctl restart postgresql")] },
  ],
  optimal_steps: 3,
  max_steps: 12,
};
