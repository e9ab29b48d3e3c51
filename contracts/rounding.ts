/** Rounds away binary noise (0.05 + 0.35 + 0.25 + 0.25 is 0.9000000000000001) so reported rewards and scores are stable. */
export function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
