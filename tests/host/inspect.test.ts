/**
 * Inspections on a simulated host: each family answers from the host's state as the real tool prints it,
 * nothing an inspection does changes the host, the reserved state is not part of the host, and commands
 * that would change something are sent to the host action.
 */
import { describe, expect, it } from "vitest";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import type { Repository } from "../../simulators/repository.js";
import { HOST_STATE_PATH } from "../../simulators/host/state.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const hostOf = (id: string): Repository => repositoryFrom(catalog.scenario(id)!.files);
const look = (id: string, command: string): string => {
  const repo = hostOf(id);
  return inspectRepository(command, { repo, world: catalog.scenario(id)!.world, start: repo });
};

describe("host inspections", () => {
  it("systemctl and journalctl show a failed unit and why", () => {
    const status = look("process_recovery", "systemctl status postgresql");
    expect(status).toMatch(/^× postgresql\.service - PostgreSQL 14 database server/);
    expect(status).toContain("Active: failed (Result: exit-code)");
    expect(status).toContain('FATAL:  data directory "/var/lib/postgresql/14/main" has invalid permissions');
    expect(look("process_recovery", "systemctl is-active postgresql nginx")).toBe("failed\nactive\n");
    expect(look("process_recovery", "systemctl list-units --failed")).toContain("postgresql.service");
    expect(look("process_recovery", "journalctl -k")).toContain("segfault");
  });

  it("ss and lsof show who listens where", () => {
    const ss = look("nginx_misconfiguration", "ss -tlnp");
    expect(ss).toMatch(/127\.0\.0\.1:8000 .*users:\(\("gunicorn",pid=\d+/);
    expect(ss).toContain('users:(("nginx",pid=');
    expect(look("nginx_killed", "lsof -i :80")).toContain("python3");
  });

  it("df, du and ls -l show sizes, modes and owners as they are", () => {
    expect(look("disk_space_crisis", "df -h")).toMatch(/\/dev\/nvme1n1 +10G +\S+ +0 100% \/var\/log/);
    expect(look("disk_space_crisis", "du -sh /var/log/shop/*  | sort -rh | head -n 1")).toMatch(/^8\.3G\t\/var\/log\/shop\/gunicorn\.log\n$/);
    expect(look("disk_space_crisis", "ls -l /etc/logrotate.d")).toMatch(/-rw-rw-r-- 1 root +root .* shop\n/);
    expect(look("process_recovery", "ls -ld /var/lib/postgresql/14/main")).toMatch(/^drwxr-xr-x 2 postgres postgres +4096 Mar  1 04:12 \/var\/lib\/postgresql\/14\/main\n$/);
    expect(look("permissions_webroot", "stat -c '%a %U' /var/www/shop")).toBe("0 root\n");
  });

  it("ps, top and free show the processes and memory", () => {
    expect(look("memory_leak", "ps aux --sort=-rss | head -n 2")).toMatch(/\nshop .*export-catalog\n$/);
    expect(look("memory_leak", "free -m")).toMatch(/^ +total +used +free +shared +buff\/cache +available\nMem: +7957 /);
    expect(look("resource_exhaustion", "top -b -n 1 | head -n 1")).toMatch(/load average: 4\.\d\d/);
  });

  it("iptables, dig, getent and curl answer from the firewall, the resolver and the servers", () => {
    expect(look("firewall_blocking", "iptables -L INPUT -n --line-numbers")).toMatch(/6 +DROP +tcp/);
    expect(look("network_troubleshooting", "dig db-primary.internal")).toBe(";; connection timed out; no servers could be reached\n");
    expect(look("log_analysis", "dig +short db-primary.internal")).toBe("10.0.2.10\n");
    expect(look("dns_resolv_wiped", "getent hosts db-primary.internal")).toBe("(no output; exit status 2)\n");
    expect(look("nginx_misconfiguration", "curl -s -o /dev/null -w '%{http_code}' http://localhost/api/health")).toBe("502");
    expect(look("nginx_misconfiguration", "curl -s http://127.0.0.1:8000/api/health")).toBe('{"status": "ok"}\n');
  });

  it("the daemons' own tests, the crontabs and the login records", () => {
    expect(look("nginx_config_syntax", "nginx -t")).toBe('nginx: [emerg] invalid number of arguments in "proxy_pass" directive in /etc/nginx/sites-enabled/shop:18\nnginx: configuration file /etc/nginx/nginx.conf test failed\n');
    expect(look("sshd_config_typo", "sshd -t")).toContain("line 14: Bad configuration option: PubkeyAuthenticaton");
    expect(look("security_incident", "sshd -T | grep -i permitrootlogin")).toBe("permitrootlogin yes\n");
    expect(look("security_incident", "lastb | head -n 1")).toMatch(/^root +ssh:notty +203\.0\.113\.45 /);
    expect(look("nginx_killed", "crontab -l")).toBe("no crontab for root\n");
  });

  it("the reserved state is no file of the host", () => {
    expect(look("nginx_killed", `cat /${HOST_STATE_PATH}`)).toContain("No such file or directory");
    expect(look("nginx_killed", "ls -la /")).not.toContain(".breakfix");
    expect(look("nginx_killed", "grep -rl next_pid /")).toBe("(no output; exit status 1)\n");
  });

  it("refuses what would change the host, pointing at the host action", () => {
    for (const command of ["systemctl restart nginx", "iptables -F", "rm -rf /tmp/x", "kill 1", "echo x > /etc/hosts", "nginx -s reload"]) {
      expect(look("nginx_killed", command), command).toMatch(/^breakfix inspect: .*(host action|edit actions)/);
    }
  });

  it("changes nothing", () => {
    const repo = hostOf("cascade_upstream_auth_flood");
    const before = [...repo].map(([k, f]) => [k, f.content, f.mode]);
    for (const command of ["systemctl status shop", "journalctl -n 100", "df -h", "ps aux", "curl localhost", "iptables -S", "du -sh /var/log"]) inspectRepository(command, { repo, world: catalog.scenario("nginx_killed")!.world, start: repo });
    expect([...repo].map(([k, f]) => [k, f.content, f.mode])).toEqual(before);
  });
});
