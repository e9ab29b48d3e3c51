/**
 * CPU time of a process (every thread), from /proc/<pid>/stat (Linux): what a server spent on a window of
 * load, to divide by the steps it answered. Clock ticks are 1/100 s on Linux (USER_HZ), so a window needs a
 * few hundred milliseconds of CPU to be read to a few percent.
 */
import { readFileSync } from "node:fs";

const USER_HZ = 100;

/** User plus system CPU milliseconds the process has used so far, or NaN where /proc cannot be read. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields from after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / USER_HZ;
  } catch {
    return Number.NaN;
  }
}
