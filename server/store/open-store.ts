/**
 * EPISODE_STORE: which episode store a server uses. Unset or `memory`: this process's memory (one server).
 * `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS): Redis, shared by every replica of a fleet.
 */
import type { Logger } from "../log.js";
import type { EpisodeStore, EvictionListener } from "./episode-store.js";
import { MemoryEpisodeStore } from "./memory-store.js";
import { RedisEpisodeStore } from "./redis-store.js";

export interface StoreSettings {
  maxSessions: number;
  ttlSeconds: number;
  clock: () => number;
  logger?: Logger;
  onEvict?: EvictionListener;
}

/**
 * The store `spec` names.
 * @throws Error for a value that is neither `memory` nor a redis:// or rediss:// URL.
 * @example openEpisodeStore("redis://127.0.0.1:6379", { maxSessions: 1024, ttlSeconds: 900, clock: Date.now })
 */
export function openEpisodeStore(spec: string | undefined, settings: StoreSettings): EpisodeStore {
  const value = spec?.trim() ?? "";
  if (value === "" || value === "memory") return new MemoryEpisodeStore(settings);
  if (!isRedisUrl(value)) throw new Error(`EPISODE_STORE must be 'memory' or a redis:// (rediss://) URL, got '${value.slice(0, 120)}'`);
  return new RedisEpisodeStore({ url: value, ...settings });
}

/** Whether `value` is a redis:// or rediss:// URL with a host. */
export function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
  } catch {
    return false;
  }
}
