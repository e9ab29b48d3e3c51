/**
 * HOST013-HOST015: the machine's resources. A filesystem above its alert threshold (or with nothing left for
 * writers other than root), memory above its threshold, and more runnable work than CPUs.
 */
import { hostRule } from "../events.js";
import { hostCase } from "./cases.js";

function size(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)}G` : `${Math.round(bytes / 1024 ** 2)}M`;
}

export const diskFull = hostRule({
  code: "HOST013",
  name: "disk-full",
  summary: "every filesystem must stay below its alert threshold, with room for its writers",
  stage: "runtime",
  severity: "error",
  phase: "resources",
  on: {
    "mount-usage"(e, ctx) {
      if (e.pct < e.threshold && !e.full) return;
      const log = [
        `ALERT: ${e.target} is ${e.pct}% full (threshold ${e.threshold}%)`,
        `$ df -h ${e.target}`,
        "Filesystem      Size  Used Avail Use% Mounted on",
        `${"-".padEnd(15)} ${size(e.size).padStart(4)} ${size(e.used).padStart(5)} ${e.full ? "   0" : ""} ${e.pct}% ${e.target}`.replace(/^- +/, "                "),
        `$ sudo du -ah ${e.target} | sort -rh | head`,
        ...e.largest.map((f) => `${size(f.size)}\t${f.path}`),
        ...(e.deletedOpen > 0 ? [`(and ${size(e.deletedOpen)} in files deleted while still open: lsof +L1)`] : []),
      ];
      ctx.report({ line: e.line }, `${e.target} is ${e.pct}% full${e.full ? ": No space left on device for writers other than root" : ""} (threshold ${e.threshold}%)`, { log: log.join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "a log flood", files: hostCase([{ host: { grow: "/var/log/shop/gunicorn.log", bytes: 9_700_000_000 } }]), file: "etc/fstab", line: 2, message: "/var/log is 100% full" }],
  },
});

export const memoryExhausted = hostRule({
  code: "HOST014",
  name: "memory-exhausted",
  summary: "memory in use must stay below the alert threshold (above it the OOM killer picks victims)",
  stage: "runtime",
  severity: "error",
  phase: "resources",
  on: {
    memory(e, ctx) {
      if (e.pct < e.threshold) return;
      const log = [
        `ALERT: memory ${e.pct}% used (threshold ${e.threshold}%), ${Math.round(e.availableKib / 1024)}Mi available`,
        "$ ps aux --sort=-rss | head",
        "USER         PID   RSS COMMAND",
        ...e.top.map((p) => `${p.user.padEnd(10)} ${String(p.pid).padStart(5)} ${String(p.rss_kib).padStart(8)} ${p.command}`),
      ];
      ctx.report({ line: 1 }, `memory is ${e.pct}% used, ${Math.round(e.availableKib / 1024)} MiB available (threshold ${e.threshold}%)`, { log: log.join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "a leaking process", files: hostCase([{ host: { spawn: { user: "deploy", command: "python3 /home/deploy/export_all.py", rss_kib: 6_200_000 } } }]), file: "proc/meminfo", line: 1, message: "memory is" }],
  },
});

export const cpuSaturated = hostRule({
  code: "HOST015",
  name: "cpu-saturated",
  summary: "runnable work must not exceed the CPUs (requests then wait past their timeouts)",
  stage: "runtime",
  severity: "error",
  phase: "resources",
  on: {
    "cpu-load"(e, ctx) {
      if (e.load <= e.cpus) return;
      const log = [`ALERT: load average ${e.load.toFixed(2)} on ${e.cpus} CPUs`, "$ top -b -n 1 | head", "    PID USER      %CPU COMMAND", ...e.top.map((p) => `${String(p.pid).padStart(7)} ${p.user.padEnd(9)} ${p.cpu_pct.toFixed(1).padStart(5)} ${p.command}`)];
      ctx.report({ line: 1 }, `load average ${e.load.toFixed(2)} on ${e.cpus} CPUs`, { log: log.join("\n") });
    },
  },
  cases: {
    valid: [{ files: hostCase() }],
    invalid: [{ name: "three busy loops on two CPUs", files: hostCase([{ host: { spawn: { user: "deploy", command: "yes", rss_kib: 900, cpu_pct: 99.7, count: 3 } } }]), file: "proc/loadavg", line: 1, message: "load average" }],
  },
});
