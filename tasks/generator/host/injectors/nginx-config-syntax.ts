/** A directive of the site lost its semicolon and nginx was restarted: `nginx -t` fails, nginx stays down. */
import { bySplit, defineHostInjector, edit, NGINX_UNIT, occursOnce, run, SITE } from "../injector.js";

/** Lines of the shop site whose `;` a hand edit can lose; `nginx -t` reports each its own way. */
const LINES = {
  train: ["        proxy_pass http://shop_app;\n", "    index index.html;\n"],
  test: ["        proxy_read_timeout 30;\n", "    root /var/www/shop;\n"],
};

export const nginxConfigSyntax = defineHostInjector({
  kind: "host-nginx-config-syntax",
  summary: "a site directive without its semicolon; `nginx -t` rejects the configuration and nginx will not start",
  inject(ctx) {
    const line = bySplit(ctx, LINES);
    if (!occursOnce(ctx.files, SITE, line)) return null;
    const broken = line.replace(";\n", "\n");
    const directive = line.trim().split(" ")[0]!;
    return {
      kind: this.kind,
      faults: [{ file: SITE, replace: line, with: broken }, { host: { run: "systemctl restart nginx" } }],
      issue: {
        description: `The ${directive} directive in /${SITE} lost its semicolon; nginx -t fails, so the restart left nginx down.`,
        hint: "`nginx -t` names the file and the line it stopped at.",
        stage: "parse",
        detection: [
          { code: "HOST001", file: SITE },
          { code: "HOST010", file: NGINX_UNIT },
          { code: "HOST030", file: SITE },
        ],
      },
      repair: [edit(SITE, broken, line), run("systemctl start nginx")],
      claims: [SITE, "nginx"],
    };
  },
});
