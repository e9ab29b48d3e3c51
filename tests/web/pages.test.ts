/**
 * How the server serves the pages, without a browser: the build's output, caching headers (hashed assets
 * immutable, pages revalidated), compression by Accept-Encoding, bad asset names, a missing build, the size
 * budget of each page (< 1 MB compressed), and the scoring weights /info publishes for the page.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { WEIGHTS } from "../../graders/score.js";
import { buildWeb, type WebBuild } from "../../scripts/build-web.js";
import { errorResponse } from "../../server/errors.js";
import { createLogger } from "../../server/log.js";
import { chooseEncoding, playgroundRoutes } from "../../server/routes/playground.js";
import { get, testApp } from "../server/helpers.js";

const app = testApp();
let build: WebBuild;

beforeAll(async () => {
  build = await buildWeb();
}, 60_000);

const fetchPage = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="assets\/([^"]+)"/g)].map((m) => m[1]!);
}

describe("the pages", () => {
  it("GET / is the playground: HTML that is revalidated on every load, naming hashed assets", async () => {
    const res = await fetchPage("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain("<title>breakfix playground</title>");
    const assets = assetsOf(html);
    expect(assets).toEqual(build.pages["index.html"]);
    for (const asset of assets) expect(asset).toMatch(/^main-[A-Z0-9]{8,}\.(js|css)$/);
    // The page links the docs, the catalogue, OpenEnv's metadata and the quick starts.
    for (const link of ['href="docs"', 'href="tasks"', 'href="metadata"', 'href="#connect"']) expect(html).toContain(link);
  });

  it("an unchanged page answers 304 to its ETag", async () => {
    const etag = (await fetchPage("/")).headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetchPage("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("assets are immutable and come brotli- or gzip-compressed as the client accepts, else plain", async () => {
    const script = build.pages["index.html"].find((a) => a.endsWith(".js"))!;
    const plain = await fetchPage(`/assets/${script}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const raw = Buffer.from(await plain.arrayBuffer());

    const gz = await fetchPage(`/assets/${script}`, { "Accept-Encoding": "gzip, deflate" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get("content-length"))).toBe(gzBody.length);
    expect(gunzipSync(gzBody).equals(raw)).toBe(true);

    const br = await fetchPage(`/assets/${script}`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(raw)).toBe(true);
  });

  it("reads Accept-Encoding's q-values: q=0 refuses an encoding, * accepts the rest", () => {
    const both = { br: 1, gzip: 1, identity: 1 };
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0", both)).toBe("identity");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding(undefined, both)).toBe("identity");
    expect(chooseEncoding("br", { identity: 1 })).toBe("identity");
  });

  it("each page with its assets totals under 1 MB compressed", async () => {
    const bytes = async (p: string, encoding?: string) => (await (await fetchPage(p, encoding ? { "Accept-Encoding": encoding } : {})).arrayBuffer()).byteLength;
    for (const page of ["/", "/docs"]) {
      const files = [page, ...assetsOf(await (await fetchPage(page)).text()).map((a) => `/assets/${a}`)];
      const sizes = { raw: 0, gzip: 0, brotli: 0 };
      for (const file of files) {
        sizes.raw += await bytes(file);
        sizes.gzip += await bytes(file, "gzip");
        sizes.brotli += await bytes(file, "br");
      }
      console.log(`${page} (${files.length} files): ${(sizes.raw / 1024).toFixed(1)} KiB, ${(sizes.gzip / 1024).toFixed(1)} KiB gzip, ${(sizes.brotli / 1024).toFixed(1)} KiB brotli`);
      expect(sizes.gzip, page).toBeLessThan(1_000_000);
      expect(sizes.brotli, page).toBeLessThan(sizes.gzip);
      expect(sizes.gzip, page).toBeLessThan(sizes.raw / 2);
    }
  });

  it("GET /docs loads Swagger UI from this server, over /openapi.json", async () => {
    const res = await fetchPage("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    const assets = assetsOf(html);
    expect(assets.some((a) => /^swagger-ui-bundle-[A-Z0-9]+\.js$/.test(a))).toBe(true);
    expect(assets.some((a) => /^swagger-ui-[A-Z0-9]+\.css$/.test(a))).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of assets) expect((await fetchPage(`/assets/${asset}`)).status).toBe(200);
    const bundle = await (await fetchPage(`/assets/${assets.find((a) => a.startsWith("swagger-ui-bundle"))}`)).text();
    expect(bundle).not.toContain("sourceMappingURL=swagger-ui-bundle.js.map");
  });

  it("an unknown or malformed asset name is a 404 with a message, never a file outside the assets", async () => {
    for (const name of ["nope-123.js", "..%2F..%2Fpackage.json", "a%2Fb.js", ".main.js.tmp", "index.html", "main.js%00"]) {
      const res = await get(app, `/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.detail).toMatch(/no asset|Not Found/);
    }
    expect((await get(app, "/assets/../package.json")).status).toBe(404);
    expect((await app.request("/", { method: "POST" })).status).toBe(405);
  });

  it("without a build the pages are a 503 that says how to build them", async () => {
    const bare = new Hono().route("/", playgroundRoutes(mkdtempSync(path.join(os.tmpdir(), "breakfix-noweb-"))));
    bare.onError((error, c) => errorResponse(c, error, createLogger("silent")));
    for (const page of ["/", "/docs"]) {
      const res = await bare.request(page);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toContain("npm run build");
    }
  });
});

describe("GET /info for the playground", () => {
  it("publishes the scoring weights, so the page shows a hint's real cost", async () => {
    const res = await get(app, "/info");
    expect(res.body.scoring).toMatchObject({ hint: WEIGHTS.hint, failed: WEIGHTS.failed, base: WEIGHTS.base });
  });
});
