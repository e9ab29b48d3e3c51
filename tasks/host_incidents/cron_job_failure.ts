import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { run } from "./actions.js";

const CRON = "etc/cron.d/db-backup";
const DIR = "/var/backups/postgres";

export const cronJobFailure: ScenarioSource = {
  id: "cron_job_failure",
  task_id: "host_incidents",
  title: "No database backup since Friday",
  difficulty: "medium",
  description:
    "ChaosLab's cron job failure, as two real faults: someone edited /etc/cron.d/db-backup by hand and dropped the user field, so cron " +
    "refuses the whole file (\"bad username ... this crontab file will be ignored\"), and a tidy-up ran `chown -R root:root /var/backups`, " +
    "so once the job runs again, pg_dump's output cannot be written as postgres. The job must run as postgres (pg_dump connects over the " +
    "socket with peer authentication: there is no role root).",
  base: "web-01",
  faults: [
    { file: CRON, replace: "30 2 * * * postgres /usr/local/bin/db-backup.sh", with: "30 2 * * * /usr/local/bin/db-backup.sh" },
    { host: { run: "chown -R root:root /var/backups" } },
    { host: { journal: [{ ident: "cron", message: "Error: bad username; while reading /etc/cron.d/db-backup", priority: "err" }, { ident: "cron", message: "(*system*db-backup) ERROR (Syntax error, this crontab file will be ignored)", priority: "err" }] } },
  ],
  issues: [
    {
      id: "crontab-ignored",
      description: "The line in /etc/cron.d/db-backup has no user field; cron ignores the file.",
      hint: "Files in /etc/cron.d have one more field than a user's crontab. Compare the line with /etc/crontab's header.",
      stage: "runtime",
      detection: [{ code: "HOST020", file: CRON }],
    },
    {
      id: "backup-dir-not-writable",
      description: "/var/backups/postgres belongs to root and is 0750; the job runs as postgres and cannot write its dump there.",
      hint: "Once cron reads the file again, run the job's command as its user in your head: who owns the directory it writes to?",
      stage: "runtime",
      detection: [{ code: "HOST021", file: CRON }],
    },
  ],
  solution: [edit(CRON, "* * * /usr/local", "* * * postgres /usr/local"), run(`chown postgres:postgres ${DIR}`)],
  alternatives: [
    { description: "the whole tree back to postgres", actions: [edit(CRON, "30 2 * * * /usr", "30 2 * * * postgres /usr"), run(`chown -R postgres:postgres ${DIR}`)] },
    { description: "the group's write bit for postgres's group", actions: [run(`chgrp postgres ${DIR} && chmod 770 ${DIR}`), edit(CRON, "* * * /usr/local", "* * * postgres /usr/local")] },
    { description: "the owner alone, by name", actions: [edit(CRON, "* * * /usr/local", "* * * postgres /usr/local"), run(`chown postgres ${DIR}`)] },
  ],
  wrong: [
    { description: "run the job as root: pg_dump has no role root", because: { fires: "HOST021" }, leaves_unfixed: ["backup-dir-not-writable"], actions: [edit(CRON, "* * * /usr/local", "* * * root /usr/local")] },
    { description: "make the backup directory writable by everyone", because: { violation: "host-hardening" }, actions: [edit(CRON, "* * * /usr/local", "* * * postgres /usr/local"), run(`chmod 777 ${DIR}`)] },
    { description: "delete the crontab", because: { violation: "host-services" }, actions: [run(`rm /${CRON}`)] },
  ],
  optimal_steps: 2,
  max_steps: 12,
};
