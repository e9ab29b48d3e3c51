/**
 * A small cache of parses by file content. Every step checks intent on the episode's starting files and the
 * current ones, and most files are the scenario's own unchanged strings, so the same text is parsed again
 * and again. The cache is bounded by bytes, not entries: a few hundred entries of a few kilobytes each is a
 * few megabytes, but as many large files would be gigabytes. Each entry is charged its content's length
 * times PARSE_EXPANSION (the text and its parse); the least recently used entries go first, and a text too
 * large to share the budget is parsed without being kept. Cached values are shared: callers must not mutate them.
 */
import { MAX_PARSE_CACHE_BYTES, PARSE_EXPANSION } from "../../contracts/limits.js";

/** A cached parse and the bytes it is charged. */
interface Entry<T> {
  value: T;
  bytes: number;
}

/** The estimated bytes of a cached parse of `content`. */
export const parseCost = (content: string): number => content.length * PARSE_EXPANSION;

/**
 * `parse`, remembered by content within `maxBytes` (MAX_PARSE_CACHE_BYTES by default).
 * @example const documents = memoByContent(readDocuments); documents(text) === documents(text)
 */
export function memoByContent<T>(parse: (content: string) => T, maxBytes = MAX_PARSE_CACHE_BYTES): ((content: string) => T) & { readonly bytes: number; readonly size: number } {
  const cache = new Map<string, Entry<T>>();
  let held = 0;
  const lookup = (content: string): T => {
    const hit = cache.get(content);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      cache.delete(content);
      cache.set(content, hit);
      return hit.value;
    }
    const value = parse(content);
    const bytes = parseCost(content);
    // One entry may take an eighth of the budget at most, so that one large file cannot flush the rest.
    if (bytes > maxBytes / 8) return value;
    while (held + bytes > maxBytes) {
      const [oldest, entry] = cache.entries().next().value!;
      cache.delete(oldest);
      held -= entry.bytes;
    }
    cache.set(content, { value, bytes });
    held += bytes;
    return value;
  };
  return Object.defineProperties(lookup, {
    bytes: { get: () => held },
    size: { get: () => cache.size },
  }) as typeof lookup & { readonly bytes: number; readonly size: number };
}
