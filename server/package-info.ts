/**
 * What the server says about itself (/metadata, /info, --version): read once from the package's own
 * package.json and README.md, found by walking up from this file so it works from `server/` (tsx) and from
 * `dist/server/` (the build) alike.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface PackageInfo {
  name: string;
  version: string;
  description: string;
  author: string | null;
  documentationUrl: string | null;
  /** README.md's text, or null when the package has none (OpenEnv's `readme_content`). */
  readme: string | null;
}

let cached: PackageInfo | undefined;

/** The package's metadata, read on first use. */
export function packageInfo(): PackageInfo {
  cached ??= readPackageInfo(packageRoot());
  return cached;
}

/** The directory of the package's own package.json: the repository from source, the install from dist/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server module");
    dir = parent;
  }
}

function readPackageInfo(root: string): PackageInfo {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
  const readmePath = path.join(root, "README.md");
  return {
    name: typeof pkg.name === "string" ? pkg.name : "breakfix",
    version: typeof pkg.version === "string" ? pkg.version : "0.0.0",
    description: typeof pkg.description === "string" ? pkg.description : "",
    author: authorName(pkg.author),
    documentationUrl: typeof pkg.homepage === "string" ? pkg.homepage : null,
    readme: existsSync(readmePath) ? readFileSync(readmePath, "utf8") : null,
  };
}

/** npm allows "Name <mail> (url)" or {name, email, url}. */
function authorName(author: unknown): string | null {
  if (typeof author === "string") return author;
  if (author !== null && typeof author === "object" && typeof (author as { name?: unknown }).name === "string") {
    return (author as { name: string }).name;
  }
  return null;
}
