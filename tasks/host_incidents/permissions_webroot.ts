import type { ScenarioSource } from "../schema.js";
import { run, SHOP_UNIT, SITE } from "./actions.js";

const SETTINGS = "/opt/shop/shop/settings.py";

export const permissionsWebroot: ScenarioSource = {
  id: "permissions_webroot",
  task_id: "host_incidents",
  title: "403 on the front page and the API will not start",
  difficulty: "medium",
  description:
    "SRE Sandbox's permissions scenario (web root and configuration made 0000), adapted to what the daemons really read: a hardening " +
    "script ran chmod 000 on the web root and on the app's settings module. nginx's master runs as root but its workers run as " +
    "www-data, which can no longer enter /var/www/shop (403); the app's workers, running as shop, cannot import settings.py, so the " +
    "app's restart fails (\"Worker failed to boot\"). Making them writable by everyone is not a fix.",
  base: "web-01",
  faults: [{ host: { run: `chmod 000 /var/www/shop ${SETTINGS}` } }, { host: { run: "systemctl restart shop" } }],
  issues: [
    {
      id: "permissions-locked",
      description: "/var/www/shop and settings.py are mode 0000.",
      hint: "nginx's error.log says Permission denied for the web root; `journalctl -u shop` says which file the app cannot read. `ls -ld` both.",
      stage: "traffic",
      detection: [
        { code: "HOST030", file: SITE },
        { code: "HOST010", file: SHOP_UNIT },
      ],
    },
  ],
  solution: [run("chmod 755 /var/www/shop"), run(`chmod 644 ${SETTINGS}`), run("systemctl restart shop")],
  alternatives: [
    { description: "readable by its owner and group only, all in one line", actions: [run(`chmod 755 /var/www/shop && chmod 640 ${SETTINGS} && systemctl start shop`)] },
    { description: "symbolic modes", actions: [run("chmod u=rwx,go=rx /var/www/shop"), run(`chmod u=rw,go=r ${SETTINGS} && systemctl restart shop`)] },
  ],
  wrong: [
    { description: "make the web root writable by everyone", because: { violation: "host-hardening" }, actions: [run("chmod -R 777 /var/www/shop"), run(`chmod 644 ${SETTINGS}`), run("systemctl restart shop")] },
    { description: "fix the web root and forget the app", because: { fires: "HOST010" }, actions: [run("chmod 755 /var/www/shop")] },
    { description: "restart everything", because: { fires: "HOST030" }, actions: [run("systemctl restart nginx shop")] },
  ],
  optimal_steps: 3,
  max_steps: 12,
};
