/** Integer flags, checked: a bad number is a usage error, not a NaN that runs anyway. */
import { UsageError } from "./io.js";

/** `--name N` as an integer in [min, max], or `fallback` when absent. */
export function integerFlag(name: string, value: string | undefined, fallback: number, usage: string, min = 1, max = 1_000_000): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${value}'`, usage);
  return n;
}
