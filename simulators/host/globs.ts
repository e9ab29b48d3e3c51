/** The shell's pathname expansion on the host: an unquoted word with *, ? or [ names the files it matches. */
import { compileGlob, matchGlob } from "../glob.js";
import type { HostFs } from "./fs.js";
import { hostPath } from "./paths.js";
import { isHostStatePath } from "./state.js";

export function expandHostGlob(fs: HostFs, word: string): string[] {
  if (!/[*?[]/.test(word)) return [word];
  const absolute = word.startsWith("/");
  let glob;
  try {
    glob = compileGlob(word.replace(/^\/+/, ""), "filepath");
  } catch {
    return [word];
  }
  // As in sh, a wildcard does not match a leading dot unless the pattern's segment starts with one.
  const segments = word.replace(/^\/+/, "").split("/");
  const visible = (k: string) => k.split("/").every((seg, i) => !seg.startsWith(".") || (segments[i] ?? "").startsWith("."));
  const candidates = [...fs.files.keys(), ...fs.directories()].filter((k) => k !== "" && !isHostStatePath(k) && visible(k));
  const matched = [...new Set(candidates)].filter((k) => matchGlob(glob, k)).sort();
  if (matched.length === 0) return [word];
  return matched.map((k) => (absolute ? hostPath(k) : k));
}
