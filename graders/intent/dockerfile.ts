/**
 * A Dockerfile still builds what it built: its named stages are all there, and an image that ran as a non-root
 * user still does (switching to root to get past a permission error defeats the point).
 */
import { isDockerfilePath } from "../../simulators/docker/index.js";
import { parseDockerfile } from "../../simulators/docker/parse.js";
import type { IntentCheck } from "./types.js";

function finalUser(content: string): string | null {
  const parsed = parseDockerfile(content);
  const final = parsed.stages[parsed.stages.length - 1];
  if (!final) return null;
  const user = [...final.instructions].reverse().find((i) => i.keyword === "USER");
  return user ? user.args.trim() : null;
}

const isRoot = (user: string | null) => user === null || /^(root|0)(:|$)/.test(user);

export const dockerfileIntent: IntentCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    if (!isDockerfilePath(path)) continue;
    const now = after.get(path);
    if (!now) continue; // filesKept reports it
    const was = parseDockerfile(file.content);
    const is = parseDockerfile(now.content);
    for (const stage of was.stages) {
      if (stage.name && !is.stages.some((s) => s.name === stage.name)) violations.push(`${path}: build stage '${stage.name}' was removed`);
    }
    if (is.stages.length < was.stages.length) violations.push(`${path}: build stages were removed`);
    if (!isRoot(finalUser(file.content)) && isRoot(finalUser(now.content))) violations.push(`${path}: the image now runs as root`);
  }
  return violations;
};
