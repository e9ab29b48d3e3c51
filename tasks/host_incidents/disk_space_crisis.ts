import type { ScenarioSource } from "../schema.js";
import { FSTAB, run } from "./actions.js";

const LOG = "/var/log/shop/gunicorn.log";
const ROTATE = "etc/logrotate.d/shop";

export const diskSpaceCrisis: ScenarioSource = {
  id: "disk_space_crisis",
  task_id: "host_incidents",
  title: "/var/log is full",
  difficulty: "medium",
  description:
    "ChaosLab's disk space crisis, with its cause: a configuration tool rewrote /etc/logrotate.d/shop with mode 0664, and logrotate ignores " +
    "a configuration file that is group-writable (\"Ignoring shop because of bad file mode\"), so gunicorn's log has not rotated for two " +
    "weeks and filled /var/log. Two issues: the filesystem is full, and rotation is broken. Deleting the log while gunicorn holds it open " +
    "frees nothing until gunicorn restarts (lsof +L1), and the logs that must be kept (auth.log, syslog, nginx's access log) stay.",
  base: "web-01",
  faults: [
    { host: { run: `chmod 664 /${ROTATE}` } },
    { host: { grow: LOG, bytes: 8_800_000_000 } },
    { host: { journal: [{ ident: "logrotate", message: "error: Ignoring shop because of bad file mode - must be 0644 or 0444.", priority: "err" }] } },
  ],
  issues: [
    {
      id: "disk-full",
      description: "gunicorn's log grew to 8.9 GB and /var/log is 100% full; writers other than root get ENOSPC.",
      hint: "`df -h` and `du -sh /var/log/*` show where the space went. A file a process holds open only frees its blocks when truncated, or when the process lets go.",
      stage: "runtime",
      detection: [{ code: "HOST013", file: FSTAB }],
    },
    {
      id: "logrotate-ignored",
      description: "/etc/logrotate.d/shop is mode 0664, and logrotate ignores group-writable configuration files.",
      hint: "Why did the log never rotate? Look at the mode of /etc/logrotate.d/shop next to the others.",
      stage: "parse",
      detection: [{ code: "HOST005", file: ROTATE }],
    },
  ],
  solution: [run(`truncate -s 0 ${LOG}`), run(`chmod 644 /${ROTATE}`)],
  alternatives: [
    { description: "empty it the shell's way and take the group's write bit away", actions: [run(`: > ${LOG}`), run(`chmod g-w /${ROTATE}`)] },
    { description: "delete it, then restart the app so the space is freed and the log recreated", actions: [run(`rm ${LOG} && systemctl restart shop`), run(`chmod 0644 /${ROTATE}`)] },
    { description: "both in one line", actions: [run(`truncate -s 0 ${LOG} && chmod 644 /etc/logrotate.d/shop`)] },
  ],
  wrong: [
    { description: "delete the log while gunicorn still holds it open: no space comes back", because: { fires: "HOST013" }, leaves_unfixed: ["disk-full"], actions: [run(`rm -f ${LOG}`), run(`chmod 644 /${ROTATE}`)] },
    { description: "delete every log under /var/log", because: { violation: "host-data" }, actions: [run("rm -rf /var/log/*"), run(`chmod 644 /${ROTATE}`)] },
    { description: "free the space but leave rotation broken", because: { fires: "HOST005" }, leaves_unfixed: ["logrotate-ignored"], actions: [run(`truncate -s 0 ${LOG}`)] },
    { description: "make the rotation file writable by everyone", because: { fires: "HOST005" }, leaves_unfixed: ["logrotate-ignored"], actions: [run(`truncate -s 0 ${LOG}`), run(`chmod 666 /${ROTATE}`)] },
  ],
  optimal_steps: 2,
  max_steps: 12,
};
