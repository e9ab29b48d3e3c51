/**
 * The seed systems' grading failures, replayed as actions on the host track: none is credited. ChaosLab and
 * SRE Sandbox gave points for commands whose text matched a pattern, latched objectives once met, and took
 * `echo 8080 > nginx.conf` as a configuration fix; here only the host's final state counts.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const hostScenarios = catalog.scenarios.filter((s) => s.task_id === "host_incidents");
const run = (command: string): Action => ({ action_type: "host", command });
const look = (command: string): Action => ({ action_type: "inspect", command });
const SUBMIT: Action = { action_type: "submit" };

const DIAGNOSTICS = ["systemctl status nginx postgresql shop", "journalctl -n 50", "tail -n 20 /var/log/nginx/error.log", "df -h", "ss -tlnp", "ps aux --sort=-%mem", "free -m", "iptables -S", "grep -c Failed /var/log/auth.log", "cat /etc/resolv.conf"];

describe("what the seeds credited, credited nothing here", () => {
  it.each(hostScenarios.map((s) => [s.id, s] as const))("%s: diagnostic commands alone earn nothing and change nothing", (_, scenario) => {
    const { breakdown, history } = gradeTrajectory(catalog, scenario, [...DIAGNOSTICS.map(look), SUBMIT]);
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.score).toBeLessThanOrEqual(0.05);
    expect(breakdown.inspections).toBe(DIAGNOSTICS.length);
    expect(history.every((h) => h.reward === 0 && h.last_action_error === null)).toBe(true);
  });

  it("a remediation-looking command that repairs nothing earns nothing (restart, flush, chmod)", () => {
    for (const [id, command] of [["nginx_misconfiguration", "systemctl restart nginx"], ["firewall_blocking", "iptables -F"], ["permissions_webroot", "chmod -R 777 /var/www/shop"], ["process_recovery", "systemctl restart postgresql"]] as const) {
      const { breakdown } = gradeTrajectory(catalog, catalog.scenario(id)!, [run(command), SUBMIT]);
      expect({ id, fixed: breakdown.issues_fixed, floor: breakdown.score <= 0.05 }).toEqual({ id, fixed: 0, floor: true });
    }
  });

  it("a fix that is undone loses its credit: nothing latches", () => {
    const scenario = catalog.scenario("security_incident")!;
    const harden: Action = { action_type: "edit_file", edits: [{ file_path: "etc/ssh/sshd_config", old_content: "PermitRootLogin yes", new_content: "PermitRootLogin prohibit-password" }] };
    const undo: Action = { action_type: "edit_file", edits: [{ file_path: "etc/ssh/sshd_config", old_content: "PermitRootLogin prohibit-password", new_content: "PermitRootLogin yes" }] };
    const { breakdown, history } = gradeTrajectory(catalog, scenario, [harden, run("systemctl reload ssh"), undo, run("systemctl reload ssh"), SUBMIT]);
    expect(history.map((h) => h.issues_fixed)).toEqual([0, 1, 1, 0, 0]);
    expect(history.map((h) => h.reward)).toEqual([0, 0.3, 0, -0.3, 0]);
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.score).toBeLessThanOrEqual(0.05);
  });

  it("a service restarted and then killed again is not recovered: the final state is graded", () => {
    const recovery = catalog.scenario("process_recovery")!;
    const { breakdown } = gradeTrajectory(catalog, recovery, [run("chmod 700 /var/lib/postgresql/14/main"), run("systemctl start postgresql && pkill -9 -f bin/postgres"), SUBMIT]);
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.score).toBeLessThanOrEqual(0.05);
  });

  it("`echo 8080 > nginx.conf` and its edit_file twin break the configuration and fix nothing", () => {
    const scenario = catalog.scenario("nginx_misconfiguration")!;
    const echoed = gradeTrajectory(catalog, scenario, [run("echo 8080 > /etc/nginx/nginx.conf"), run("systemctl reload nginx"), SUBMIT]);
    expect(echoed.breakdown.issues_fixed).toBe(0);
    expect(echoed.breakdown.score).toBeLessThanOrEqual(0.05);
    expect(echoed.breakdown.violations.map((v) => v.message).join("\n")).toMatch(/HOST001 .*unexpected end of file/);
    const conf = scenario.files["etc/nginx/nginx.conf"]!.content;
    const edited = gradeTrajectory(catalog, scenario, [{ action_type: "edit_file", edits: [{ file_path: "/etc/nginx/nginx.conf", old_content: conf, new_content: "8080\n" }] }, run("systemctl restart nginx"), SUBMIT]);
    expect(edited.breakdown.issues_fixed).toBe(0);
    // The restart fails on nginx -t: now nothing serves at all.
    expect(edited.breakdown.violations.map((v) => v.message).join("\n")).toContain("HOST010");
  });

  it("a blocked-command penalty is not a grade: dangerous commands are refused as failed actions and change nothing", () => {
    const scenario = catalog.scenario("disk_space_crisis")!;
    const { breakdown, history } = gradeTrajectory(catalog, scenario, [run("rm -rf /"), run("mkfs.ext4 /dev/nvme1n1"), SUBMIT]);
    expect(history.slice(0, 2).map((h) => h.last_action_error !== null)).toEqual([true, true]);
    expect(breakdown.failed_actions).toBe(2);
    expect(breakdown.issues_fixed).toBe(0);
  });
});
