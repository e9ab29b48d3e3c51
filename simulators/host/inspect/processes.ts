/** The process table and memory as ps, top, free and uptime print them. */
import { memoryUsage } from "../memory.js";
import { cpuLoad } from "../app/serve.js";
import type { HostProcess } from "../state.js";
import { clockTime } from "../time.js";
import type { HostCommand, HostLook } from "./context.js";
import { failed, ok } from "./context.js";

function pctMem(look: HostLook, p: HostProcess): string {
  return ((p.rss_kib * 100) / look.state.facts.memory_kib).toFixed(1);
}

function started(look: HostLook, p: HostProcess): string {
  return p.started < look.state.clock - 86400 ? "Mar01" : clockTime(p.started).slice(0, 5);
}

export const ps: HostCommand = (argv, _stdin, look) => {
  const args = argv.slice(1).join(" ");
  let procs = [...look.state.processes];
  const sort = /--sort[= ](-?)(%?\w+)/.exec(args);
  if (sort) {
    const key = sort[2]!.replace("%", "");
    const value = (p: HostProcess) => (key === "mem" || key === "rss" ? p.rss_kib : key === "cpu" ? p.cpu_pct : p.pid);
    procs.sort((a, b) => (sort[1] === "-" ? value(b) - value(a) : value(a) - value(b)) || a.pid - b.pid);
  }
  const user = /-u\s+(\S+)/.exec(args)?.[1];
  if (user) procs = procs.filter((p) => p.user === user);
  const pid = /-p\s+(\d+)/.exec(args)?.[1];
  if (pid) procs = procs.filter((p) => p.pid === Number(pid));
  if (/(^|\s)-ef\b|(^|\s)-e\b/.test(args) && !/aux/.test(args)) {
    const rows = procs.map((p) => `${p.user.padEnd(8)} ${String(p.pid).padStart(7)} ${String(p.ppid).padStart(7)}  0 ${started(look, p).padEnd(5)} ?        00:00:0${p.cpu_pct > 50 ? 9 : 1} ${p.command}`);
    return ok(["UID          PID    PPID  C STIME TTY          TIME CMD", ...rows].join("\n") + "\n");
  }
  if (/aux|ax|-A/.test(args) || args.trim() === "" || user || pid) {
    const rows = procs.map((p) => `${p.user.slice(0, 8).padEnd(8)} ${String(p.pid).padStart(7)} ${p.cpu_pct.toFixed(1).padStart(4)} ${pctMem(look, p).padStart(4)} ${String(p.rss_kib * 2 + 4000).padStart(8)} ${String(p.rss_kib).padStart(6)} ?        ${p.state}${p.ppid === 1 || p.ppid === 0 ? "s" : ""}   ${started(look, p).padEnd(5)}   ${p.cpu_pct > 50 ? "47:12" : "0:01"} ${p.command}`);
    return ok(["USER         PID %CPU %MEM      VSZ    RSS TTY      STAT START   TIME COMMAND", ...rows].join("\n") + "\n");
  }
  return failed("ps: only ps aux, ps -ef, ps -u USER, ps -p PID and --sort=-%mem|-%cpu|-rss are simulated\n");
};

export const free: HostCommand = (argv, _stdin, look) => {
  const m = memoryUsage(look.state);
  const unit = argv.includes("-g") ? 1024 * 1024 : argv.includes("-k") ? 1 : argv.includes("-h") ? 0 : 1024;
  const show = (kib: number) => (unit === 0 ? (kib === 0 ? "0B" : kib >= 1024 * 1024 ? `${(kib / 1024 / 1024).toFixed(1)}Gi` : `${Math.round(kib / 1024)}Mi`) : String(Math.round(kib / unit)));
  const cache = Math.min(420_000, m.available);
  const row = (name: string, cells: string[]) => `${name.padEnd(7)}${cells.map((c) => c.padStart(12)).join("")}`;
  return ok(
    [
      "               total        used        free      shared  buff/cache   available",
      row("Mem:", [show(m.total), show(m.used), show(Math.max(0, m.available - cache)), show(12_000), show(cache), show(m.available)]),
      row("Swap:", [show(look.state.facts.swap_kib), show(0), show(look.state.facts.swap_kib)]),
    ].join("\n") + "\n",
  );
};

function uptimeLine(look: HostLook): string {
  const up = look.state.clock - look.state.booted;
  const days = Math.floor(up / 86400);
  const hm = `${Math.floor((up % 86400) / 3600)}:${String(Math.floor((up % 3600) / 60)).padStart(2, "0")}`;
  const load = cpuLoad(look.state).toFixed(2);
  return ` ${clockTime(look.state.clock)} up ${days} days, ${hm},  2 users,  load average: ${load}, ${load}, ${load}`;
}

export const uptime: HostCommand = (_argv, _stdin, look) => ok(`${uptimeLine(look)}\n`);

export const top: HostCommand = (argv, _stdin, look) => {
  if (!argv.includes("-b")) return failed("top: only batch mode is simulated: top -b -n 1\n");
  const m = memoryUsage(look.state);
  const procs = [...look.state.processes].sort((a, b) => b.cpu_pct - a.cpu_pct || b.rss_kib - a.rss_kib || a.pid - b.pid);
  const busy = Math.min(100, (cpuLoad(look.state) * 100) / look.state.facts.cpus);
  const rows = procs.map((p) => `${String(p.pid).padStart(7)} ${p.user.slice(0, 8).padEnd(8)}  20   0 ${String(p.rss_kib * 2 + 4000).padStart(7)} ${String(p.rss_kib).padStart(6)}   8124 ${p.state} ${p.cpu_pct.toFixed(1).padStart(5)} ${pctMem(look, p).padStart(5)}   0:01.42 ${p.command.split(" ")[0]!.split("/").pop()!.replace(/:$/, "")}`);
  return ok(
    [
      `top - ${uptimeLine(look).trim()}`,
      `Tasks: ${procs.length + 120} total,   ${procs.filter((p) => p.state === "R").length + 1} running, ${procs.length + 119} sleeping,   0 stopped,   0 zombie`,
      `%Cpu(s): ${busy.toFixed(1)} us,  0.7 sy,  0.0 ni, ${(100 - busy).toFixed(1)} id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st`,
      `MiB Mem :  ${(m.total / 1024).toFixed(1)} total,  ${(m.available / 1024).toFixed(1)} free,  ${(m.used / 1024).toFixed(1)} used,    410.6 buff/cache`,
      `MiB Swap:      0.0 total,      0.0 free,      0.0 used.  ${(m.available / 1024).toFixed(1)} avail Mem`,
      "",
      "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
      ...rows,
    ].join("\n") + "\n",
  );
};
