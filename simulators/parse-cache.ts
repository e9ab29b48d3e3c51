/**
 * Parses kept by file content. Every step simulates the episode's current files, and most files are the
 * scenario's own unchanged strings, so the same text would be parsed again and again.
 *
 * Every cache of parses (manifests, Dockerfiles, workflows, the generator's readings of workflows) draws on one
 * budget of bytes, MAX_PARSE_CACHE_BYTES, not one each: the bound is what the process may hold in parses,
 * whichever kind fills it. An entry is charged what it was measured to hold on the heap (its text, its parse
 * and what the simulators derive from that parse and keep with it: a manifest's decoded objects, GitHub's
 * reading of a workflow), as a fixed part plus a factor per character of its text, each cache its own factor
 * (scripts/parse-memory.ts measures them; a test holds the charge at or above what the heap really keeps).
 * When the budget is full the least recently used entry of all the caches goes first; a text too large to
 * share the budget is parsed without being kept. Cached values are shared: callers must not mutate them.
 */

/** Bytes every cache of parses together may hold, as charged. */
export const MAX_PARSE_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * Bytes a kept parse holds per character of its text where a cache states none, and what a section outcome is
 * charged per character it read (incremental/sections.ts: its facts hold parses and what is derived from them;
 * measured at 26 over generated scenarios, scripts/parse-memory.ts).
 */
export const PARSE_EXPANSION = 32;

/** Bytes an entry holds whatever its text: the map's entry, the parse's own objects, the key. */
export const PARSE_ENTRY_BYTES = 1024;

/** How one cache is charged. */
export interface ParseCharge {
  /** What the cache holds, for `parseCacheUse`. */
  name: string;
  /** Bytes held per character of text (PARSE_EXPANSION by default). */
  expansion?: number;
  /** A budget of its own rather than the shared one (a test's small cache). */
  maxBytes?: number;
}

interface Entry<T> {
  value: T;
  bytes: number;
  /** When it was last used, on the budget's clock: the oldest entry of all the caches goes first. */
  used: number;
}

interface Cache {
  readonly name: string;
  readonly entries: Map<string, Entry<unknown>>;
  held: number;
}

/** One budget and the caches that draw on it. */
class Budget {
  readonly caches: Cache[] = [];
  held = 0;
  clock = 0;

  constructor(readonly limit: number) {}

  /** Drops least recently used entries, of whichever cache holds them, until `bytes` more fit. */
  makeRoom(bytes: number): void {
    while (this.held + bytes > this.limit) {
      let oldest: Cache | null = null;
      let at = Infinity;
      for (const cache of this.caches) {
        // Each cache's map is in order of use (a hit is re-inserted), so its first entry is its oldest.
        const first = cache.entries.values().next();
        if (!first.done && first.value.used < at) {
          at = first.value.used;
          oldest = cache;
        }
      }
      if (oldest === null) return;
      const [key, entry] = oldest.entries.entries().next().value!;
      oldest.entries.delete(key);
      oldest.held -= entry.bytes;
      this.held -= entry.bytes;
    }
  }
}

const shared = new Budget(MAX_PARSE_CACHE_BYTES);

/** The bytes `content` is charged in a cache that holds `expansion` bytes per character. */
export const parseCost = (content: string, expansion = PARSE_EXPANSION): number => PARSE_ENTRY_BYTES + content.length * expansion;

/**
 * `parse`, remembered by content within the shared budget (or one of its own).
 * @example const documents = memoByContent(readDocuments, { name: "manifests", expansion: 30 }); documents(text) === documents(text)
 */
export function memoByContent<T>(parse: (content: string) => T, charge: ParseCharge): ((content: string) => T) & { readonly bytes: number; readonly size: number } {
  const budget = charge.maxBytes === undefined ? shared : new Budget(charge.maxBytes);
  const expansion = charge.expansion ?? PARSE_EXPANSION;
  const cache: Cache = { name: charge.name, entries: new Map(), held: 0 };
  budget.caches.push(cache);
  const entries = cache.entries as Map<string, Entry<T>>;
  const lookup = (content: string): T => {
    const hit = entries.get(content);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      entries.delete(content);
      hit.used = budget.clock++;
      entries.set(content, hit);
      return hit.value;
    }
    const value = parse(content);
    const bytes = parseCost(content, expansion);
    // One entry may take half the budget at most, so that one large text cannot flush the rest. Half, not less:
    // the largest file a repository may hold (MAX_FILE_BYTES) is charged 52 MB at workflows' 100 bytes a
    // character, and a file too large to keep is parsed again at every step while unchanged (at an eighth,
    // every workflow over 168 KB and manifest over 372 KB was).
    if (bytes > budget.limit / 2) return value;
    budget.makeRoom(bytes);
    entries.set(content, { value, bytes, used: budget.clock++ });
    cache.held += bytes;
    budget.held += bytes;
    return value;
  };
  return Object.defineProperties(lookup, {
    bytes: { get: () => cache.held },
    size: { get: () => entries.size },
  }) as typeof lookup & { readonly bytes: number; readonly size: number };
}

/** What each cache drawing on the shared budget holds: entries and bytes charged. */
export function parseCacheUse(): { name: string; entries: number; chars: number; bytes: number }[] {
  return shared.caches.map((c) => {
    let chars = 0;
    for (const key of c.entries.keys()) chars += key.length;
    return { name: c.name, entries: c.entries.size, chars, bytes: c.held };
  });
}

/** Drops every parse kept within the shared budget (or only those of the cache named `name`). */
export function forgetParses(name?: string): void {
  for (const cache of shared.caches) {
    if (name !== undefined && cache.name !== name) continue;
    shared.held -= cache.held;
    cache.held = 0;
    cache.entries.clear();
  }
}
