/** Facts an engineer looks up in the repository's docs: a variable's example value, the memory the app needs. */
import type { RepairView } from "../view.js";

/**
 * The example value the docs give for variable `name`: `NAME=value`, `NAME: value`, or the first code span
 * after the name on a line that mentions it (a README table row). Null when the docs do not say.
 */
export function documentedValue(view: RepairView, name: string): string | null {
  for (const path of view.docs) {
    for (const line of view.lines(path)) {
      if (!line.includes(name)) continue;
      const assigned = new RegExp(`\\b${name}\\s*[=:]\\s*["'\`]?([^\\s"'\`|,]+)`).exec(line)?.[1];
      if (assigned !== undefined && !assigned.startsWith("$")) return assigned;
      const spans = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      const own = spans.findIndex((v) => v.includes(name));
      const span = spans.slice(own + 1).find((v) => !/^(yes|no|required|optional)$/i.test(v) && !/\s/.test(v));
      if (span !== undefined) return span;
    }
  }
  return null;
}

const UNIT: Record<string, number> = { mi: 1, mib: 1, mb: 1, m: 1, gi: 1024, gib: 1024, gb: 1024, g: 1024 };

/** The memory sizes (in MiB) the docs mention on lines about memory, largest first. */
export function documentedMemory(view: RepairView): number[] {
  const sizes: number[] = [];
  for (const path of view.docs) {
    for (const line of view.lines(path)) {
      if (!/memory|\bRAM\b|resident|heap|\bRSS\b|MiB|GiB/i.test(line)) continue;
      for (const m of line.matchAll(/(\d+(?:\.\d+)?)\s*(MiB|GiB|Mi|Gi|MB|GB)\b/gi)) {
        sizes.push(Math.ceil(Number(m[1]) * (UNIT[(m[2] ?? "").toLowerCase()] ?? 1)));
      }
    }
  }
  return sizes.sort((a, b) => b - a);
}
