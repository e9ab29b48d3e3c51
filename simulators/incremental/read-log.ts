/**
 * Which parts of a repository a stretch of simulation read. A simulation is a pure function of the files it
 * reads (and of the world and options its caller keys it by), so what it found can be reused on a later state
 * of the repository in which every file it read is the same: that is what makes a step cost what its change
 * costs. The log is filled by reading through `trackedRepository`, so nothing a simulator reads can escape it:
 * a file looked up, a path tested, or the repository's listing (any walk over its paths).
 */
import type { RepoFile, Repository } from "../repository.js";

/** What was read of one path: its file as it was (null: it did not exist). */
type ContentRead = RepoFile | null;

export class ReadLog {
  /** Paths whose file (content and mode) was read, or whose absence was. */
  readonly files = new Map<string, ContentRead>();
  /** Paths only tested for presence. */
  readonly presence = new Map<string, boolean>();
  /** The repository's paths were walked: any added or removed path may change the outcome. */
  listing = false;

  noteFile(path: string, file: RepoFile | undefined): void {
    if (!this.files.has(path)) this.files.set(path, file === undefined ? null : { content: file.content, mode: file.mode });
  }

  notePresence(path: string, present: boolean): void {
    if (!this.presence.has(path)) this.presence.set(path, present);
  }

  /** Whether `repo` holds, everywhere this log read, what the repository it was filled from held. */
  holdsIn(repo: Repository, listingOf: (repo: Repository) => string, recordedListing: string | null): boolean {
    if (this.listing && listingOf(repo) !== recordedListing) return false;
    for (const [path, was] of this.files) {
      const now = repo.get(path);
      if (was === null ? now !== undefined : now === undefined || now.content !== was.content || now.mode !== was.mode) return false;
    }
    for (const [path, was] of this.presence) if (repo.has(path) !== was) return false;
    return true;
  }
}

/** A file handed out by a walk over the repository: reading its content or mode is logged then, not before. */
function loggedFile(path: string, file: RepoFile, log: ReadLog): RepoFile {
  return {
    get content() {
      log.noteFile(path, file);
      return file.content;
    },
    get mode() {
      log.noteFile(path, file);
      return file.mode;
    },
  };
}

/** The repository each tracked one reads through, and the log it fills. */
const sources = new WeakMap<Repository, { repo: Repository; log: ReadLog }>();

/**
 * The repository a tracked one reads (with the log it fills), or `repo` itself with none: for a reader that
 * keeps what it derives per repository (a Dockerfile's build contexts) and logs its reads itself.
 */
export function readThrough(repo: Repository): { repo: Repository; log: ReadLog | null } {
  return sources.get(repo) ?? { repo, log: null };
}

/**
 * `repo` as a simulator sees it, every read logged in `log`. Looking a file up logs its content (a simulator
 * that looks a file up reads it); a walk logs the listing, and the content of each file it yields only when
 * that content is read.
 */
export function trackedRepository(repo: Repository, log: ReadLog): Repository {
  const walk = function* (): IterableIterator<[string, RepoFile]> {
    log.listing = true;
    for (const [path, file] of repo) yield [path, loggedFile(path, file, log)];
  };
  // A ReadonlyMap in all but its iterators' nominal type (generators, not MapIterators): the same protocol.
  const tracked = {
    get size() {
      log.listing = true;
      return repo.size;
    },
    get(path: string) {
      const file = repo.get(path);
      log.noteFile(path, file);
      return file;
    },
    has(path: string) {
      const present = repo.has(path);
      log.notePresence(path, present);
      return present;
    },
    keys() {
      log.listing = true;
      return repo.keys();
    },
    entries: walk,
    [Symbol.iterator]: walk,
    *values() {
      for (const [, file] of walk()) yield file;
    },
    forEach(callback: (file: RepoFile, path: string, map: Repository) => void, thisArg?: unknown) {
      for (const [path, file] of walk()) callback.call(thisArg, file, path, tracked);
    },
  } as unknown as Repository;
  sources.set(tracked, { repo, log });
  return tracked;
}
