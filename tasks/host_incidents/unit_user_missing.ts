import { edit, replaceLine } from "../fix.js";
import { SHOP_UNIT as UNIT_TEXT } from "../../simulators/host/reference-files.js";
import type { ScenarioSource } from "../schema.js";
import { lineOf, run, SHOP_UNIT, SITE } from "./actions.js";

export const unitUserMissing: ScenarioSource = {
  id: "unit_user_missing",
  task_id: "host_incidents",
  title: "The app fails with status=217/USER after a unit change",
  difficulty: "medium",
  description:
    "A refactor renamed the service account in shop.service to User=shopapp, which does not exist, ran daemon-reload and restarted the " +
    "app: systemd cannot spawn it (\"Failed to determine user credentials: No such process\", 217/USER). systemd runs the unit as it " +
    "loaded it, so the fix needs a daemon-reload; running the app as root is not a fix.",
  base: "web-01",
  faults: [{ file: SHOP_UNIT, replace: "User=shop\n", with: "User=shopapp\n" }, { host: { run: "systemctl daemon-reload && systemctl restart shop" } }],
  issues: [
    {
      id: "unit-user",
      description: "User=shopapp names no account; the app's account is shop.",
      hint: "`systemctl status shop` shows the status code; `getent passwd shopapp` and `ls -l /opt/shop`.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: SHOP_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [edit(SHOP_UNIT, "User=shopapp\n", "User=shop\n"), run("systemctl daemon-reload && systemctl restart shop")],
  alternatives: [
    { description: "the line rewritten, with reset-failed before the start", actions: [replaceLine(SHOP_UNIT, lineOf(UNIT_TEXT, "User=shop"), "User=shop"), run("systemctl daemon-reload; systemctl reset-failed shop; systemctl start shop")] },
    {
      description: "a drop-in that sets the user back",
      actions: [{ action_type: "edit_file", edits: [{ file_path: "etc/systemd/system/shop.service.d/override.conf", old_content: "", new_content: "[Service]\nUser=shop\n" }] }, run("systemctl daemon-reload && systemctl restart shop")],
    },
  ],
  wrong: [
    { description: "fix the file but skip daemon-reload: systemd still runs the unit it loaded", because: { fires: "HOST010" }, actions: [edit(SHOP_UNIT, "User=shopapp\n", "User=shop\n"), run("systemctl restart shop")] },
    { description: "run it as root", because: { violation: "host-services" }, actions: [edit(SHOP_UNIT, "User=shopapp\n", "User=root\n"), run("systemctl daemon-reload && systemctl restart shop")] },
    { description: "restart it as it is", because: { fires: "HOST010" }, actions: [run("systemctl restart shop")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
