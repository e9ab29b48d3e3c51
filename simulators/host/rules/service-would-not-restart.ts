/**
 * HOST011: a service runs, but would not start again on the files as they are now (a data directory whose
 * permissions PostgreSQL refuses, host keys sshd ignores, a user that no longer exists): the next restart or
 * reboot takes it down. Configuration that fails its own test is HOST001-HOST006's finding, not this one's.
 */
import { hostRule } from "../events.js";
import { hostCase, PG_UNIT } from "./cases.js";

export const serviceWouldNotRestart = hostRule({
  code: "HOST011",
  name: "service-would-not-restart",
  summary: "a running service must be able to start again on the files as they are",
  stage: "runtime",
  severity: "error",
  phase: "services",
  on: {
    "restart-check"(e, ctx) {
      if (!e.running || e.failure.length === 0 || e.configCause) return;
      ctx.report({ line: 1 }, `${e.unit} is running, but a restart would fail: ${e.failure.find((l) => /FATAL|fatal|Failed|error|denied|Permission/i.test(l)) ?? e.failure[0]}`, {
        log: [`$ sudo systemctl restart ${e.unit}`, `Job for ${e.unit} failed because the control process exited with error code.`, `$ journalctl -u ${e.unit} -n ${e.failure.length}`, ...e.failure].join("\n"),
      });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [
      { name: "the data directory made world-readable", files: hostCase([{ host: { run: "chmod 755 /var/lib/postgresql/14/main" } }]), file: PG_UNIT, line: 1, message: 'data directory "/var/lib/postgresql/14/main" has invalid permissions' },
    ],
  },
});
