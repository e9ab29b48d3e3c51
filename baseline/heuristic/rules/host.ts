/**
 * Repairs for a simulated Linux host, keyed on the alert or failing check in error_message and on the host's
 * files (what an on-call engineer has): a data directory PostgreSQL refuses, a port another process holds
 * (found with `ss -tlnp`), a missing semicolon nginx -t points at, a unit user that does not exist, a full
 * filesystem's largest file, a logrotate file with a bad mode, a cron script without its execute bit, an
 * upstream port nobody listens on, and a DROP rule for the web ports.
 */
import type { Action } from "../../../contracts/actions.js";
import { nearest } from "../closest.js";
import type { RepairRule } from "../rule.js";
import type { RepairView } from "../view.js";
import { replaceLine } from "../view.js";

const run = (command: string): Action => ({ action_type: "host", command });
const look = (command: string): Action => ({ action_type: "inspect", command });
/** A host's files are relative to /: /etc/x is etc/x. */
const key = (path: string) => path.replace(/^\/+/, "");
const isHost = (view: RepairView) => view.paths.includes("etc/passwd") && view.paths.some((p) => p.startsWith("etc/systemd/") || p.startsWith("lib/systemd/"));

/** The unit a status log is about (`× nginx.service - ...`, `$ systemctl status X`). */
function unitOf(log: string): string | null {
  return /systemctl status (\S+\.service)/.exec(log)?.[1] ?? /(?:●|×|○) (\S+\.service)/.exec(log)?.[1] ?? null;
}

export const dataDirectoryMode: RepairRule = {
  name: "postgres-data-directory-mode",
  summary: 'PostgreSQL refuses its data directory ("has invalid permissions") → chmod 700, then start it',
  propose(view) {
    const dir = /data directory "([^"]+)" has invalid permissions/.exec(view.log)?.[1];
    return dir && isHost(view) ? [run(`chmod 700 ${dir}`), run(`systemctl restart ${unitOf(view.log) ?? "postgresql"}`)] : [];
  },
};

export const portTaken: RepairRule = {
  name: "port-taken",
  summary: "a daemon cannot bind (Address already in use) → find the holder with ss -tlnp, kill it, start the unit",
  propose(view) {
    const port = /bind\(\) to [\d.]+:(\d+) failed \(98: Address already in use\)|Bind to port (\d+) .* Address already in use/.exec(view.log);
    const unit = unitOf(view.log);
    if (!port || !unit || !isHost(view)) return [];
    const p = port[1] ?? port[2];
    const seen = view.observation.inspect_output ?? "";
    const holder = new RegExp(`:${p}\\s+\\S+\\s+users:\\(\\("([^"]+)",pid=(\\d+)`).exec(seen);
    if (!holder) return [look("ss -tlnp")];
    return [run(`kill ${holder[2]}`), run(`systemctl start ${unit}`)];
  },
};

export const nginxSemicolon: RepairRule = {
  name: "nginx-missing-semicolon",
  summary: "nginx -t fails on arguments or a parameter → the line before it ends without `;`: add it and start nginx",
  propose(view) {
    const m = /\[emerg\] (?:invalid number of arguments|invalid parameter)[^\n]* in \/(\S+):(\d+)/.exec(view.log);
    if (!m || !isHost(view)) return [];
    const lines = view.lines(m[1]!);
    for (let n = Number(m[2]) - 1; n >= 1; n--) {
      const line = lines[n - 1] ?? "";
      if (line.trim() === "" || line.trim().startsWith("#")) continue;
      if (/[;{}]\s*$/.test(line)) {
        // The directive itself lacks its semicolon (the error is on its own line).
        const own = lines[Number(m[2]) - 1] ?? "";
        return /[;{}]\s*$/.test(own) ? [] : [replaceLine(m[1]!, Number(m[2]), `${own.replace(/\s+$/, "")};`), run("systemctl restart nginx")];
      }
      return [replaceLine(m[1]!, n, `${line.replace(/\s+$/, "")};`), run("systemctl restart nginx")];
    }
    return [];
  },
};

export const unitUser: RepairRule = {
  name: "unit-user",
  summary: "status=217/USER → the unit's User= set to the nearest account /etc/passwd has, then daemon-reload and restart",
  propose(view) {
    const unit = unitOf(view.log);
    if (!/status=217\/USER/.test(view.log) || !unit || !isHost(view)) return [];
    const file = view.paths.find((p) => p.endsWith(`/systemd/system/${unit}`));
    if (!file) return [];
    const lines = view.lines(file);
    const at = lines.findIndex((l) => /^User=/.test(l));
    if (at < 0) return [];
    const users = view.lines("etc/passwd").map((l) => l.split(":")[0]!).filter(Boolean);
    const better = nearest(lines[at]!.slice(5), users);
    return better ? [replaceLine(file, at + 1, `User=${better}`), run(`systemctl daemon-reload && systemctl restart ${unit}`)] : [];
  },
};

