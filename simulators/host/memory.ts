/**
 * Memory as free(1) and the kernel count it: what every process holds resident plus what the kernel keeps,
 * out of the host's RAM; MemAvailable is what a new allocation can still get before the OOM killer acts.
 */
import type { HostState } from "./state.js";

export interface MemoryUsage {
  total: number;
  used: number;
  available: number;
  /** Used as a percentage of the total, rounded down. */
  pct: number;
}

export function memoryUsage(state: HostState): MemoryUsage {
  const total = state.facts.memory_kib;
  const used = Math.min(total, state.facts.kernel_kib + state.processes.reduce((sum, p) => sum + p.rss_kib, 0));
  const available = Math.max(0, total - used);
  return { total, used, available, pct: Math.floor((used * 100) / total) };
}

export function availableMemoryKib(state: HostState): number {
  return memoryUsage(state).available;
}
