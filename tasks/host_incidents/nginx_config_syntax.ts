import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { NGINX_UNIT, run, SITE } from "./actions.js";

const BROKEN = "    location /api/ {\n        proxy_pass http://shop_app\n";
const FIXED = "    location /api/ {\n        proxy_pass http://shop_app;\n";

export const nginxConfigSyntax: ScenarioSource = {
  id: "nginx_config_syntax",
  task_id: "host_incidents",
  title: "nginx fails to start after a configuration change",
  difficulty: "medium",
  description:
    "SRE Sandbox's medium scenario: an edit to /etc/nginx/sites-enabled/shop lost the semicolon after proxy_pass, and the restart that " +
    "followed failed on `nginx -t` (\"invalid number of arguments in \\\"proxy_pass\\\" directive\"). The site is down. Graded on nginx -t, " +
    "nginx running, and what customers get; a file that no longer parses (`echo ... > the site`) or a deleted site is not a fix.",
  base: "web-01",
  faults: [{ file: SITE, replace: FIXED, with: BROKEN }, { host: { run: "systemctl restart nginx" } }],
  issues: [
    {
      id: "site-syntax",
      description: "proxy_pass http://shop_app is missing its semicolon; nginx -t fails, so nginx will not start.",
      hint: "`nginx -t` names the file and line.",
      stage: "parse",
      detection: [
        { code: "HOST001", file: SITE },
        { code: "HOST010", file: NGINX_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [edit(SITE, "proxy_pass http://shop_app\n", "proxy_pass http://shop_app;\n"), run("systemctl start nginx")],
  alternatives: [
    { description: "the upstream address instead of its name, and a restart", actions: [edit(SITE, "proxy_pass http://shop_app\n", "proxy_pass http://127.0.0.1:8000;\n"), run("systemctl restart nginx")] },
    { description: "test, then start, in one line", actions: [edit(SITE, "http://shop_app\n", "http://shop_app;\n"), run("systemctl start nginx.service")] },
  ],
  wrong: [
    { description: "start it again as it is", because: { fires: "HOST001" }, actions: [run("systemctl start nginx")] },
    { description: "overwrite the site with a port number", because: { fires: "HOST001" }, actions: [run("echo 8000 > /etc/nginx/sites-enabled/shop"), run("systemctl start nginx")] },
    { description: "delete the site so nginx starts: it serves nothing", because: { fires: "HOST030" }, actions: [run("rm /etc/nginx/sites-enabled/shop"), run("systemctl start nginx")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
