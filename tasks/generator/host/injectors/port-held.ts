/** nginx died and a stray server took its port: every start of nginx fails with "Address already in use". */
import { bySplit, defineHostInjector, NGINX_UNIT, run, SITE } from "../injector.js";

const STRAYS = {
  train: [
    { command: "python3 -m http.server 80", match: "http.server" },
    { command: "busybox httpd -f -p 80", match: "httpd" },
  ],
  test: [
    { command: "/usr/bin/node /home/deploy/maintenance-page.js --port 80", match: "maintenance-page" },
    { command: "php -S 0.0.0.0:80 -t /home/deploy/landing", match: "php -S" },
  ],
};

export const portHeld = defineHostInjector({
  kind: "host-port-held",
  summary: "another process listens on :80; nginx's start fails with bind() to 0.0.0.0:80 failed (98: Address already in use)",
  inject(ctx) {
    const stray = bySplit(ctx, STRAYS);
    return {
      kind: this.kind,
      faults: [
        { host: { crash: "nginx.service" } },
        { host: { spawn: { user: "root", command: stray.command, rss_kib: 18_400, cpu_pct: 0.1, listens: ["tcp 0.0.0.0:80"] } } },
        { host: { run: "systemctl start nginx" } },
      ],
      issue: {
        description: `nginx died and \`${stray.command}\` now holds port 80; nginx cannot bind it, so it will not start.`,
        hint: "`systemctl status nginx` says why it fails to start; `ss -tlnp` says who has the port.",
        stage: "runtime",
        detection: [
          { code: "HOST010", file: NGINX_UNIT },
          { code: "HOST030", file: SITE },
        ],
      },
      repair: [run(`pkill -f '${stray.match}'`), run("systemctl start nginx")],
      claims: ["nginx", "port:80"],
    };
  },
});
