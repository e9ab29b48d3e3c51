/**
 * The host action, command by command, on the scenarios' hosts: what changes, what the command prints, and
 * what is refused (and then changes nothing at all, even in a chain that began well).
 */
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { readState } from "../../simulators/host/state.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const hostOf = (id: string): Repository => repositoryFrom(catalog.scenario(id)!.files);
const host = (repo: Repository, command: string) => applyEditAction(repo, { action_type: "host", command });
const look = (repo: Repository, command: string) => inspectRepository(command, { repo, world: catalog.scenario("nginx_killed")!.world, start: repo });
function ran(repo: Repository, command: string): { repo: Repository; output: string } {
  const out = host(repo, command);
  if (!out.ok) throw new Error(out.error);
  return { repo: out.repo, output: out.output ?? "" };
}

describe("the host action", () => {
  it("refuses, and changes nothing, for what it does not run", () => {
    const repo = hostOf("nginx_killed");
    for (const [command, reason] of [
      ["frobnicate --all", "is not a command the simulated host runs"],
      ["ps aux | grep nginx", "pipes are not simulated"],
      ["echo $HOME > /tmp/x", "variables and command substitution are not simulated"],
      ["rm -rf /", "dangerous to operate recursively on '/'"],
      ["chmod 755 /no/such/file", "cannot access '/no/such/file': No such file or directory"],
      ["systemctl restart nginx2", "Unit nginx2.service not found"],
      ["systemctl status nginx", "only reads: use the inspect action"],
      ["sed -i s/a/b/ /etc/hosts", "change file contents with edit_file"],
      ["kill 99999", "No such process"],
      ["systemctl stop cron && frobnicate", "is not a command"],
    ] as const) {
      const out = host(repo, command);
      expect(out.ok, command).toBe(false);
      if (!out.ok) expect(out.error, command).toContain(reason);
    }
    expect(readState(repo).units["cron.service"]!.active).toBe("active");
  });

  it("is refused on a repository that is not a host", () => {
    const out = applyEditAction(repositoryFrom(catalog.scenario("oom_killed")!.files), { action_type: "host", command: "systemctl restart nginx" });
    expect(out).toEqual({ ok: false, error: expect.stringContaining("this scenario is a repository") });
  });

  it("runs a failing start as systemd does: the unit is failed, the journal says why, and the action is not a failed action", () => {
    const { repo, output } = ran(hostOf("nginx_killed"), "systemctl restart nginx");
    expect(output).toContain("Job for nginx.service failed because the control process exited with error code.");
    expect(readState(repo).units["nginx.service"]!.active).toBe("failed");
    expect(look(repo, "journalctl -u nginx -n 12")).toContain("bind() to 0.0.0.0:80 failed (98: Address already in use)");
  });

  it("frees a port by killing its process, then starts the unit on it", () => {
    let repo = hostOf("nginx_killed");
    repo = ran(repo, "pkill -f http.server").repo;
    expect(look(repo, "ss -tlnp")).not.toContain(":80 ");
    repo = ran(repo, "systemctl start nginx").repo;
    expect(look(repo, "systemctl is-active nginx")).toBe("active\n");
    expect(look(repo, "curl -s -o /dev/null -w '%{http_code}' http://localhost/")).toBe("200");
  });

  it("uses the unit file systemd loaded until daemon-reload, and says so", () => {
    let repo = hostOf("unit_user_missing");
    const fix: EditAction = { action_type: "edit_file", edits: [{ file_path: "/etc/systemd/system/shop.service", old_content: "User=shopapp\n", new_content: "User=shop\n" }] };
    const edited = applyEditAction(repo, fix);
    if (!edited.ok) throw new Error(edited.error);
    repo = edited.repo;
    const stale = ran(repo, "systemctl restart shop");
    expect(stale.output).toContain("changed on disk. Run 'systemctl daemon-reload' to reload units.");
    expect(readState(stale.repo).units["shop.service"]!.status).toBe("217/USER");
    const reloaded = ran(repo, "systemctl daemon-reload && systemctl restart shop");
    expect(readState(reloaded.repo).units["shop.service"]!.active).toBe("active");
  });

  it("keeps a deleted log's blocks while a process holds it open, and frees them when the process restarts", () => {
    let repo = hostOf("disk_space_crisis");
    repo = ran(repo, "rm /var/log/shop/gunicorn.log").repo;
    expect(look(repo, "df -h /var/log")).toContain("100% /var/log");
    expect(look(repo, "lsof +L1")).toContain("/var/log/shop/gunicorn.log (deleted)");
    repo = ran(repo, "systemctl restart shop").repo;
    expect(look(repo, "lsof +L1")).toBe("(no output; exit status 1)\n");
    expect(look(repo, "df -h /var/log")).not.toContain("100%");
  });

  it("empties a file copied over from /dev/null, as `: >` does, and keeps its mode", () => {
    const repo = ran(hostOf("disk_space_crisis"), "cp /dev/null /var/log/shop/gunicorn.log").repo;
    expect(look(repo, "df -h /var/log")).not.toContain("100%");
    expect(readState(repo).nodes["var/log/shop/gunicorn.log"]?.size ?? 0).toBe(0);
    expect(repo.get("var/log/shop/gunicorn.log")?.content).toBe("");
    expect(host(repo, "cp /dev/null /var/log/shop").ok).toBe(false);
  });

  it("restarts a unit whose main process is killed when Restart= says so, and leaves one without it down", () => {
    const repo = hostOf("nginx_misconfiguration");
    const state = readState(repo);
    const shopPid = state.units["shop.service"]!.main_pid!;
    const nginxPid = state.units["nginx.service"]!.main_pid!;
    const killedShop = ran(repo, `kill -9 ${shopPid}`).repo;
    expect(readState(killedShop).units["shop.service"]!.active).toBe("active");
    expect(readState(killedShop).units["shop.service"]!.main_pid).not.toBe(shopPid);
    const killedNginx = ran(repo, `kill -9 ${nginxPid}`).repo;
    expect(readState(killedNginx).units["nginx.service"]).toMatchObject({ active: "failed", result: "signal" });
  });

  it("changes the live firewall apart from rules.v4, and writes it back with iptables-save", () => {
    let repo = hostOf("firewall_blocking");
    repo = ran(repo, "iptables -D INPUT -p tcp -m multiport --dports 80,443 -j DROP").repo;
    expect(look(repo, "iptables -S INPUT")).not.toContain("-j DROP");
    expect(look(repo, "grep -c 'dports 80,443 -j DROP' /etc/iptables/rules.v4")).toBe("1\n");
    repo = ran(repo, "iptables-save > /etc/iptables/rules.v4").repo;
    expect(look(repo, "grep -c 'dports 80,443 -j DROP' /etc/iptables/rules.v4")).toBe("0\n");
  });

  it("signals every process of a user with pkill -u USER and no pattern, as pkill does", () => {
    const repo = hostOf("memory_leak");
    const shop = (r: Repository) => readState(r).processes.filter((p) => p.user === "shop").map((p) => p.pid);
    const before = shop(repo);
    expect(before.length).toBeGreaterThan(0);
    const after = ran(repo, "pkill -9 -u shop").repo;
    // Every process shop ran is gone (cron may start the export again, under a new pid).
    expect(shop(after).filter((pid) => before.includes(pid))).toEqual([]);
    expect(readState(after).processes.some((p) => p.user === "www-data")).toBe(true);
    expect(host(repo, "pkill -u nosuchuser").ok).toBe(false);
    expect(host(repo, "pkill -u").ok).toBe(false);
    expect(host(repo, "pkill").ok).toBe(false);
  });

  it("gives the same host for the same command, byte for byte", () => {
    const repo = hostOf("memory_leak");
    const a = ran(repo, "pkill -f export-catalog && systemctl start postgresql");
    const b = ran(repo, "pkill -f export-catalog && systemctl start postgresql");
    expect([...a.repo]).toEqual([...b.repo]);
    expect(a.output).toBe(b.output);
  });

  it("runs `nginx -t && systemctl reload nginx` as bash does: the reload follows a passing test, and a failing one stops the line", () => {
    const repo = hostOf("nginx_misconfiguration");
    const edit = (from: string, to: string) => {
      const out = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path: "etc/nginx/sites-enabled/shop", old_content: from, new_content: to }] });
      if (!out.ok) throw new Error(out.error);
      return out.repo;
    };
    const fixed = ran(edit("server 127.0.0.1:8080;", "server 127.0.0.1:8000;"), "nginx -t && systemctl reload nginx");
    expect(fixed.output).toContain("nginx: configuration file /etc/nginx/nginx.conf test is successful");
    expect(look(fixed.repo, "curl -sS -o /dev/null -w '%{http_code}\\n' https://shop.example.com/api/health")).toBe("200\n");
    const broken = edit("proxy_pass http://shop_app;", "proxy_pass http://shop_app");
    const stopped = ran(broken, "nginx -t && systemctl reload nginx");
    expect(stopped.output).toContain("test failed");
    expect(ran(broken, "systemctl reload nginx").output).toContain("Job for nginx.service failed");
    expect(stopped.output).not.toContain("Job for nginx.service failed");
    expect(readState(stopped.repo).units["nginx.service"]).toEqual(readState(broken).units["nginx.service"]);
    expect(ran(hostOf("sshd_config_typo"), "sshd -t").output).toContain("Bad configuration option: PubkeyAuthenticaton");
  });

  it("starts postgres with an emptied postgresql.conf as postgres does: pg_hba.conf is looked for in -D, not beside config_file", () => {
    const repo = hostOf("nginx_killed");
    const conf = "etc/postgresql/14/main/postgresql.conf";
    const emptied = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path: conf, old_content: repo.get(conf)!.content, new_content: "" }] });
    if (!emptied.ok) throw new Error(emptied.error);
    const restarted = ran(emptied.repo, "systemctl restart postgresql");
    expect(readState(restarted.repo).units["postgresql.service"]!.active).toBe("failed");
    expect(look(restarted.repo, "journalctl -u postgresql -n 5")).toContain('could not open configuration file "/var/lib/postgresql/14/main/pg_hba.conf": No such file or directory');
    expect(readState(ran(repo, "systemctl restart postgresql").repo).units["postgresql.service"]!.active).toBe("active");
  });

  it("edits host files by absolute path, and never the host's reserved state", () => {
    const repo = hostOf("nginx_misconfiguration");
    const edit = applyEditAction(repo, { action_type: "replace_line", file_path: "/etc/hostname", line_number: 1, new_content: "web-01" });
    expect(edit.ok).toBe(true);
    for (const file_path of [".breakfix/host.json", "/.breakfix/host.json", "./.breakfix/host.json"]) {
      const out = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path, old_content: "", new_content: "{}" }] });
      expect(out.ok, file_path).toBe(false);
    }
  });
});
