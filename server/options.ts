/**
 * The server's settings: options passed to createApp win, then the environment, then the defaults. Every
 * setting a deployment may change is an environment variable documented in the README's Operations section.
 */
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_KEPT_RECORD_BYTES } from "../contracts/limits.js";
import type { Catalog } from "../tasks/catalog.js";
import { isRedisUrl } from "./store/open-store.js";
import { LOG_LEVELS, type LogLevel, type Logger } from "./log.js";
import { defaultWorkers } from "./pool/pool.js";

export interface AppOptions {
  /** Live HTTP episodes at most (env MAX_SESSIONS, default 1024); the default episode counts. */
  maxSessions?: number;
  /** Seconds without use after which an episode is dropped (env SESSION_TTL_S, default 900). */
  sessionTtlSeconds?: number;
  /** Bytes of episode records the process keeps at most (env MAX_KEPT_RECORD_BYTES, default 256 MiB). */
  maxKeptRecordBytes?: number;
  /** Largest request body accepted, in bytes (env MAX_BODY_BYTES, default 1 MiB). */
  maxBodyBytes?: number;
  /** Worker threads that play episodes; 0 plays them in the main thread (env WORKERS, default one per core). */
  workers?: number;
  /** Longest a step (or a grading) may run before it is stopped, in ms (env STEP_TIMEOUT_MS, default 10000; needs workers). */
  stepTimeoutMs?: number;
  /** How long a shutdown may take before in-flight work is cut off, in seconds (env SHUTDOWN_TIMEOUT_S, default 10). */
  shutdownTimeoutSeconds?: number;
  /** Unsent bytes a WebSocket client may leave queued before the server stops reading its frames (env WS_BUFFER_BYTES, default 8 MiB). */
  wsBufferBytes?: number;
  /** Seconds a WebSocket client may stay over that limit before it is closed with 1013 (env WS_STALL_TIMEOUT_S, default 30). */
  wsStallTimeoutSeconds?: number;
  /** Where HTTP episode records live (env EPISODE_STORE): `memory` (the default) or a redis:// URL shared by a fleet of replicas. */
  episodeStore?: string;
  /** Log level (env LOG_LEVEL, default info): fatal, error, warn, info, debug, trace or silent. */
  logLevel?: LogLevel;
  /** A logger to use instead of one on stdout at `logLevel` (tests read their logs from one). */
  logger?: Logger;
  /** Milliseconds since the epoch; tests inject one to expire episodes without waiting. */
  clock?: () => number;
  /** The task catalogue; the built-in one by default. A custom one is played in-process (WORKERS=0). */
  catalog?: Catalog;
  /** Period of the background expiry sweep in ms; 0 turns it off (expiry stays lazy). */
  sweepIntervalMs?: number;
  /** A module whose `judge` export replaces the grader as the judge of live episodes (tests use it to make steps hang). */
  judgeModule?: string;
}

export const DEFAULTS = {
  maxSessions: 1024,
  sessionTtlSeconds: 900,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  maxKeptRecordBytes: DEFAULT_MAX_KEPT_RECORD_BYTES,
  stepTimeoutMs: 10_000,
  shutdownTimeoutSeconds: 10,
  wsBufferBytes: 8 * 1024 * 1024,
  wsStallTimeoutSeconds: 30,
  logLevel: "info",
  episodeStore: "memory",
} as const;

export type ResolvedOptions = Required<Omit<AppOptions, "catalog" | "sweepIntervalMs" | "logger" | "judgeModule">> &
  Pick<AppOptions, "catalog" | "sweepIntervalMs" | "logger" | "judgeModule">;

/** Merges options, environment and defaults; a malformed environment value is an error, not a silent default. */
export function resolveOptions(options: AppOptions, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  const workers = options.workers ?? integer(env, "WORKERS", 0) ?? (options.catalog === undefined ? defaultWorkers() : 0);
  if (workers > 0 && options.catalog !== undefined) {
    throw new Error("a custom catalogue is played in the main thread only: set WORKERS=0 (worker threads load the built-in catalogue)");
  }
  return {
    maxSessions: options.maxSessions ?? integer(env, "MAX_SESSIONS") ?? DEFAULTS.maxSessions,
    sessionTtlSeconds: options.sessionTtlSeconds ?? integer(env, "SESSION_TTL_S") ?? DEFAULTS.sessionTtlSeconds,
    maxBodyBytes: options.maxBodyBytes ?? integer(env, "MAX_BODY_BYTES") ?? DEFAULTS.maxBodyBytes,
    maxKeptRecordBytes: options.maxKeptRecordBytes ?? integer(env, "MAX_KEPT_RECORD_BYTES") ?? DEFAULTS.maxKeptRecordBytes,
    workers,
    stepTimeoutMs: options.stepTimeoutMs ?? integer(env, "STEP_TIMEOUT_MS") ?? DEFAULTS.stepTimeoutMs,
    shutdownTimeoutSeconds: options.shutdownTimeoutSeconds ?? integer(env, "SHUTDOWN_TIMEOUT_S") ?? DEFAULTS.shutdownTimeoutSeconds,
    wsBufferBytes: options.wsBufferBytes ?? integer(env, "WS_BUFFER_BYTES") ?? DEFAULTS.wsBufferBytes,
    wsStallTimeoutSeconds: options.wsStallTimeoutSeconds ?? integer(env, "WS_STALL_TIMEOUT_S") ?? DEFAULTS.wsStallTimeoutSeconds,
    episodeStore: episodeStore(options.episodeStore ?? env.EPISODE_STORE),
    logLevel: options.logLevel ?? logLevel(env) ?? DEFAULTS.logLevel,
    clock: options.clock ?? Date.now,
    logger: options.logger,
    catalog: options.catalog,
    sweepIntervalMs: options.sweepIntervalMs,
    judgeModule: options.judgeModule,
  };
}

/** An integer setting from the environment (at least `min`, 1 unless told), or undefined when unset. */
function integer(env: NodeJS.ProcessEnv, name: string, min = 1): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be ${min === 0 ? "a non-negative" : "a positive"} integer, got '${raw}'`);
  }
  return value;
}

/** EPISODE_STORE: `memory` when unset, else `memory` or a redis:// URL. */
function episodeStore(raw: string | undefined): string {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "memory") return DEFAULTS.episodeStore;
  if (!isRedisUrl(value)) throw new Error(`EPISODE_STORE must be 'memory' or a redis:// (rediss://) URL, got '${value.slice(0, 120)}'`);
  return value;
}

function logLevel(env: NodeJS.ProcessEnv): LogLevel | undefined {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw.trim() === "") return undefined;
  const level = raw.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got '${raw}'`);
  return level as LogLevel;
}
