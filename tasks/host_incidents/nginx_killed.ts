import type { ScenarioSource } from "../schema.js";
import { NGINX_UNIT, run, SITE } from "./actions.js";

export const nginxKilled: ScenarioSource = {
  id: "nginx_killed",
  task_id: "host_incidents",
  title: "nginx is dead and will not start again",
  difficulty: "easy",
  description:
    "SRE Sandbox's easy scenario, adapted so that a restart alone is not the fix: nginx's master was killed with SIGKILL (nginx.service has " +
    "no Restart=), and while the site was down a developer started `python3 -m http.server 80` as root to show something. Now port 80 is " +
    "taken and nginx cannot bind (\"bind() to 0.0.0.0:80 failed (98: Address already in use)\"). The stray server must go and nginx come back.",
  base: "web-01",
  faults: [
    { host: { crash: "nginx.service" } },
    { host: { spawn: { user: "root", command: "python3 -m http.server 80", rss_kib: 18_400, cpu_pct: 0.1, listens: ["tcp 0.0.0.0:80"] } } },
    { host: { run: "systemctl start nginx" } },
  ],
  issues: [
    {
      id: "nginx-down",
      description: "nginx is down and its start fails: python3 -m http.server holds port 80.",
      hint: "`systemctl status nginx` says why it fails to start; `ss -tlnp` says who has the port.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: NGINX_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [run("pkill -f http.server"), run("systemctl start nginx")],
  alternatives: [
    { description: "kill it by name with killall, then restart nginx", actions: [run("killall python3"), run("systemctl restart nginx")] },
    { description: "SIGKILL matching the full command line, in one line", actions: [run("pkill -9 -f 'http.server 80' && systemctl start nginx")] },
  ],
  wrong: [
    { description: "restart nginx: the port is still taken", because: { fires: "HOST010" }, actions: [run("systemctl restart nginx")] },
    { description: "kill the stray server but leave nginx stopped", because: { fires: "HOST010" }, actions: [run("pkill -f http.server")] },
    { description: "disable nginx and let the stray server answer", because: { violation: "host-services" }, actions: [run("systemctl disable nginx")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
  // ss -tlnp names python3 and its pid on :80; ps shows that process's command line.
  evidence: { inspect: [{ command: "ps aux", shows: "http.server" }] },
};
