/**
 * Where HTTP episodes live: their records (scenario, seed, the actions accepted; environment/episode-record.ts),
 * by episode id, with the server's default episode, capacity (MAX_SESSIONS) and idle expiry (SESSION_TTL_S)
 * enforced here. Two implementations share this interface and one contract suite: `memory`
 * (memory-store.ts, the default, one process) and `redis` (redis-store.ts, `EPISODE_STORE=redis://…`, shared
 * by any number of replicas). A replica keeps live episodes only as a cache of these records and rebuilds
 * any episode by replay, so a client may reset on one replica and step on another.
 *
 * Concurrency. Each record carries its generation (which reset made it) and its step count (the number of
 * actions). A step is committed only if the stored episode is still the generation and step count it was
 * played on; otherwise the commit is refused, the step's answer is withheld (a 409) and nothing is recorded.
 * So two replicas stepping one episode at once can never lose or duplicate an action.
 *
 * Finished episodes of the other transports (WebSocket, MCP) are archived here too, so that any finished
 * episode can be replayed from its record, whichever replica played it.
 */
import type { EpisodeRecord } from "../../environment/episode-record.js";
import { HttpError } from "../errors.js";

/** One HTTP episode as stored. */
export interface StoredEpisode {
  record: EpisodeRecord;
  /**
   * Which start of the episode this is: a reset that names an existing id restarts it under a new
   * generation, so that no replica takes an episode it cached from an earlier start for this one.
   */
  generation: string;
}

/** What a commit found: the step recorded, another step (or a restart) got there first, or the episode is gone. */
export type CommitOutcome = "committed" | "conflict" | "missing";

/** Which transport played an archived episode. */
export type ArchivedTransport = "http" | "ws" | "mcp";

/** A finished episode's record as the store keeps it for replay. */
export interface ArchivedEpisode {
  transport: ArchivedTransport;
  record: EpisodeRecord;
}

/** Why the store dropped an episode without its owner asking. */
export type StoreEviction = "expired" | "capacity";

export interface EpisodeStore {
  readonly kind: "memory" | "redis";
  /** HTTP episodes held: exact for the memory store; for Redis, as of its latest answer (a gauge, not a guarantee). */
  readonly size: number;
  /** Places the stored episodes take in this process's MAX_SESSIONS (all for memory; none for Redis, which holds them). */
  readonly placesHere: number;
  /**
   * Bytes of the records held in this process, episodes and archived ones (record-bytes.ts), toward
   * MAX_KEPT_RECORD_BYTES: exact for memory; none for Redis, which holds them.
   */
  readonly bytesHere: number;
  /**
   * Stores a new episode, or restarts one under its id (a restart takes no new place). With `asDefault`
   * it also becomes the default episode. A new place, when every one is taken, is made by dropping the
   * least recently used finished episode.
   * @param placesHeldElsewhere places of the same capacity taken outside the store (private sessions, memory only)
   * @throws CapacityError when no place can be made; StoreUnavailableError when the store cannot be reached.
   */
  start(episode: StoredEpisode, options: { asDefault: boolean; placesHeldElsewhere: number }): Promise<void>;
  /**
   * The episode `id` (null: the default episode), counting as use (its idle expiry starts again); undefined
   * when unknown, closed or expired.
   * @throws StoreUnavailableError
   */
  load(id: string | null): Promise<StoredEpisode | undefined>;
  /**
   * Records `next` (the episode after one more step) if the stored episode is still generation `generation`
   * with `steps` actions: the new actions are appended, never replacing any.
   * @throws StoreUnavailableError (then whether the step was recorded is unknown: the episode's state tells)
   */
  commit(id: string, generation: string, steps: number, next: EpisodeRecord): Promise<CommitOutcome>;
  /** Drops the episode; whether it was stored. @throws StoreUnavailableError */
  remove(id: string): Promise<boolean>;
  /**
   * Frees one place of this process's capacity by dropping the least recently used finished episode, for a
   * private session that needs one; false when there is none to drop (or the store's places are not here).
   */
  yieldPlace(): boolean;
  /**
   * Frees record bytes of this process: drops the oldest archived record, else the least recently used
   * finished episode; false when there is neither (or the store's records are not here).
   */
  yieldBytes(): boolean;
  /** Keeps a finished episode's record for replay, for SESSION_TTL_S. @throws StoreUnavailableError */
  archive(episode: ArchivedEpisode): Promise<void>;
  /** The archived record of a finished episode `id`, if still kept. @throws StoreUnavailableError */
  archived(id: string): Promise<ArchivedEpisode | undefined>;
  /** Drops what sat idle past the TTL (the memory store; Redis expires by itself); how many. */
  sweep(): number;
  /** A sentence for a 404, when the store knows more about lost episodes (a Redis that restarted empty). */
  lossNote(): string | undefined;
  /** Resolves once the store is reachable, or after `timeoutMs` (false then); the server waits for it before serving. */
  ready(timeoutMs: number): Promise<boolean>;
  /** Disconnects (the Redis client) or stops timers; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** Told when the store drops an episode by itself, so that the live copy can go too, and metrics count it. */
export type EvictionListener = (reason: StoreEviction, episodeId: string | null) => void;

/**
 * The store could not be reached (Redis down or restarting): HTTP 503 with Retry-After. Nothing is reset:
 * the episode is as it was, as long as the store keeps its data across its restart.
 */
export class StoreUnavailableError extends HttpError {
  /**
   * @param recorded "no" when nothing was written; "unknown" when the store went away while recording a step
   *   (the write may have landed before the answer was lost)
   */
  constructor(where: string, cause: string, recorded: "no" | "unknown" = "no") {
    super(
      503,
      `episode store unavailable (${where}: ${cause}); ` +
        (recorded === "no"
          ? "the request was not carried out and no episode was reset; "
          : "whether this step was recorded is unknown: read the episode's state (its actions) before sending it again; ") +
        "retry in a moment (episodes survive a Redis restart only when Redis keeps its data: appendonly or snapshots)",
      { "Retry-After": "1" },
    );
    this.name = "StoreUnavailableError";
  }
}

/** The 409 of a step that lost the race to another step (or a restart) of the same episode on another replica. */
export function lostRace(episodeId: string, stateAt: string): HttpError {
  return new HttpError(
    409,
    `episode '${episodeId}' changed while this step was played (another step or a reset of it on another replica got there first); ` +
      `this action was not recorded: read ${stateAt} and send it again if it still applies`,
  );
}
