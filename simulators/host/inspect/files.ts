/**
 * Looking at the host's files with their owners, modes and sizes: ls -l, stat, du, df, lsof. The times are
 * the boot's (the scenario's clock does not date files), the sizes are the files' apparent sizes.
 */
import { modeString, octal } from "../fs.js";
import { hostPath, isUnder, keyOf } from "../paths.js";
import { syslogTime } from "../time.js";
import type { HostCommand } from "./context.js";
import { failed, human, ok } from "./context.js";

/** `Mar  1 04:12`, ls's date for a file of this year. */
function date(t: number): string {
  return syslogTime(t).slice(0, 12);
}

export const ls: HostCommand = (argv, _stdin, look) => {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of argv.slice(1)) {
    if (/^-[alhRdA1tr]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (a.startsWith("-")) return failed(`ls: invalid option -- '${a.replace(/^-+/, "")[0]}'\nTry 'ls --help' for more information.\n`, 2);
    else operands.push(a);
  }
  const { fs, state } = look;
  const long = flags.has("l");
  const hidden = flags.has("a") || flags.has("A");
  const row = (key: string, name: string) => {
    const s = fs.stat(key)!;
    if (!long) return name;
    const size = flags.has("h") ? human(s.size) : String(s.size);
    return `${modeString(s.type, s.mode)} ${s.type === "dir" ? 2 : 1} ${s.owner.padEnd(8)} ${s.group.padEnd(8)} ${size.padStart(flags.has("h") ? 5 : 10)} ${date(state.booted)} ${name}`;
  };
  const out: string[] = [];
  let status = 0;
  const targets = operands.length === 0 ? ["."] : operands;
  for (const [i, operand] of targets.entries()) {
    const key = keyOf(operand === "." ? "/" : operand);
    if (key === null || !fs.exists(key)) {
      out.push(`ls: cannot access '${operand}': No such file or directory`);
      status = 2;
      continue;
    }
    if (!fs.isDir(key) || flags.has("d")) {
      out.push(row(key, operand));
      continue;
    }
    if (targets.length > 1) out.push(`${i > 0 ? "\n" : ""}${operand}:`);
    const entries = fs.entries(key).filter((e) => !e.key.startsWith(".breakfix") && (hidden || !e.name.startsWith(".")));
    if (long) out.push(`total ${entries.reduce((s, e) => s + Math.ceil((fs.stat(e.key)!.size || 0) / 4096) * 4, 0)}`);
    if (flags.has("a") && long) out.push(row(key, "."), row(key.split("/").slice(0, -1).join("/"), ".."));
    const sorted = flags.has("t") ? entries : entries;
    for (const e of flags.has("r") ? [...sorted].reverse() : sorted) out.push(row(e.key, e.name));
  }
  return { out: out.length > 0 ? `${out.join("\n")}\n` : "", status };
};

export const stat: HostCommand = (argv, _stdin, look) => {
  const operands: string[] = [];
  let format: string | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "-c" || a === "--format" || a === "--printf") format = argv[++i] ?? "";
    else if (a.startsWith("--format=") || a.startsWith("--printf=")) format = a.slice(a.indexOf("=") + 1);
    else if (a.startsWith("-c") && a.length > 2) format = a.slice(2);
    else if (a === "-L") continue;
    else operands.push(a);
  }
  if (operands.length === 0) return failed("stat: missing operand\nTry 'stat --help' for more information.\n");
  const out: string[] = [];
  let status = 0;
  for (const operand of operands) {
    const key = keyOf(operand);
    const s = key === null ? null : look.fs.stat(key);
    if (!s) {
      out.push(`stat: cannot statx '${operand}': No such file or directory`);
      status = 1;
      continue;
    }
    if (format !== null) {
      out.push(format.replace(/%a/g, (s.mode & 0o7777).toString(8)).replace(/%A/g, modeString(s.type, s.mode)).replace(/%U/g, s.owner).replace(/%G/g, s.group).replace(/%s/g, String(s.size)).replace(/%n/g, operand));
      continue;
    }
    const uid = look.fs.accounts.user(s.owner)?.uid ?? 0;
    const gid = look.fs.accounts.group(s.group)?.gid ?? 0;
    out.push(
      `  File: ${operand}`,
      `  Size: ${String(s.size).padEnd(10)}\tBlocks: ${String(Math.ceil(s.size / 512)).padEnd(10)} IO Block: 4096   ${s.type === "dir" ? "directory" : s.size === 0 ? "regular empty file" : "regular file"}`,
      `Access: (${octal(s.mode)}/${modeString(s.type, s.mode)})  Uid: (${String(uid).padStart(5)}/${s.owner.padStart(8)})   Gid: (${String(gid).padStart(5)}/${s.group.padStart(8)})`,
    );
  }
  return { out: `${out.join("\n")}\n`, status };
};

