/** A generated scenario's id, `gen:<split>:<difficulty>:<seed>` (README: generated scenarios), read into its parts. */

/** The largest seed an id can carry: its seed has at most 15 digits. */
export const MAX_SEED = 999_999_999_999_999;

/**
 * The parts of a generated scenario's id, or null for any other id.
 * @example parseGeneratedId("gen:train:hard:7") // { split: "train", difficulty: "hard", seed: 7 }
 */
export function parseGeneratedId(id: string): { split: string; difficulty: string; seed: number } | null {
  const match = /^gen:([a-z]+):([a-z]+):(\d{1,15})$/.exec(id);
  if (match === null) return null;
  return { split: match[1]!, difficulty: match[2]!, seed: Number(match[3]) };
}
