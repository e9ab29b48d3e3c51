/**
 * Host paths and repository keys: the host's `/etc/nginx/nginx.conf` is the repository's `etc/nginx/nginx.conf`,
 * and the root directory is the empty key. Every host module goes through these two functions, so that a path
 * typed by an agent (absolute, relative to the shell's `/`, with `..` or doubled slashes) names one key.
 */
import path from "node:path";

/** The repository key of a host path (relative paths are read from `/`); null for a path that is not one. */
export function keyOf(hostPath: string): string | null {
  if (hostPath === "" || hostPath.includes("\0")) return null;
  const normal = path.posix.normalize(`/${hostPath}`);
  return normal === "/" ? "" : normal.replace(/^\/+/, "").replace(/\/+$/, "");
}

/** The absolute host path of a repository key. */
export function hostPath(key: string): string {
  return `/${key}`;
}

/** The directory a key is in ("" for the root's entries). */
export function parentOf(key: string): string {
  const at = key.lastIndexOf("/");
  return at < 0 ? "" : key.slice(0, at);
}

/** Whether `key` is `dir` or inside it ("" contains everything). */
export function isUnder(key: string, dir: string): boolean {
  return dir === "" || key === dir || key.startsWith(`${dir}/`);
}
