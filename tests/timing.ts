/** Timing for the cost bounds the robustness tests check: single runs, and medians robust to a busy machine. */

/** The median time of `runs` calls of `f`, in ms: robust to a busy machine's outliers. */
export function medianMs(runs: number, f: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    f();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** What `f` returns and how long it took, in ms. */
export function timed<T>(f: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = f();
  return { value, ms: performance.now() - started };
}
