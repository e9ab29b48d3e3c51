/** nginx's upstream names a port the app does not listen on, and nginx was reloaded: every /api/ request gets 502. */
import { bySplit, defineHostInjector, edit, occursOnce, run, SITE } from "../injector.js";

export const nginxUpstreamPort = defineHostInjector({
  kind: "host-nginx-upstream-port",
  summary: "the upstream server's port is not the one gunicorn binds; nginx's error.log says connect() failed (111: Connection refused)",
  inject(ctx) {
    const port = ctx.base.variant.port;
    const wrong = port + bySplit(ctx, { train: [80, 1, -1], test: [1000, 10, 100] });
    const line = `    server 127.0.0.1:${port};\n`;
    if (!occursOnce(ctx.files, SITE, line) || [80, 443, 22, 5432, 6379].includes(wrong)) return null;
    const broken = `    server 127.0.0.1:${wrong};\n`;
    return {
      kind: this.kind,
      faults: [{ file: SITE, replace: line, with: broken }, { host: { run: "systemctl reload nginx" } }],
      issue: {
        description: `The shop_app upstream in /${SITE} points at 127.0.0.1:${wrong}, but gunicorn binds 127.0.0.1:${port}; nginx answers 502 on /api/.`,
        hint: "nginx's error.log names the upstream it cannot connect to. What does `ss -tlnp` show gunicorn listening on?",
        stage: "traffic",
        detection: [{ code: "HOST030", file: SITE }],
      },
      repair: [edit(SITE, broken, line), run("systemctl reload nginx")],
      claims: [SITE, "nginx"],
    };
  },
});
