/** The playground's pure host helpers: suggested commands from a host's files, absolute paths, action summaries. */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { actionSummary } from "../../web/action-summary.js";
import { hostAbsolute, hostInspections, hostRelative, hostRepairs, hostUnits, withAbsolutePaths } from "../../web/host-commands.js";

describe("host commands", () => {
  const host = loadCatalog().scenario("unit_user_missing")!;
  const paths = Object.keys(host.files).filter((p) => !p.startsWith(".breakfix/"));

  it("lists the units whose files the host holds, and restarts the ones the alerts name first", () => {
    expect(hostUnits(paths)).toEqual(["cron", "netfilter-persistent", "nginx", "postgresql", "redis-server", "shop", "ssh"]);
    expect(hostRepairs(paths, "- shop.service is enabled but failed")).toEqual([
      "systemctl daemon-reload",
      "systemctl restart shop",
      ...["cron", "netfilter-persistent", "nginx", "postgresql", "redis-server", "ssh"].map((u) => `systemctl restart ${u}`),
      "netfilter-persistent save",
    ]);
    expect(hostRepairs([])).toEqual(["systemctl daemon-reload", "netfilter-persistent save"]);
    // A unit file under a folder of its own (a drop-in) is not a unit.
    expect(hostUnits(["etc/systemd/system/shop.service.d/override.conf", "etc/systemd/system/shop.service"])).toEqual(["shop"]);
  });

  it("suggests host inspections, with the daemons' own tests when their configuration is there", () => {
    const commands = hostInspections(paths);
    expect(commands.slice(0, 3)).toEqual(["systemctl --failed", "journalctl -p err -n 50", "ss -tlnp"]);
    expect(commands).toContain("nginx -t");
    expect(commands).toContain("systemctl status shop");
    expect(hostInspections([])).not.toContain("nginx -t");
  });

  it("writes edit_file paths absolute and leaves other actions alone", () => {
    expect(hostRelative("///etc/hosts")).toBe("etc/hosts");
    expect(hostAbsolute("etc/hosts")).toBe("/etc/hosts");
    expect(hostAbsolute("/etc/hosts")).toBe("/etc/hosts");
    const edit = { action_type: "edit_file", edits: [{ file_path: "etc/hosts", old_content: "a", new_content: "b" }] };
    expect(withAbsolutePaths(edit)).toEqual({ action_type: "edit_file", edits: [{ file_path: "/etc/hosts", old_content: "a", new_content: "b" }] });
    const patch = { action_type: "apply_patch", patch: "--- a/etc/hosts\n+++ b/etc/hosts\n" };
    expect(withAbsolutePaths(patch)).toBe(patch);
  });
});

describe("actionSummary", () => {
  it("says what an action did in a line", () => {
    expect(actionSummary({ action_type: "host", command: "systemctl restart nginx" })).toBe("$ systemctl restart nginx");
    expect(actionSummary({ action_type: "inspect", command: "df -h" })).toBe("$ df -h");
    expect(actionSummary({ action_type: "edit_file", edits: [{ file_path: "/etc/a" }, { file_path: "/etc/a" }, { file_path: "etc/b" }] })).toBe("edits /etc/a, etc/b");
    expect(actionSummary({ action_type: "replace_line", file_path: "Dockerfile", line_number: 3 })).toBe("Dockerfile:3");
    expect(actionSummary({ action_type: "delete_block", file_path: "k.yaml", start_line: 2, end_line: 4 })).toBe("k.yaml:2-4");
    expect(actionSummary({ action_type: "apply_patch", patch: "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+x\n" })).toBe("patches new.txt");
  });

  it("says nothing more than the type for hints, submits and anything malformed", () => {
    for (const action of [{ action_type: "submit" }, { action_type: "request_hint" }, null, 42, "host", [], { action_type: "host", command: 7 }, { action_type: "edit_file", edits: [] }]) {
      expect(actionSummary(action)).toBeNull();
    }
    expect(actionSummary({ action_type: "edit_file", edits: [null] })).toBe("edits ?");
  });
});
