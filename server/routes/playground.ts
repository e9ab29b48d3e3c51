/**
 * The browser pages: GET / (the playground), GET /docs (the API rendered from /openapi.json) and
 * GET /assets/:file (their scripts and styles), all built by scripts/build-web.ts into dist/web/ under the
 * package root, so the same lookup works from source (tsx) and from the build. Asset names carry a content
 * hash, so browsers may keep them for good; the pages themselves are revalidated on every load. Each file has
 * a brotli and a gzip sibling from the build, chosen by Accept-Encoding: nothing is compressed per request.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Context } from "hono";
import { Hono } from "hono";
import { quote } from "../../contracts/quote.js";
import { HttpError } from "../errors.js";
import { packageRoot } from "../package-info.js";

/** Where `npm run build` puts the pages. */
export function defaultWebDir(): string {
  return path.join(packageRoot(), "dist", "web");
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** Scripts and styles from this server only; CodeMirror and Swagger UI set inline styles, images may be data: URIs. */
const CONTENT_SECURITY_POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};
/** A hashed asset name as the build writes them; anything else (dots, slashes, `..`) is not looked up. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)+$/;

type Encoding = "br" | "gzip" | "identity";

interface StoredFile {
  type: string;
  etag: string;
  variants: Partial<Record<Encoding, Uint8Array>>;
}

/** GET /, /docs, /assets/:file, serving from `webDir` (dist/web by default). */
export function playgroundRoutes(webDir: string = defaultWebDir()): Hono {
  const app = new Hono();
  const files = new FileCache();

  const page = (name: string) => (c: Context) => {
    const file = files.read(path.join(webDir, name));
    if (file === undefined) {
      throw new HttpError(503, `the ${name === "index.html" ? "playground" : "API docs page"} is not built: run \`npm run build\` (it writes dist/web/${name})`);
    }
    return send(c, file, REVALIDATE, { "Content-Security-Policy": CONTENT_SECURITY_POLICY });
  };
  app.get("/", page("index.html"));
  app.get("/docs", page("docs.html"));

  app.get("/assets/:file", (c) => {
    const name = c.req.param("file");
    const file = ASSET_NAME.test(name) ? files.read(path.join(webDir, "assets", name)) : undefined;
    if (file === undefined) throw new HttpError(404, `no asset '${quote(name)}': asset names come from the page that references them`);
    return send(c, file, IMMUTABLE, {});
  });

  return app;
}

function send(c: Context, file: StoredFile, cacheControl: string, extra: Record<string, string>): Response {
  const headers: Record<string, string> = {
    "Content-Type": file.type,
    "Cache-Control": cacheControl,
    ETag: file.etag,
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  };
  if (matchesEtag(c.req.header("If-None-Match"), file.etag)) return c.body(null, 304, headers);
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"), file.variants);
  const body = file.variants[encoding]!;
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.byteLength);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

/** The best encoding the client accepts (q > 0) among those the build wrote: brotli, then gzip, else none. */
export function chooseEncoding(header: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get("*") ?? 0;
  for (const encoding of ["br", "gzip"] as const) {
    if (available[encoding] !== undefined && (accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return "identity";
}

/**
 * Files read once and kept while their size and mtime stay the same, so a rebuild under a running server is
 * picked up without a restart and a page load costs one stat per file.
 */
class FileCache {
  private readonly entries = new Map<string, { stamp: string; file: StoredFile }>();

  read(file: string): StoredFile | undefined {
    let stamp: string;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return undefined;
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = this.entries.get(file);
    if (cached?.stamp === stamp) return cached.file;
    const identity = readFileSync(file);
    const variants: StoredFile["variants"] = { identity };
    for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
      try {
        variants[encoding] = readFileSync(file + suffix);
      } catch {
        // No sibling (a file placed by hand): served uncompressed.
      }
    }
    const stored: StoredFile = {
      type: TYPES[path.extname(file)] ?? "application/octet-stream",
      etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 16)}"`,
      variants,
    };
    this.entries.set(file, { stamp, file: stored });
    return stored;
  }
}
