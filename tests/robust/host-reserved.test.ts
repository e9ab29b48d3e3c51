/**
 * The fuzz run's finds on the host track: a repository that gains a `.breakfix/` file would become a simulated
 * host whose state the agent wrote (and a garbage one made the simulator throw), and bash's bad substitution in
 * a host command, an inspection, a unit's Exec line or a crontab threw instead of answering as the shell does.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

function play(scenarioId: string, action: Action) {
  const episode = startJudgedEpisode(catalog, { scenario_id: scenarioId }, `reserved-${scenarioId}`);
  const before = episode.observe().observation;
  const after = episode.step(action);
  return { before, after };
}

describe(".breakfix/ is breakfix's own in a repository", () => {
  it.each([
    ["a patch that creates .breakfix/host.json", { action_type: "apply_patch", patch: "--- /dev/null\n+++ b/.breakfix/host.json\n@@ -0,0 +1,1 @@\n+%00\n" }],
    ["an edit that writes a healthy-looking host state", { action_type: "edit_file", edits: [{ file_path: ".breakfix/host.json", old_content: "", new_content: '{"units":{}}\n' }] }],
    ["an edit elsewhere under .breakfix/", { action_type: "edit_file", edits: [{ file_path: ".breakfix/notes", old_content: "", new_content: "x\n" }] }],
  ] as [string, Action][])("%s is a failed action that changes nothing", (_what, action) => {
    const { before, after } = play("typo_filename", action);
    expect(after.observation.last_action_error).toMatch(/\.breakfix\/ is breakfix's own, not the repository's; nothing was changed/);
    expect(after.observation.files).toEqual(before.files);
    expect(after.observation.error_message).toBe(before.error_message);
  });
});

describe("a bad substitution on a host answers as the shell does", () => {
  it("in an inspection: bash's message, nothing thrown", () => {
    const { after } = play("unit_user_missing", { action_type: "inspect", command: "cat ${{ secrets.GITHUB_TOKEN }}" });
    expect(after.observation.inspect_output).toBe("bash: ${{ secrets.GITHUB_TOKEN }}: bad substitution\n");
    expect(after.observation.last_action_error).toBeNull();
  });

  it("in a host command: a failed action that changes nothing", () => {
    const { before, after } = play("unit_user_missing", { action_type: "host", command: "systemctl restart ${{ x }}" });
    expect(after.observation.last_action_error).toBe("bash: ${{ x }}: bad substitution");
    expect(after.observation.files).toEqual(before.files);
  });

  it("in a unit's ExecStart or a crontab line: the host is still simulated", () => {
    const unit = play("unit_user_missing", { action_type: "edit_file", edits: [{ file_path: "/etc/systemd/system/shop.service", old_content: "User=shopapp\n", new_content: "User=shop\nExecStartPre=/bin/echo ${{ x }}\n" }] });
    // A simulator that threw would answer "internal error while checking this action".
    expect(unit.after.observation.last_action_error).toBeNull();
    expect(unit.after.observation.files["/etc/systemd/system/shop.service"] ?? unit.after.observation.files["etc/systemd/system/shop.service"]).toContain("${{ x }}");
    const cron = play("cron_job_failure", { action_type: "edit_file", edits: [{ file_path: "/etc/cron.d/nightly-check", old_content: "", new_content: "* * * * * root /bin/echo ${{ x }}\n" }] });
    expect(cron.after.observation.last_action_error).toBeNull();
  });
});
