/**
 * HOST012: a running daemon still uses the configuration (or systemd the unit file) it read before the files
 * were changed: a reload, restart or daemon-reload is due. A warning: what it runs with is judged by the probes.
 */
import { hostRule } from "../events.js";
import { hostCase, SHOP_UNIT, SITE } from "./cases.js";

export const configNotApplied = hostRule({
  code: "HOST012",
  name: "config-not-applied",
  summary: "a configuration change takes effect only after a reload or restart (unit files after daemon-reload)",
  stage: "runtime",
  severity: "warning",
  phase: "services",
  on: {
    "config-drift"(e, ctx) {
      if (e.unitFileChanged) ctx.report({ line: 1 }, `${e.unit}'s unit file changed on disk; run 'systemctl daemon-reload' to reload units`);
      for (const file of e.changed) ctx.report({ file, line: 1 }, `/${file} changed since ${e.unit} read it; reload or restart ${e.unit} to apply it`);
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "an edited site not reloaded", files: hostCase([{ file: SITE, replace: "proxy_read_timeout 30;", with: "proxy_read_timeout 60;" }]), file: SITE, line: 1, message: "reload or restart nginx.service" },
      { name: "an edited unit not reloaded", files: hostCase([{ file: SHOP_UNIT, replace: "RestartSec=5", with: "RestartSec=10" }]), file: SHOP_UNIT, message: "daemon-reload" },
    ],
  },
});
