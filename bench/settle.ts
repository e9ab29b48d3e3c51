/**
 * Warming a process until V8 has compiled what the load runs. A fresh worker thread spends its first tens of
 * seconds of generated episodes with V8's background threads compiling (TurboFan optimises concurrently, on
 * threads of its own): measured on this 2-core machine, one worker generating kept 0.6 of the second core busy
 * compiling at first, and under 0.15 only after about 45 s. A window taken then counts warm-up, not the steady
 * state, and a second worker looks as if it gained little: the first one already used both cores. So a window
 * that compares worker counts begins once the process's background threads have settled.
 *
 * Background threads are every thread of the process but its main thread and its `busy` busiest others (the
 * worker threads under load), read from /proc/<pid>/task (Linux). Where /proc cannot be read, the warm-up is
 * the minimum.
 */
import { readdirSync, readFileSync } from "node:fs";

const USER_HZ = 100;
const SAMPLE_MS = 2000;

/** CPU ms each thread of `pid` has used so far, by thread id (empty where /proc cannot be read). */
export function threadCpuMs(pid: number): Map<string, number> {
  const times = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return times;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(tid, ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times;
}

/** Cores the background threads used between two readings `ms` apart (main thread and `busy` busiest left out). */
export function backgroundCores(pid: number, before: Map<string, number>, after: Map<string, number>, busy: number, ms: number): number {
  const used = [...after]
    .filter(([tid]) => tid !== String(pid))
    .map(([tid, t]) => t - (before.get(tid) ?? 0))
    .sort((a, b) => b - a);
  return used.slice(busy).reduce((sum, t) => sum + t, 0) / ms;
}

export interface SettleLimits {
  minSeconds: number;
  maxSeconds: number;
  /** Settled when the background threads use at most this many cores per busy thread. */
  coresPerBusy: number;
}

export interface Settled {
  /** How long the warm-up took. */
  seconds: number;
  /** Cores the background threads used over its last sample (NaN without /proc). */
  backgroundCores: number;
  /** False when `maxSeconds` came first. */
  settled: boolean;
}

/**
 * Waits, while the caller's load runs, until `pid`'s background threads have settled: at least `minSeconds`,
 * at most `maxSeconds`.
 */
export async function settle(pid: number, busy: number, limits: SettleLimits): Promise<Settled> {
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  await new Promise((resolve) => setTimeout(resolve, limits.minSeconds * 1000));
  let last = threadCpuMs(pid);
  if (last.size === 0) return { seconds: elapsed(), backgroundCores: Number.NaN, settled: false };
  for (;;) {
    const sampleMs = Math.max(250, Math.min(SAMPLE_MS, (limits.maxSeconds - elapsed()) * 1000));
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    const now = threadCpuMs(pid);
    const cores = backgroundCores(pid, last, now, busy, sampleMs);
    last = now;
    if (cores <= limits.coresPerBusy * busy) return { seconds: elapsed(), backgroundCores: cores, settled: true };
    if (elapsed() >= limits.maxSeconds) return { seconds: elapsed(), backgroundCores: cores, settled: false };
  }
}
