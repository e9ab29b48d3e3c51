/**
 * Where a daemon reads its configuration from: the files on disk now, or the copy a running daemon read
 * when it last (re)loaded. Probes of a running daemon read the second, `nginx -t` and the next restart the first.
 */
import type { Repository } from "../repository.js";
import type { ConfigSource } from "./nginx/parse.js";
import { hostPath, keyOf } from "./paths.js";

export function diskSource(files: Repository): ConfigSource {
  return {
    read: (p) => {
      const key = keyOf(p);
      return key === null ? undefined : files.get(key)?.content;
    },
    paths: () => [...files.keys()].map(hostPath),
  };
}

export function loadedSource(loaded: Readonly<Record<string, string>>): ConfigSource {
  return {
    read: (p) => {
      const key = keyOf(p);
      return key !== null && Object.hasOwn(loaded, key) ? loaded[key] : undefined;
    },
    paths: () => Object.keys(loaded).map(hostPath),
  };
}

/** The files a configuration read, as a snapshot keyed like the repository. */
export function snapshot(source: ConfigSource, hostPaths: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of hostPaths) {
    const content = source.read(p);
    const key = keyOf(p);
    if (content !== undefined && key !== null) out[key] = content;
  }
  return out;
}
