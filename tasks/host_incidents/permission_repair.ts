import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { run } from "./actions.js";

const CRON = "etc/cron.d/cleanup";
const SCRIPT = "/opt/scripts/cleanup.sh";

export const permissionRepair: ScenarioSource = {
  id: "permission_repair",
  task_id: "host_incidents",
  title: "The hourly cleanup job has been failing since the last deploy",
  difficulty: "medium",
  description:
    "ChaosLab's permission repair: the deploy copied /opt/scripts/cleanup.sh without its execute bit (mode 0644), so cron's `sh -c` " +
    "gets Permission denied every hour. Graded on the job's next run succeeding as root; a world-writable script that root runs every " +
    "hour is not a fix.",
  base: "web-01",
  faults: [
    { host: { run: `chmod 644 ${SCRIPT}` } },
    { host: { journal: [{ ident: "CRON", message: `(root) CMD (${SCRIPT})` }, { ident: "CRON", message: "(root) MAIL (mailed 62 bytes of output but got status 0x004b from MTA)", priority: "warning" }] } },
  ],
  issues: [
    {
      id: "script-not-executable",
      description: "cleanup.sh is 0644: cron runs it by path, and sh answers Permission denied.",
      hint: "What does `ls -l /opt/scripts/cleanup.sh` say, next to the command in /etc/cron.d/cleanup?",
      stage: "runtime",
      detection: [{ code: "HOST021", file: CRON }],
    },
  ],
  solution: [run(`chmod +x ${SCRIPT}`)],
  alternatives: [
    { description: "the mode in octal", actions: [run(`chmod 755 ${SCRIPT}`)] },
    { description: "execute for its owner only (root runs it)", actions: [run(`chmod u+x ${SCRIPT}`)] },
    { description: "have cron run it through sh, which needs only read permission", actions: [edit(CRON, `root ${SCRIPT}`, `root /bin/sh ${SCRIPT}`)] },
  ],
  wrong: [
    { description: "chmod 777: root would run a script anyone can rewrite", because: { violation: "host-hardening" }, actions: [run(`chmod 777 ${SCRIPT}`)] },
    { description: "make the crontab executable instead of the script", because: { fires: "HOST021" }, actions: [run(`chmod +x /${CRON}`)] },
    { description: "delete the job", because: { violation: "host-services" }, actions: [run(`rm /${CRON}`)] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