export const du: HostCommand = (argv, _stdin, look) => {
  const flags = new Set<string>();
  let depth: number | null = null;
  const operands: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--max-depth=")) depth = Number(a.slice(12));
    else if (a === "-d") depth = Number(argv[++i]);
    else if (/^-[shacx]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (a.startsWith("-")) return failed(`du: invalid option -- '${a.replace(/^-+/, "")}'\n`);
    else operands.push(a);
  }
  if (flags.has("s")) depth = 0;
  const { fs } = look;
  // A directory's size is summed once: `du / / /` walks the tree again for each operand, not each sum.
  const sizes = new Map<string, number>();
  const size = (key: string): number => {
    let bytes = sizes.get(key);
    if (bytes === undefined) {
      bytes = fs.filesUnder(key).reduce((s, k) => s + Math.ceil(fs.stat(k)!.size / 4096) * 4096, 0) + 4096;
      sizes.set(key, bytes);
    }
    return bytes;
  };
  const show = (bytes: number) => (flags.has("h") ? human(bytes) : String(Math.ceil(bytes / 1024)));
  const out: string[] = [];
  let total = 0;
  let status = 0;
  for (const operand of operands.length === 0 ? ["."] : operands) {
    const key = keyOf(operand === "." ? "/" : operand);
    if (key === null || !fs.exists(key)) {
      out.push(`du: cannot access '${operand}': No such file or directory`);
      status = 1;
      continue;
    }
    const rows: string[] = [];
    const walk = (k: string, shown: string, level: number) => {
      if (fs.isDir(k)) {
        for (const e of fs.entries(k)) {
          if (e.key.startsWith(".breakfix")) continue;
          if (e.dir) walk(e.key, `${shown.replace(/\/$/, "")}/${e.name}`, level + 1);
          else if (flags.has("a") && (depth === null || level + 1 <= depth)) rows.push(`${show(Math.ceil(fs.stat(e.key)!.size / 4096) * 4096)}\t${shown.replace(/\/$/, "")}/${e.name}`);
        }
      }
      if (depth === null || level <= depth) rows.push(`${show(fs.isDir(k) ? size(k) : Math.ceil(fs.stat(k)!.size / 4096) * 4096)}\t${shown}`);
    };
    walk(key, operand, 0);
    out.push(...rows);
    total += size(key);
  }
  if (flags.has("c")) out.push(`${show(total)}\ttotal`);
  return { out: `${out.join("\n")}\n`, status };
};

export const df: HostCommand = (argv, _stdin, look) => {
  const humanSizes = argv.some((a) => /^-[a-zA-Z]*h/.test(a));
  const operands = argv.slice(1).filter((a) => !a.startsWith("-"));
  const { fs, state } = look;
  const mounts = operands.length === 0 ? state.facts.mounts : operands.map((o) => fs.mountOf(keyOf(o) ?? ""));
  const rows = [["Filesystem", humanSizes ? "Size" : "1K-blocks", "Used", humanSizes ? "Avail" : "Available", "Use%", "Mounted on"]];
  for (const m of [...new Set(mounts)]) {
    const u = fs.usage(m);
    const f = (b: number) => (humanSizes ? (b === 0 ? "0" : human(b)) : String(Math.floor(b / 1024)));
    rows.push([m.source, f(m.size), f(u.used), f(u.available), `${u.pct}%`, m.target]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return ok(rows.map((r) => r.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" ").trimEnd()).join("\n") + "\n");
};

/** lsof +L1 (files deleted while open), lsof -i :PORT, lsof PATH. */
export const lsof: HostCommand = (argv, _stdin, look) => {
  const { state } = look;
  const header = "COMMAND     PID     USER   FD   TYPE DEVICE   SIZE/OFF NLINK     NODE NAME";
  const comm = (pid: number) => (state.processes.find((p) => p.pid === pid)?.command.split(" ")[0]!.split("/").pop() ?? "?").replace(/:$/, "").slice(0, 9);
  const user = (pid: number) => state.processes.find((p) => p.pid === pid)?.user ?? "?";
  if (argv.includes("+L1")) {
    if (state.deleted.length === 0) return { out: "", status: 1 };
    return ok([header, ...state.deleted.map((d, i) => `${comm(d.pid).padEnd(9)} ${String(d.pid).padStart(7)} ${user(d.pid).padStart(8)}   ${3 + i}w   REG  259,1 ${String(d.size).padStart(10)}     0   ${String(262200 + i).padStart(6)} ${hostPath(d.path)} (deleted)`)].join("\n") + "\n");
  }
  const i = argv.indexOf("-i");
  if (i >= 0) {
    const port = Number((argv[i + 1] ?? "").replace(/^.*:/, ""));
    const rows = state.processes.filter((p) => p.listens.some((l) => l.startsWith("tcp ") && l.endsWith(`:${port}`)));
    if (rows.length === 0) return { out: "", status: 1 };
    return ok(["COMMAND   PID     USER   FD   TYPE DEVICE SIZE/OFF NODE NAME", ...rows.map((p) => `${comm(p.pid).padEnd(9)} ${String(p.pid).padStart(5)} ${p.user.padStart(8)}    6u  IPv4  31522      0t0  TCP ${p.listens.find((l) => l.endsWith(`:${port}`))!.slice(4).replace("0.0.0.0", "*")} (LISTEN)`)].join("\n") + "\n");
  }
  const target = argv.slice(1).find((a) => !a.startsWith("-"));
  if (target) {
    const key = keyOf(target);
    const holders = state.processes.filter((p) => key !== null && p.opens.some((o) => isUnder(o, key)));
    if (holders.length === 0) return { out: "", status: 1 };
    return ok([header, ...holders.map((p) => `${comm(p.pid).padEnd(9)} ${String(p.pid).padStart(7)} ${p.user.padStart(8)}    3w   REG  259,1          0     1   262144 ${hostPath(p.opens.find((o) => isUnder(o, key!))!)}`)].join("\n") + "\n");
  }
  return failed("lsof: only `lsof +L1`, `lsof -i :PORT` and `lsof PATH` are simulated\n");
};
