/**
 * What the running app answers: it uses the settings it started with (its environment files as read at
 * start), opens its database for every request, writes its temporary and upload files, and needs CPU time.
 * An answer is a status and the lines the app logged; a starved app does not answer in time.
 */
import type { Repository } from "../../repository.js";
import { HostFs } from "../fs.js";
import { keyOf } from "../paths.js";
import type { HostState } from "../state.js";
import { parseEnvironmentFile, parseEnvironmentLines, parseUnit } from "../units.js";
import { connectionProblem } from "./database.js";

export type AppAnswer = { kind: "status"; status: number; log: string[] } | { kind: "timeout"; log: string[] };

/** CPU demand over capacity: above 1 the run queue never empties. */
export function cpuLoad(state: HostState): number {
  return state.processes.reduce((s, p) => s + p.cpu_pct, 0) / 100;
}

/** The environment the running unit has: its EnvironmentFiles as read at start, then Environment= lines. */
export function runningEnvironment(state: HostState, unit: string): Map<string, string> {
  const u = state.units[unit];
  const env = new Map<string, string>();
  if (!u?.unit_file) return env;
  const parsed = parseUnit(unit, "", u.unit_file);
  for (const entry of parsed.values.get("Service.EnvironmentFile") ?? []) {
    const key = keyOf(entry.replace(/^-/, ""));
    const content = key !== null && u.loaded && Object.hasOwn(u.loaded, key) ? u.loaded[key] : undefined;
    if (content !== undefined) for (const [k, v] of parseEnvironmentFile(content)) env.set(k, v);
  }
  for (const [k, v] of parseEnvironmentLines(parsed.values.get("Service.Environment") ?? [])) env.set(k, v);
  return env;
}

export function appAnswer(files: Repository, state: HostState, unit: string, path: string): AppAnswer {
  const facts = state.facts.apps[unit];
  if (!facts) return { kind: "status", status: 200, log: [] };
  if (cpuLoad(state) > state.facts.cpus) {
    return { kind: "timeout", log: [`[CRITICAL] WORKER TIMEOUT (pid:${state.units[unit]?.main_pid ?? 0})`] };
  }
  const env = runningEnvironment(state, unit);
  if (facts.database_env) {
    const problem = connectionProblem(files, state, env.get(facts.database_env));
    if (problem) return { kind: "status", status: 500, log: [`ERROR django.request: Internal Server Error: ${path}`, ...problem.map((l) => l.replace(/^psycopg2\./, "django.db.utils."))] };
  }
  const fs = new HostFs(files, state);
  const user = state.processes.find((p) => p.pid === state.units[unit]?.main_pid)?.user ?? "root";
  for (const dir of facts.writes) {
    const key = keyOf(dir)!;
    if (!fs.isDir(key) || !fs.can(user, key, "w")) return { kind: "status", status: 500, log: [`ERROR django.request: Internal Server Error: ${path}`, `PermissionError: [Errno 13] Permission denied: '${dir}/tmpq8x2k1'`] };
    const usage = fs.usage(fs.mountOf(key));
    if (user === "root" ? usage.rootFull : usage.full) return { kind: "status", status: 500, log: [`ERROR django.request: Internal Server Error: ${path}`, `OSError: [Errno 28] No space left on device: '${dir}/tmpq8x2k1'`] };
  }
  return { kind: "status", status: 200, log: [] };
}
