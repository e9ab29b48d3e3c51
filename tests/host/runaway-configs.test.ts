/**
 * Host configurations whose reading grew faster than their size: includes that fan out (nginx's, sshd's), a
 * unit file of continued lines or thousands of list lines, a dependency cycle whose units each want the other
 * many times, and a thousand unit names systemctl does not know. Each is answered as the daemon or systemctl
 * would, or refused naming the simulator's bound, in a bounded number of reads; a few guards' timeouts are far
 * above what the fixed readers take (milliseconds) and far below what the old ones took (18 to 30 s).
 */
import { describe, expect, it, vi } from "vitest";
import type { EditAction as Action } from "../../contracts/actions.js";
import { MAX_INCLUDED_BYTES, MAX_INCLUDED_FILES, MAX_JOURNAL_ENTRIES } from "../../contracts/limits.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import type { ConfigSource } from "../../simulators/host/nginx/parse.js";
import { checkNginx } from "../../simulators/host/nginx/model.js";
import { parseNginx } from "../../simulators/host/nginx/parse.js";
import { readSshdConfig } from "../../simulators/host/sshd/config.js";
import { effectiveSshdSettings } from "../../simulators/host/sshd/effective.js";
import { HostFs } from "../../simulators/host/fs.js";
import { simulateHost } from "../../simulators/host/simulator.js";
import { readState } from "../../simulators/host/state.js";
import { parseUnit } from "../../simulators/host/units.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

function source(files: Record<string, string>): ConfigSource {
  return { read: (p) => files[p], paths: () => Object.keys(files) };
}

const lines = (n: number, line: string) => `${Array.from({ length: n }, () => line).join("\n")}\n`;

function played(id: string, actions: Action[]): Repository {
  let repo = repositoryFrom(catalog.scenario(id)!.files);
  for (const action of actions) {
    const out = applyEditAction(repo, action);
    if (!out.ok) throw new Error(out.error);
    repo = out.repo;
  }
  return repo;
}

const create = (files: Record<string, string>): Action => ({ action_type: "edit_file", edits: Object.entries(files).map(([file_path, new_content]) => ({ file_path, old_content: "", new_content })) });

describe("nginx's includes", () => {
  it("that fan out (100 includes of a file of 100 includes) stop at MAX_INCLUDED_FILES, as nginx -t says", () => {
    const parsed = parseNginx(
      source({
        "/etc/nginx/nginx.conf": "include /etc/nginx/a.conf;\nevents {}\n",
        "/etc/nginx/a.conf": lines(100, "include /etc/nginx/b.conf;"),
        "/etc/nginx/b.conf": lines(100, "include /etc/nginx/c.conf;"),
        "/etc/nginx/c.conf": "# nothing\n",
      }),
    );
    expect(parsed.error).toMatchObject({ file: "/etc/nginx/b.conf", message: `include "/etc/nginx/c.conf" would read more than ${MAX_INCLUDED_FILES} included files in all, more than the simulator reads (MAX_INCLUDED_FILES)` });
    expect(parsed.files.length).toBe(MAX_INCLUDED_FILES + 1);
  });

  it("of a large file, again and again, stop at MAX_INCLUDED_BYTES; below it, their directives are all read", () => {
    const big = lines(1000, "pid a; ".repeat(37).trimEnd());
    expect(big.length * 2).toBeLessThan(MAX_INCLUDED_BYTES);
    const files = (times: number) => ({ "/etc/nginx/nginx.conf": "include /etc/nginx/a.conf;\nevents {}\n", "/etc/nginx/a.conf": lines(times, "include /etc/nginx/big.conf;"), "/etc/nginx/big.conf": big });
    const twice = parseNginx(source(files(2)));
    expect(twice.error).toBeNull();
    expect(twice.directives.length).toBe(2 * 1000 * 37 + 1);
    expect(parseNginx(source(files(19))).error?.message).toBe(`include "/etc/nginx/big.conf" would read more than ${MAX_INCLUDED_BYTES} bytes of included files in all, more than the simulator reads (MAX_INCLUDED_BYTES)`);
  });

  it("that fan out on the host make nginx's configuration test fail, and the restart with it", () => {
    const repo = played("nginx_config_syntax", [
      { action_type: "edit_file", edits: [{ file_path: "etc/nginx/sites-enabled/shop", old_content: "proxy_pass http://shop_app\n", new_content: "proxy_pass http://shop_app;\n" }] },
      create({ "etc/nginx/a.conf": lines(100, "include /etc/nginx/b.conf;"), "etc/nginx/b.conf": lines(100, "include /etc/nginx/c.conf;"), "etc/nginx/c.conf": "# nothing\n" }),
      { action_type: "edit_file", edits: [{ file_path: "etc/nginx/nginx.conf", old_content: "user www-data;", new_content: "user www-data;\ninclude /etc/nginx/a.conf;" }] },
      { action_type: "host", command: "systemctl restart nginx" },
    ]);
    expect(readState(repo).units["nginx.service"]!.active).toBe("failed");
    expect(inspectRepository("nginx -t", { repo, world: catalog.scenario("nginx_config_syntax")!.world, start: repo })).toContain(`more than ${MAX_INCLUDED_FILES} included files in all`);
  });

  it("reads a no-break space or a byte order mark as part of a word, as nginx does (a word of none was read forever)", () => {
    const parsed = parseNginx(source({ "/etc/nginx/nginx.conf": "\ufeffuser www-data;\nevents {}\n", "/etc/nginx/x.conf": "user\u00a0www-data;\n" }));
    expect(parsed.error).toMatchObject({ line: 1, message: 'unknown directive "\ufeffuser"' });
    expect(parseNginx(source({ "/etc/nginx/nginx.conf": "user\u00a0www-data;\nevents {}\n" })).error?.message).toBe('unknown directive "user\u00a0www-data"');
  });
});

