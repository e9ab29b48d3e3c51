/**
 * Builds the browser side of the server: the playground (web/main.ts, its CSS, web/index.html) and the API
 * docs page (web/docs.html with swagger-ui-dist's bundle, copied so the page works offline) into dist/web/.
 * Asset names carry a content hash, so the server can let browsers cache them for good; every file also gets
 * gzip and brotli siblings, so the server compresses nothing at request time. `npm run build` runs it; tests
 * call buildWeb() before they serve the pages.
 *
 * Concurrent builds of the same sources (parallel test files) are safe: each file is written under a
 * temporary name and renamed into place, and they all write the same bytes.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WEB = path.join(ROOT, "web");

/** What a build wrote: page name → the asset file names it references, and every asset's sizes. */
export interface WebBuild {
  outDir: string;
  pages: Record<"index.html" | "docs.html", string[]>;
  assets: Array<{ file: string; bytes: number; gzip: number; brotli: number }>;
}

/**
 * Bundles, copies, fingerprints and precompresses; returns what it wrote.
 * @example const { pages } = await buildWeb(); // pages["index.html"] → ["main-3FJ2K1.js", "main-8SD0AA.css"]
 */
export async function buildWeb(outDir = path.join(ROOT, "dist", "web")): Promise<WebBuild> {
  const assetsDir = path.join(outDir, "assets");
  mkdirSync(assetsDir, { recursive: true });
  const assets = new Map<string, Uint8Array>();

  const bundled = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: path.join(WEB, "main.ts"), docs: path.join(WEB, "docs.ts") },
    bundle: true,
    minify: true,
    format: "esm",
    target: ["es2022", "chrome109", "firefox115", "safari16"],
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    metafile: true,
    write: false,
    legalComments: "eof",
    logLevel: "silent",
  });
  const entryOutputs: Record<string, { js: string; css?: string }> = {};
  for (const [output, meta] of Object.entries(bundled.metafile.outputs)) {
    if (meta.entryPoint === undefined) continue;
    const name = path.basename(meta.entryPoint, ".ts");
    entryOutputs[name] = { js: path.basename(output), ...(meta.cssBundle ? { css: path.basename(meta.cssBundle) } : {}) };
  }
  for (const file of bundled.outputFiles) assets.set(path.basename(file.path), file.contents);

  // swagger-ui-dist ships prebuilt files; they are copied under hashed names, without their source-map links
  // (the maps are not shipped, and a browser asking for them would only log 404s).
  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const swagger: Record<string, string> = {};
  for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
    const text = readFileSync(path.join(swaggerDir, file), "utf8").replace(/\n?\/[/*]# sourceMappingURL=\S+?(\s*\*\/)?\s*$/, "\n");
    const bytes = Buffer.from(text);
    const ext = path.extname(file);
    const hashed = `${path.basename(file, ext)}-${contentHash(bytes)}${ext}`;
    assets.set(hashed, bytes);
    swagger[file] = hashed;
  }

  const main = entryOutputs.main;
  const docs = entryOutputs.docs;
  if (main?.css === undefined || docs === undefined) throw new Error("the bundle lacks web/main.ts's script and styles or web/docs.ts");
  const pages = {
    "index.html": fillTemplate("index.html", { "main.js": main.js, "main.css": main.css }),
    "docs.html": fillTemplate("docs.html", {
      "swagger-ui.css": swagger["swagger-ui.css"]!,
      "swagger-ui-bundle.js": swagger["swagger-ui-bundle.js"]!,
      "docs.js": docs.js,
      "docs.css": docs.css ?? main.css,
    }),
  };

  const written: WebBuild["assets"] = [];
  for (const [file, bytes] of assets) written.push({ file, ...(alreadyBuilt(path.join(assetsDir, file), bytes) ?? writeWithSiblings(path.join(assetsDir, file), bytes)) });
  pruneStale(assetsDir, new Set(assets.keys()));
  // The pages go last: a page never names an asset that is not on disk yet.
  for (const [page, { html }] of Object.entries(pages)) writeWithSiblings(path.join(outDir, page), Buffer.from(html));
  // The copied bundle's licence and notice travel with it.
  const licences = path.join(outDir, "licenses", "swagger-ui-dist");
  mkdirSync(licences, { recursive: true });
  for (const file of ["LICENSE", "NOTICE"]) writeAtomically(path.join(licences, file), readFileSync(path.join(swaggerDir, file)));

  return {
    outDir,
    pages: { "index.html": pages["index.html"].references, "docs.html": pages["docs.html"].references },
    assets: written.sort((a, b) => a.file.localeCompare(b.file)),
  };
}

/** web/<page> with each `{{name}}` replaced by `assets/<hashed name>`; a placeholder left over is an error. */
function fillTemplate(page: string, names: Record<string, string>): { html: string; references: string[] } {
  const references: string[] = [];
  const html = readFileSync(path.join(WEB, page), "utf8").replace(/\{\{([\w.-]+)\}\}/g, (_all, key: string) => {
    const file = names[key];
    if (file === undefined) throw new Error(`web/${page}: no asset for {{${key}}}`);
    references.push(file);
    return `assets/${file}`;
  });
  return { html, references };
}

function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 10).toUpperCase().replace(/[-_]/g, "X");
}

