/**
 * The server's settings: options passed to createApp win, then the environment (MAX_SESSIONS,
 * SESSION_TTL_S, MAX_BODY_BYTES), then the defaults.
 */
import { DEFAULT_MAX_BODY_BYTES } from "../contracts/limits.js";
import type { Catalog } from "../tasks/catalog.js";
import type { ErrorLogger } from "./errors.js";

export interface AppOptions {
  /** Live HTTP episodes at most (env MAX_SESSIONS, default 1024); the default episode counts. */
  maxSessions?: number;
  /** Seconds without use after which an episode is dropped (env SESSION_TTL_S, default 900). */
  sessionTtlSeconds?: number;
  /** Largest request body accepted, in bytes (env MAX_BODY_BYTES, default 1 MiB). */
  maxBodyBytes?: number;
  /** Milliseconds since the epoch; tests inject one to expire episodes without waiting. */
  clock?: () => number;
  /** The task catalogue; the built-in one by default. */
  catalog?: Catalog;
  /** Where unexpected errors are logged (never sent to clients); console.error by default. */
  logError?: ErrorLogger;
  /** Period of the background expiry sweep in ms; 0 turns it off (expiry stays lazy). */
  sweepIntervalMs?: number;
}

export const DEFAULTS = { maxSessions: 1024, sessionTtlSeconds: 900, maxBodyBytes: DEFAULT_MAX_BODY_BYTES } as const;

export type ResolvedOptions = Required<Omit<AppOptions, "catalog" | "sweepIntervalMs">> &
  Pick<AppOptions, "catalog" | "sweepIntervalMs">;

/** Merges options, environment and defaults; a malformed environment value is an error, not a silent default. */
export function resolveOptions(options: AppOptions, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  return {
    maxSessions: options.maxSessions ?? positiveInt(env, "MAX_SESSIONS") ?? DEFAULTS.maxSessions,
    sessionTtlSeconds: options.sessionTtlSeconds ?? positiveInt(env, "SESSION_TTL_S") ?? DEFAULTS.sessionTtlSeconds,
    maxBodyBytes: options.maxBodyBytes ?? positiveInt(env, "MAX_BODY_BYTES") ?? DEFAULTS.maxBodyBytes,
    clock: options.clock ?? Date.now,
    logError: options.logError ?? ((message, error) => console.error(message, error)),
    catalog: options.catalog,
    sweepIntervalMs: options.sweepIntervalMs,
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  }
  return value;
}