describe("a large nginx configuration", () => {
  const servers = (n: number) => Array.from({ length: n }, (_, i) => `    server { listen ${10000 + i}; server_name s${i}.example; location / { return 200; } }\n`).join("");

  it("with no includes is read once by content: later readings share its directives (a 480 KB nginx.conf was read again at each, 0.2 s)", () => {
    const text = `user www-data;\nevents {}\nhttp {\n${servers(5800)}}\n`;
    expect(text.length).toBeGreaterThan(480_000);
    const first = parseNginx(source({ "/etc/nginx/nginx.conf": text }));
    const again = parseNginx(source({ "/etc/nginx/nginx.conf": `${text}` }));
    expect(first.error).toBeNull();
    expect(first.directives.find((d) => d.name === "http")!.children!.length).toBe(5800);
    expect(again.directives).toBe(first.directives);
    expect(again.files).toEqual(["/etc/nginx/nginx.conf"]);
    // A file that includes is read afresh, so its includes still count against the bounds each time.
    const including = source({ "/etc/nginx/nginx.conf": "include /etc/nginx/a.conf;\nevents {}\n", "/etc/nginx/a.conf": "user www-data;\n" });
    expect(parseNginx(including).directives).not.toBe(parseNginx(including).directives);
  });

  it("of thousands of servers looks for the http block's root once, not once a server", () => {
    const text = `user www-data;\nevents {}\nhttp {\n${servers(2000)}}\n`;
    const env = { userExists: () => true, resolve: () => "10.0.0.1", fileExists: () => true, dirExists: () => true };
    parseNginx(source({ "/etc/nginx/nginx.conf": text }));
    const find = vi.spyOn(Array.prototype, "find");
    try {
      const check = checkNginx(source({ "/etc/nginx/nginx.conf": text }), env);
      expect(check.ok && check.model.servers.length).toBe(2000);
      // Searches of the http block's 2,000 servers: once for its root (2,000 before, once a server).
      expect((find.mock.contexts as unknown[][]).filter((list) => list.length >= 2000).length).toBe(1);
    } finally {
      find.mockRestore();
    }
  });
});

describe("sshd's Include", () => {
  it("that fans out stops at MAX_INCLUDED_FILES with a fatal error, as a bad line stops sshd", () => {
    const config = readSshdConfig(
      source({
        "/etc/ssh/sshd_config": "Include /etc/ssh/a.conf\nPermitRootLogin no\n",
        "/etc/ssh/a.conf": lines(100, "Include /etc/ssh/b.conf"),
        "/etc/ssh/b.conf": lines(100, "Include /etc/ssh/c.conf"),
        "/etc/ssh/c.conf": "PasswordAuthentication no\n",
      }),
    );
    expect(config.errors).toEqual([`/etc/ssh/b.conf line 55: Include /etc/ssh/c.conf would read more than ${MAX_INCLUDED_FILES} included files (MAX_INCLUDED_FILES) in all, more than the simulator reads.`]);
    expect(config.files.length).toBe(MAX_INCLUDED_FILES + 1);
  });
});

describe("a unit file", () => {
  it("of 20,000 continued lines (480 KB) is read in one pass (30 s before)", { timeout: 5000 }, () => {
    const word = "abcdefghijklmnopqrstuvw";
    const unit = parseUnit("x.service", "", `[Service]\nExecStart=/bin/echo \\\n${lines(19_990, `${word} \\`)}end\n`);
    // Each piece keeps the space before its backslash, and pieces are joined by one more, as before.
    const [execStart] = unit.values.get("Service.ExecStart")!;
    expect(execStart === `/bin/echo  ${`${word}  `.repeat(19_990)}end`).toBe(true);
    expect(unit.problems).toEqual([]);
  });

  it("of 20,000 After= lines keeps every one (32 s before: the list was copied at each)", { timeout: 5000 }, () => {
    const unit = parseUnit("x.service", "", `[Unit]\n${lines(19_990, "After=a.service")}[Service]\nExecStart=/bin/true\nAfter=\n`);
    expect(unit.values.get("Unit.After")!.length).toBe(19_990);
  });

  it("reads a continued line as before: pieces joined by a space, a last backslash kept", () => {
    const unit = parseUnit("x.service", "", "[Service]\nExecStart=/bin/echo a \\\n  b\\\n\\\nc\nExecStartPre=/bin/true \\");
    expect(unit.values.get("Service.ExecStart")).toEqual(["/bin/echo a  b  c"]);
    expect(unit.values.get("Service.ExecStartPre")).toEqual(["/bin/true \\"]);
  });
});