/** Logs an engineer keeps whatever the disk says: the security and system records. */
const RECORDS = /(auth\.log|syslog|wtmp|btmp|lastlog|journal|kern\.log)$/;

export const diskFull: RepairRule = {
  name: "disk-full",
  summary: "a filesystem over its threshold → empty the largest file `du` lists there, unless it is a record to keep",
  propose(view) {
    if (!/^ALERT: \S+ is \d+% full/m.test(view.log) || !isHost(view)) return [];
    const files = [...view.log.matchAll(/^[\d.]+[KMG]?\t(\/\S+)$/gm)].map((m) => m[1]!).filter((f) => !RECORDS.test(f));
    const first = files[0];
    return first ? [run(`truncate -s 0 ${first}`)] : [];
  },
};

export const logrotateMode: RepairRule = {
  name: "logrotate-mode",
  summary: "logrotate ignores a file for its mode → chmod 644 it",
  propose(view) {
    const name = /Ignoring (\S+) because of bad file mode/.exec(view.log)?.[1];
    return name && view.paths.includes(`etc/logrotate.d/${name}`) ? [run(`chmod 644 /etc/logrotate.d/${name}`)] : [];
  },
};

export const scriptNotExecutable: RepairRule = {
  name: "script-not-executable",
  summary: "sh: SCRIPT: Permission denied for a script on the host → chmod +x it",
  propose(view) {
    const script = /\/bin\/sh: \d+: (\/\S+): Permission denied/.exec(view.log)?.[1];
    return script && view.paths.includes(key(script)) ? [run(`chmod +x ${script}`)] : [];
  },
};

export const upstreamRefused: RepairRule = {
  name: "upstream-refused",
  summary: "nginx's upstream refuses connections → point it at the port the app's unit binds, and reload",
  propose(view) {
    const m = /connect\(\) failed \(111: Connection refused\) while connecting to upstream.*upstream: "http:\/\/([\d.]+):(\d+)/.exec(view.log);
    if (!m || !isHost(view)) return [];
    const bind = view.paths.map((p) => /--bind[ =](?:127\.0\.0\.1|0\.0\.0\.0|localhost):(\d+)/.exec(view.content(p) ?? "")?.[1]).find((x) => x !== undefined);
    if (!bind || bind === m[2]) return [];
    const site = view.paths.find((p) => p.startsWith("etc/nginx/") && (view.content(p) ?? "").includes(`${m[1]}:${m[2]}`));
    if (!site) return [];
    const text = view.content(site)!;
    return [{ action_type: "edit_file", edits: [{ file_path: site, old_content: text, new_content: text.replaceAll(`${m[1]}:${m[2]}`, `${m[1]}:${bind}`) }] }, run("systemctl reload nginx")];
  },
};

export const webPortsDropped: RepairRule = {
  name: "web-ports-dropped",
  summary: "customers time out on 80/443 → remove a DROP for the web ports from rules.v4 and load it",
  propose(view) {
    if (!/Failed to connect to \S+ port (80|443) after \d+ ms: Timeout/.test(view.log)) return [];
    const rules = "etc/iptables/rules.v4";
    const lines = view.lines(rules);
    const at = lines.findIndex((l) => /^-A INPUT .*--dports? (80|443|80,443)\b.*-j (DROP|REJECT)/.test(l));
    if (at < 0) return [];
    return [{ action_type: "delete_line", file_path: rules, line_number: at + 1 }, run("netfilter-persistent reload")];
  },
};

/** After a repair, what a daemon needs to pick it up: a failed unit is started again, nginx reloads on a 502. */
export const applyRepairs: RepairRule = {
  name: "apply-repairs",
  summary: "a unit still failed → restart it; nginx still answering 502 → reload it; a firewall file changed → load it",
  propose(view) {
    if (!isHost(view)) return [];
    const out: Action[] = [];
    for (const m of view.log.matchAll(/^- (\S+\.service) is enabled but (?:failed|inactive)/gm)) out.push(run(`systemctl daemon-reload && systemctl restart ${m[1]}`));
    if (/answers HTTP 502/.test(view.log)) out.push(run("systemctl reload nginx"));
    if (/Timeout was reached/.test(view.log)) out.push(run("netfilter-persistent reload"));
    return out;
  },
};

export const HOST_RULES: readonly RepairRule[] = [dataDirectoryMode, portTaken, nginxSemicolon, unitUser, logrotateMode, diskFull, scriptNotExecutable, upstreamRefused, webPortsDropped, applyRepairs];
