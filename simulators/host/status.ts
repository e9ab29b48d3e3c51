/**
 * `systemctl status UNIT` and the journal as journalctl prints them, from the unit's state and the journal
 * entries systemd and the daemons wrote.
 */
import type { Repository } from "../repository.js";
import { changedOnDisk, description, loadedUnit } from "./systemd.js";
import type { HostState, JournalEntry } from "./state.js";
import { ago, syslogTime, systemdTime } from "./time.js";
import { unitFileKey, value } from "./units.js";

export function journalLine(state: HostState, e: JournalEntry): string {
  return `${syslogTime(e.t)} ${state.facts.hostname} ${e.ident}${e.pid !== undefined ? `[${e.pid}]` : ""}: ${e.message}`;
}

/** The unit's journal entries (systemd's about it and its processes'), oldest first. */
export function unitJournal(state: HostState, unit: string): JournalEntry[] {
  return state.journal.filter((e) => e.unit === unit);
}

function memory(kib: number): string {
  return kib >= 1024 * 1024 ? `${(kib / 1024 / 1024).toFixed(1)}G` : `${(kib / 1024).toFixed(1)}M`;
}

export function statusText(files: Repository, state: HostState, name: string, lines = 10): string[] {
  const draft = { files, state };
  const u = state.units[name];
  const unit = loadedUnit(draft, name);
  const key = unitFileKey(files, name);
  const desc = description(unit, name);
  if (!u && !unit) return [`Unit ${name} could not be found.`];
  const active = u?.active ?? "inactive";
  const dot = active === "active" ? "●" : active === "failed" ? "×" : "○";
  const out = [`${dot} ${name} - ${desc}`];
  const enabled = u?.masked ? "masked" : u?.enabled ? "enabled" : "disabled";
  out.push(u?.masked ? `     Loaded: masked (Reason: Unit ${name} is masked.)` : `     Loaded: loaded (/${key ?? `etc/systemd/system/${name}`}; ${enabled}; vendor preset: enabled)`);
  const since = u ? `since ${systemdTime(u.since)}; ${ago(state.clock - u.since)}` : "";
  if (active === "active") out.push(`     Active: active (${u!.sub}) ${since}`);
  else if (active === "failed") out.push(`     Active: failed (Result: ${u!.result ?? "exit-code"}) ${since}`);
  else out.push(`     Active: inactive (dead)${u ? ` ${since}` : ""}`);
  const docs = unit ? value(unit, "Unit.Documentation") : undefined;
  if (docs) out.push(`       Docs: ${docs}`);
  if (active === "active" && u?.main_pid !== undefined) {
    const procs = state.processes.filter((p) => p.unit === name);
    const main = procs.find((p) => p.pid === u.main_pid);
    out.push(`   Main PID: ${u.main_pid} (${main ? main.command.split(" ")[0]!.replace(/:$/, "").split("/").pop() : "?"})`);
    out.push(`      Tasks: ${procs.length} (limit: 9402)`);
    out.push(`     Memory: ${memory(procs.reduce((s, p) => s + p.rss_kib, 0))}`);
    out.push(`     CGroup: /system.slice/${name}`);
    procs.forEach((p, i) => out.push(`             ${i === procs.length - 1 ? "└─" : "├─"}${p.pid} "${p.command}"`));
  } else if (active === "failed" && u?.status) {
    out.push(`    Process: ${Math.max(1, state.next_pid - 1)} ExecStart=${unit ? value(unit, "Service.ExecStart") ?? "" : ""} (code=exited, status=${u.status})`);
  }
  if (changedOnDisk(draft, name)) out.push(`Warning: The unit file, source configuration file or drop-ins of ${name} changed on disk. Run 'systemctl daemon-reload' to reload units.`);
  const journal = unitJournal(state, name).slice(-lines);
  if (journal.length > 0) out.push("", ...journal.map((e) => journalLine(state, e)));
  return out;
}
