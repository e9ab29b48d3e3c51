/** What every route module needs from the app that mounts it. */
import type { Catalog } from "../tasks/catalog.js";
import type { ResolvedOptions } from "./options.js";
import type { SessionStore } from "./sessions.js";

export interface ServerContext {
  catalog: Catalog;
  sessions: SessionStore;
  options: ResolvedOptions;
}
