/**
 * The daemons' own checks and the small identity tools: nginx -t/-T, sshd -t/-T, crontab -l, last and
 * lastb (from the SSH logins auth.log records), id, whoami, hostname, uname, date, pwd.
 */
import { testNginx, testOutput } from "../daemons/nginx.js";
import { testSshd } from "../daemons/sshd.js";
import { settingsFor } from "../sshd/config.js";
import { diskSource } from "../sources.js";
import { systemdTime } from "../time.js";
import type { HostCommand } from "./context.js";
import { failed, ok } from "./context.js";

export const nginx: HostCommand = (argv, _stdin, look) => {
  const check = testNginx(diskSource(look.files), look.fs, look.state);
  if (argv.includes("-t") || argv.includes("-T")) {
    const out = testOutput(check).join("\n") + "\n";
    if (!argv.includes("-T") || !check.ok) return { out, status: check.ok ? 0 : 1 };
    return ok(out + check.model.files.map((f) => `# configuration file ${f}:\n${look.files.get(f.slice(1))?.content ?? ""}`).join("\n"));
  }
  if (argv.includes("-v") || argv.includes("-V")) return ok("nginx version: nginx/1.18.0 (Ubuntu)\n");
  return failed("nginx: only -t, -T and -v look; reload or stop it with the host action (nginx -s reload, systemctl reload nginx)\n");
};

export const sshd: HostCommand = (argv, _stdin, look) => {
  if (!argv.includes("-t") && !argv.includes("-T")) return failed("sshd: only -t and -T look; the running sshd is ssh.service\n");
  const test = testSshd(diskSource(look.files), look.fs);
  if (!test.ok || argv.includes("-t")) return { out: test.output.length > 0 ? `${test.output.join("\n")}\n` : "", status: test.ok ? 0 : 255 };
  const settings = settingsFor(test.config, null);
  const defaults: Record<string, string> = { port: "22", permitrootlogin: "without-password", passwordauthentication: "yes", pubkeyauthentication: "yes", strictmodes: "yes", maxauthtries: "6", usepam: "yes" };
  const keys = new Set([...Object.keys(defaults), ...settings.keys()]);
  return ok([...keys].sort().map((k) => `${k} ${(settings.get(k) ?? [defaults[k]!]).join(" ")}`).join("\n") + "\n");
};

export const crontab: HostCommand = (argv, _stdin, look) => {
  if (!argv.includes("-l")) return failed("crontab: only `crontab -l [-u USER]` looks here; change crontabs with the edit actions (var/spool/cron/crontabs/USER, etc/cron.d/*)\n");
  const u = argv.indexOf("-u");
  const user = u >= 0 ? argv[u + 1] ?? "root" : "root";
  const content = look.files.get(`var/spool/cron/crontabs/${user}`)?.content;
  return content === undefined ? failed(`no crontab for ${user}\n`) : ok(content);
};

interface Login {
  user: string;
  from: string;
  at: string;
}

function sshdLines(look: Parameters<HostCommand>[2], pattern: RegExp): Login[] {
  const text = [look.files.get("var/log/auth.log")?.content ?? ""].join("\n");
  const out: Login[] = [];
  for (const line of text.split("\n")) {
    const m = pattern.exec(line);
    if (m) out.push({ at: line.slice(0, 12), user: m[1]!, from: m[2]! });
  }
  return out;
}

export const last: HostCommand = (argv, _stdin, look) => {
  const bad = argv[0] === "lastb";
  const logins = bad ? sshdLines(look, /Failed password for (?:invalid user )?(\S+) from (\S+)/) : sshdLines(look, /Accepted \S+ for (\S+) from (\S+)/);
  const rows = [...logins].reverse().map((l) => `${l.user.padEnd(8)} ${(bad ? "ssh:notty" : "pts/0").padEnd(12)} ${l.from.padEnd(16)} ${l.at.slice(0, 3)} ${l.at.slice(4, 6)} ${l.at.slice(7, 12)}   ${bad ? `- ${l.at.slice(7, 12)}  (00:00)` : "still logged in"}`);
  return ok([...rows, "", `${bad ? "btmp" : "wtmp"} begins ${systemdTime(look.state.booted).replace(/^(\w+) (\d+)-(\d+)-(\d+) (\S+) UTC$/, "$1 $3 $4 $5 $2")}`].join("\n") + "\n");
};

export const id: HostCommand = (argv, _stdin, look) => {
  const name = argv[1] ?? "root";
  const u = look.fs.accounts.user(name);
  if (!u) return failed(`id: '${name}': no such user\n`);
  const groups = [...look.fs.accounts.groupsOf(name)].map((g) => `${g}(${look.fs.accounts.groupById(g)?.name ?? g})`);
  return ok(`uid=${u.uid}(${u.name}) gid=${u.gid}(${look.fs.accounts.groupById(u.gid)?.name ?? u.gid}) groups=${groups.join(",")}\n`);
};

export const simple: HostCommand = (argv, _stdin, look) => {
  switch (argv[0]) {
    case "whoami":
      return ok("root\n");
    case "hostname":
      return ok(`${look.state.facts.hostname}\n`);
    case "uname":
      return ok(argv.includes("-a") ? `Linux ${look.state.facts.hostname} ${look.state.facts.kernel} #111-Ubuntu SMP x86_64 x86_64 x86_64 GNU/Linux\n` : "Linux\n");
    case "date":
      return ok(`${systemdTime(look.state.clock)}\n`);
    case "pwd":
      return ok("/\n");
    default:
      return failed(`${argv[0]}: not simulated\n`);
  }
};
