/**
 * HOST020-HOST022: scheduled jobs. cron ignores a whole crontab it cannot read (and never reads a file in
 * /etc/cron.d whose name has a dot); a job whose next run fails; a job that outlasts its interval with
 * nothing to stop a second run from starting, so runs pile up.
 */
import { hostRule } from "../events.js";
import { hostCase } from "./cases.js";

const BACKUP = "etc/cron.d/db-backup";

export const crontabIgnored = hostRule({
  code: "HOST020",
  name: "crontab-ignored",
  summary: "cron must be able to read every crontab (syntax, user, owner, mode, final newline, file name)",
  stage: "runtime",
  severity: "error",
  phase: "jobs",
  on: {
    crontab(e, ctx) {
      if (e.ignored === null) return;
      ctx.report({ line: e.line }, e.ignored.split("\n").at(-1)!, { log: ["$ grep CRON /var/log/syslog | tail -2", ...e.ignored.split("\n").map((l) => `cron[293]: ${l}`)].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "no user field", files: hostCase([{ file: BACKUP, replace: "* postgres /usr", with: "* /usr" }]), file: BACKUP, line: 2, message: "Syntax error, this crontab file will be ignored" },
      { name: "no final newline", files: hostCase([{ file: BACKUP, replace: "2>&1\n", with: "2>&1" }]), file: BACKUP, message: "Missing newline before EOF" },
      { name: "group-writable", files: hostCase([{ host: { run: "chmod 664 /etc/cron.d/db-backup" } }]), file: BACKUP, message: "INSECURE MODE" },
    ],
  },
});

export const cronJobFails = hostRule({
  code: "HOST021",
  name: "cron-job-fails",
  summary: "each job's next run must succeed as its user",
  stage: "runtime",
  severity: "error",
  phase: "jobs",
  on: {
    "cron-job"(e, ctx) {
      if (!e.failure) return;
      ctx.report({ line: e.line }, `the ${e.schedule} job of ${e.user} fails: ${e.failure[0]}`, { log: [`# ${e.schedule} ${e.user} ${e.command}`, `$ sudo -u ${e.user} sh -c '${e.command}'`, ...e.failure].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "a script that lost its execute bit", files: hostCase([{ host: { run: "chmod 644 /opt/scripts/cleanup.sh" } }]), file: "etc/cron.d/cleanup", line: 2, message: "Permission denied" },
      { name: "a backup directory the job's user cannot write", files: hostCase([{ host: { run: "chown root:root /var/backups/postgres" } }]), file: BACKUP, message: "/var/backups/postgres/shop-" },
    ],
  },
});

export const cronJobOverlaps = hostRule({
  code: "HOST022",
  name: "cron-job-overlaps",
  summary: "a job that runs longer than its interval needs a lock (flock -n) or a longer interval",
  stage: "runtime",
  severity: "error",
  phase: "jobs",
  on: {
    "cron-job"(e, ctx) {
      if (!e.overlapping) return;
      ctx.report({ line: e.line }, `the job runs every ${e.overlapping.interval_s / 60} min but takes about ${Math.round(e.overlapping.duration_s / 60)} min, and nothing stops a second run from starting`);
    },
  },
  cases: {
    valid: [{ files: hostCase() }, { name: "the same job under flock", files: hostCase([{ file: BACKUP, replace: "30 2 * * * postgres /usr", with: "*/5 * * * * postgres flock -n /tmp/db-backup.lock /usr" }]) }],
    invalid: [{ name: "a nine-minute dump every five minutes", files: hostCase([{ file: BACKUP, replace: "30 2 * * *", with: "*/5 * * * *" }]), file: BACKUP, line: 2, message: "runs every 5 min but takes about 9 min" }],
  },
});
