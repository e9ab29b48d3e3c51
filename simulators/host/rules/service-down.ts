/** HOST010: a service the host is meant to run (enabled at boot) is not running. */
import { hostRule } from "../events.js";
import { hostCase, NGINX_UNIT, PG_UNIT } from "./cases.js";

export const serviceDown = hostRule({
  code: "HOST010",
  name: "service-down",
  summary: "every enabled service must be running",
  stage: "runtime",
  severity: "error",
  phase: "services",
  on: {
    "unit-status"(e, ctx) {
      if (!e.wanted || e.active === "active") return;
      const how = e.active === "failed" ? `failed (Result: ${e.result ?? "exit-code"})` : "inactive (dead)";
      ctx.report({ line: 1 }, `${e.unit} is enabled but ${how}`, { log: [`$ systemctl status ${e.unit}`, ...e.status].join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }, { name: "a unit disabled and stopped", files: hostCase([{ host: { run: "systemctl disable --now redis-server" } }]) }],
    invalid: [
      { name: "nginx stopped", files: hostCase([{ host: { run: "systemctl stop nginx" } }]), file: NGINX_UNIT, line: 1, message: "nginx.service is enabled but inactive (dead)" },
      { name: "postgres killed", files: hostCase([{ host: { crash: "postgresql.service" } }]), file: PG_UNIT, message: "postgresql.service is enabled but failed (Result: signal)" },
    ],
  },
});
