/**
 * Where a BuildKit cache export (`cache-to`, `--cache-to`) or import (`cache-from`) goes: its backend and the
 * location within it, as buildx reads the CSV (`type=gha,scope=api,mode=max`). Two entries that name the same
 * backend and location share one cache, whatever their mode or compression; `type=inline` (the cache in the
 * image's own config) is not the GitHub Actions cache, and a registry cache under another ref is another cache.
 */

/** Attributes that say where a backend keeps the cache, by type; the rest (mode, compression, ...) say how. */
const LOCATION: Readonly<Record<string, readonly string[]>> = {
  registry: ["ref"],
  local: ["dest", "src"],
  // buildx's gha backend scopes its cache to "buildkit" unless told otherwise.
  gha: ["scope"],
  s3: ["bucket", "region", "name", "prefix"],
  azblob: ["account_url", "name", "prefix"],
  inline: [],
};

const DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = { gha: { scope: "buildkit" } };

/**
 * The backend of one cache entry, as `type` or `type key=value ...` (location attributes only, in a fixed
 * order); a bare value is a registry ref, as buildx reads `--cache-from user/app:cache`. "unknown" for an entry
 * that names no type, a type buildx does not have, or a value left to an expression.
 * @example cacheBackend("type=gha,mode=max,scope=api") // "gha scope=api"
 */
export function cacheBackend(entry: string): string {
  const text = entry.trim();
  if (text === "" || text.includes("${{")) return "unknown";
  const fields = text.split(",").map((f) => f.trim()).filter(Boolean);
  if (fields.length === 1 && !fields[0]!.includes("=")) return `registry ref=${fields[0]}`;
  const attrs = new Map<string, string>();
  for (const field of fields) {
    const eq = field.indexOf("=");
    if (eq <= 0) return "unknown";
    attrs.set(field.slice(0, eq).trim().toLowerCase(), field.slice(eq + 1).trim());
  }
  const type = (attrs.get("type") ?? (attrs.has("ref") ? "registry" : "")).toLowerCase();
  const keys = LOCATION[type];
  if (keys === undefined) return "unknown";
  const location = keys.flatMap((k) => {
    const value = attrs.get(k) ?? DEFAULTS[type]?.[k];
    return value === undefined ? [] : [`${k}=${value}`];
  });
  return [type, ...location].join(" ");
}

/** The backends of a `cache-to`/`cache-from` input: one entry per line, as docker/build-push-action reads it. */
export function cacheBackends(input: string): string[] {
  return input
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map(cacheBackend);
}
