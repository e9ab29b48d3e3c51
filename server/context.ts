/** What every route module needs from the app that mounts it. */
import type { Catalog } from "../tasks/catalog.js";
import type { Lifecycle } from "./lifecycle.js";
import type { Logger } from "./log.js";
import type { ServerMetrics } from "./metrics.js";
import type { ResolvedOptions } from "./options.js";
import type { EpisodePool } from "./pool/pool.js";
import type { SessionStore } from "./sessions.js";

export interface ServerContext {
  catalog: Catalog;
  sessions: SessionStore;
  /** Plays every episode and grading (in-process or on worker threads). */
  pool: EpisodePool;
  options: ResolvedOptions;
  logger: Logger;
  metrics: ServerMetrics;
  lifecycle: Lifecycle;
}
