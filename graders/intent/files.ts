/** Files the repository started with must still exist and still have content. */
import type { IntentCheck } from "./types.js";

export const filesKept: IntentCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    const now = after.get(path);
    if (!now) violations.push(`${path} was deleted`);
    else if (file.content.trim() !== "" && now.content.trim() === "") violations.push(`${path} was emptied`);
  }
  return violations;
};
