/**
 * A small cache of parses by file content. Every step checks intent on the episode's starting files and the
 * current ones, and most files are the scenario's own unchanged strings, so the same text is parsed again
 * and again; the cache keeps the last few hundred results. Cached values are shared: callers must not mutate them.
 */
export function memoByContent<T>(parse: (content: string) => T, capacity = 512): (content: string) => T {
  const cache = new Map<string, T>();
  return (content) => {
    const hit = cache.get(content);
    if (hit !== undefined) return hit;
    const value = parse(content);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
    cache.set(content, value);
    return value;
  };
}
