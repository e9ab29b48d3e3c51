import { edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { run, SHOP_UNIT, SITE } from "./actions.js";

export const nginxMisconfiguration: ScenarioSource = {
  id: "nginx_misconfiguration",
  task_id: "host_incidents",
  title: "The API answers 502 Bad Gateway since this morning's release",
  difficulty: "hard",
  description:
    "ChaosLab's nginx misconfiguration: a release changed the upstream in /etc/nginx/sites-enabled/shop to 127.0.0.1:8080 and reloaded " +
    "nginx, but gunicorn listens on 127.0.0.1:8000 (its unit's --bind, and the app's README). nginx's connect() is refused and every " +
    "/api/ request is a 502; the static front page still works. The fix is the upstream port and a reload, graded on what customers get.",
  base: "web-01",
  faults: [
    { file: SITE, replace: "    server 127.0.0.1:8000;", with: "    server 127.0.0.1:8080;" },
    { host: { journal: [{ ident: "deploy", message: "release 2026.03.14-1: updated /etc/nginx/sites-enabled/shop" }] } },
    { host: { run: "systemctl reload nginx" } },
  ],
  issues: [
    {
      id: "upstream-port",
      description: "The upstream block points at 127.0.0.1:8080, where nothing listens; gunicorn is on 127.0.0.1:8000.",
      hint: "nginx's error.log says connect() was refused for upstream 127.0.0.1:8080. What does `ss -tlnp` show gunicorn listening on?",
      stage: "traffic",
      detection: [{ code: "HOST030", file: SITE }],
    },
  ],
  solution: [edit(SITE, "server 127.0.0.1:8080;", "server 127.0.0.1:8000;"), run("systemctl reload nginx")],
  alternatives: [
    { description: "replace the line and signal the master directly", actions: [replaceLine(SITE, 2, "    server 127.0.0.1:8000;"), run("nginx -s reload")] },
    { description: "the upstream by name, with a full restart", actions: [edit(SITE, "server 127.0.0.1:8080;", "server localhost:8000;"), run("systemctl restart nginx")] },
    {
      description: "move gunicorn to the port nginx expects, reload systemd and restart the app",
      actions: [edit(SHOP_UNIT, "--bind 127.0.0.1:8000", "--bind 127.0.0.1:8080"), run("systemctl daemon-reload && systemctl restart shop")],
    },
  ],
  wrong: [
    { description: "edit the file but never reload: the running nginx still proxies to 8080", because: { fires: "HOST030" }, actions: [edit(SITE, "server 127.0.0.1:8080;", "server 127.0.0.1:8000;")] },
    {
      description: "`echo 8000 > the site file`: the file no longer parses, the reload fails and the old upstream stays",
      because: { fires: "HOST001" },
      actions: [run("echo 8000 > /etc/nginx/sites-enabled/shop"), run("systemctl reload nginx")],
    },
    { description: "point the upstream at PostgreSQL's port", because: { fires: "HOST030" }, actions: [edit(SITE, "server 127.0.0.1:8080;", "server 127.0.0.1:5432;"), run("systemctl reload nginx")] },
    { description: "restart nginx and hope", because: { fires: "HOST030" }, actions: [run("systemctl restart nginx")] },
  ],
  optimal_steps: 2,
  max_steps: 12,
};
