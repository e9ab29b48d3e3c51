/**
 * The machine's resources as df, free and uptime show them: each mount's usage against the alert threshold
 * (writers other than root fail once only the reserved blocks are left), memory against its threshold, and
 * the CPU's run queue against the number of cores.
 */
import type { RuleEngine } from "../../engine/engine.js";
import type { HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import { memoryUsage } from "../memory.js";
import type { HostState } from "../state.js";
import { cpuLoad } from "../app/serve.js";

export function observeResources(engine: RuleEngine, fs: HostFs, state: HostState): void {
  const fstab = fs.content("etc/fstab") ?? "";
  const mounts = engine.unit<HostEvent>(HOST_DOMAIN, "etc/fstab");
  mounts.enter("resources");
  for (const m of state.facts.mounts) {
    const usage = fs.usage(m);
    const line = Math.max(1, fstab.split("\n").findIndex((l) => l.split(/\s+/)[1] === m.target) + 1);
    const largest = [...fs.files.keys()]
      .filter((k) => fs.mountOf(k) === m)
      .map((k) => ({ path: `/${k}`, size: fs.stat(k)!.size }))
      .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))
      .slice(0, 5);
    const deletedOpen = state.deleted.filter((d) => fs.mountOf(d.path) === m).reduce((s, d) => s + d.size, 0);
    mounts.emit({ type: "mount-usage", target: m.target, line, pct: usage.pct, full: usage.full, threshold: state.facts.thresholds.disk_pct, used: usage.used, size: m.size, largest, deletedOpen });
  }
  mounts.finish();
  const mem = memoryUsage(state);
  const top = [...state.processes].sort((a, b) => b.rss_kib - a.rss_kib || a.pid - b.pid).slice(0, 5);
  const memory = engine.unit<HostEvent>(HOST_DOMAIN, "proc/meminfo");
  memory.enter("resources");
  memory.emit({ type: "memory", pct: mem.pct, threshold: state.facts.thresholds.memory_pct, totalKib: mem.total, availableKib: mem.available, top: top.map((p) => ({ pid: p.pid, user: p.user, command: p.command, rss_kib: p.rss_kib })) });
  memory.finish();
  const load = engine.unit<HostEvent>(HOST_DOMAIN, "proc/loadavg");
  load.enter("resources");
  const busy = [...state.processes].sort((a, b) => b.cpu_pct - a.cpu_pct || a.pid - b.pid).slice(0, 5);
  load.emit({ type: "cpu-load", load: Math.round(cpuLoad(state) * 100) / 100, cpus: state.facts.cpus, top: busy.map((p) => ({ pid: p.pid, user: p.user, command: p.command, cpu_pct: p.cpu_pct })) });
  load.finish();
}