describe("systemctl start", () => {
  it("starts each unit of a dependency cycle once, however often each names the other (K^4 starts before)", () => {
    const unit = (other: string) => `[Unit]\nDescription=${other} lover\nWants=${Array.from({ length: 20 }, () => other).join(" ")}\n[Service]\nExecStart=/nonexistent/bin\n`;
    const repo = played("nginx_config_syntax", [
      create({ "etc/systemd/system/a.service": unit("b.service"), "etc/systemd/system/b.service": unit("a.service") }),
      { action_type: "host", command: "systemctl daemon-reload" },
      { action_type: "host", command: "systemctl start a" },
    ]);
    const starts = readState(repo).journal.filter((e) => e.message.startsWith("Starting ") && e.message.endsWith(" lover..."));
    expect(starts.map((e) => e.unit)).toEqual(["b.service", "a.service"]);
    expect(readState(repo).units["a.service"]!.active).toBe("failed");
  });
});

describe("the journal", () => {
  it("keeps the newest MAX_JOURNAL_ENTRIES however often a failing unit is restarted, the newest kept", () => {
    const failing = "[Unit]\nDescription=flapper\n[Service]\nExecStart=/nonexistent/bin\nRestart=always\n";
    const restart = { action_type: "host" as const, command: `systemctl restart ${Array.from({ length: 390 }, () => "flap").join(" ")}` };
    let repo = played("nginx_config_syntax", [create({ "etc/systemd/system/flap.service": failing }), { action_type: "host", command: "systemctl daemon-reload" }]);
    // Each restart writes about 1,300 entries: a dozen write more than the journal keeps.
    for (let step = 0; step < 12; step++) {
      const out = applyEditAction(repo, restart);
      if (!out.ok) throw new Error(out.error);
      repo = out.repo;
    }
    const journal = readState(repo).journal;
    expect(journal.length).toBe(MAX_JOURNAL_ENTRIES);
    // The newest entries are the last restart's.
    expect(journal[journal.length - 1]!.unit).toBe("flap.service");
  });
});

describe("sshd_config's accumulating keywords", () => {
  it("reads 40,000 AllowUsers lines into one list, every name kept (50 s before: the list copied at each line)", { timeout: 5000 }, () => {
    const config = readSshdConfig(source({ "/etc/ssh/sshd_config": lines(40_000, "AllowUsers deploy") }));
    expect(config.errors).toEqual([]);
    expect(effectiveSshdSettings(config).allowusers!.split(" ")).toHaveLength(40_000);
  });
});

describe("systemctl status", () => {
  it("of 380 unknown names among 100 unit files reads each file's aliases once (18 s before)", { timeout: 5000 }, () => {
    const pad = lines(300, "Environment=KEY=vvvvvvvvvvvvvvvvvvvvvvvv");
    const units = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`etc/systemd/system/u${i}.service`, `[Service]\nExecStart=/bin/true\n${pad}`]));
    const repo = played("nginx_config_syntax", [
      create(Object.fromEntries(Object.entries(units).slice(0, 50))),
      create(Object.fromEntries(Object.entries(units).slice(50))),
      { action_type: "host", command: "systemctl daemon-reload" },
    ]);
    const names = Array.from({ length: 380 }, (_, i) => `z${i}`);
    const out = inspectRepository(`systemctl status ${names.join(" ")}`, { repo, world: catalog.scenario("nginx_config_syntax")!.world, start: repo });
    expect(out.split("\n").filter((l) => l.endsWith("could not be found.")).length).toBe(380);
  });
});

describe("thousands of cron jobs", () => {
  it("count each mount's usage once a reading, not at each job's write (5,000 jobs summed the host's files 10,000 times a step)", () => {
    const jobs = Array.from({ length: 300 }, (_, i) => `${i % 60} * * * * root /usr/local/bin/db-backup.sh >> /var/log/job${i}.log 2>&1\n`).join("");
    const repo = played("cron_job_failure", [create({ "etc/cron.d/many": jobs })]);
    const usage = vi.spyOn(HostFs.prototype, "usage");
    try {
      const result = simulateHost(repo, catalog.scenario("cron_job_failure")!.world);
      expect(result).toBeDefined();
      // Once a mount for the jobs, and a few times for the rest of the host (df, journald, the daemons).
      expect(usage.mock.calls.length).toBeLessThan(30);
    } finally {
      usage.mockRestore();
    }
  });
});