type Sizes = { bytes: number; gzip: number; brotli: number };

/**
 * The sizes of an asset an earlier build already wrote with both siblings: its name is its content's hash,
 * so the same name and length mean the same bytes, and compressing again would only cost time.
 */
function alreadyBuilt(file: string, bytes: Uint8Array): Sizes | undefined {
  try {
    if (statSync(file).size !== bytes.length) return undefined;
    return { bytes: bytes.length, gzip: statSync(`${file}.gz`).size, brotli: statSync(`${file}.br`).size };
  } catch {
    return undefined;
  }
}

/**
 * Writes the file and its .gz and .br siblings; returns the three sizes. Brotli's top quality costs seconds
 * on a megabyte for a few per cent, so large files get a lower one.
 */
function writeWithSiblings(file: string, bytes: Uint8Array): Sizes {
  const gzip = gzipSync(bytes, { level: 9 });
  const quality = bytes.length > 1024 * 1024 ? 9 : bytes.length > 256 * 1024 ? 10 : 11;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  // The plain file last: the server keys its cache on it, so it never pairs a new file with old siblings.
  writeAtomically(`${file}.gz`, gzip);
  writeAtomically(`${file}.br`, brotli);
  writeAtomically(file, bytes);
  return { bytes: bytes.length, gzip: gzip.length, brotli: brotli.length };
}

function writeAtomically(file: string, bytes: Uint8Array): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** Removes assets of earlier builds (and their siblings); temporary files of a build in progress stay. */
function pruneStale(assetsDir: string, current: ReadonlySet<string>): void {
  for (const entry of readdirSync(assetsDir)) {
    if (entry.startsWith(".")) continue;
    const base = entry.replace(/\.(gz|br)$/, "");
    if (!current.has(base)) rmSync(path.join(assetsDir, entry), { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildWeb().then(
    (result) => {
      const total = (key: "bytes" | "gzip" | "brotli", page: keyof WebBuild["pages"]) =>
        result.assets.filter((a) => result.pages[page].includes(a.file)).reduce((n, a) => n + a[key], 0);
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      for (const page of ["index.html", "docs.html"] as const) {
        console.error(`${page}: ${kib(total("bytes", page))} of assets, ${kib(total("gzip", page))} gzip, ${kib(total("brotli", page))} brotli`);
      }
      console.error(`wrote ${path.relative(process.cwd(), result.outDir) || "."}`);
    },
    (error: unknown) => {
      console.error("build-web:", error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
