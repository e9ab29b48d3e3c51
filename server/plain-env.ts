/**
 * The yaml package reads `process.env.LOG_TOKENS` for every token it parses: Node's `process.env` is the C
 * environment behind an interceptor, about 0.2 µs a read, which is a quarter of the time a manifest or a workflow
 * takes to parse. The processes and workers breakfix starts read their environment once, when they start
 * (server/options.ts), and never change it, so each swaps `process.env` for a plain copy of itself: the same
 * names and values, read at the cost of a property. A library user's process keeps its own environment.
 */
export function usePlainEnvironment(): void {
  process.env = { ...process.env };
}
