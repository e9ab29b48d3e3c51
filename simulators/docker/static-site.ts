/**
 * A static app (a React or Vite bundle) is served by a web server from its document root: the image serves the
 * app only when the root holds the page the app's build produced. An empty or unrelated root builds and starts
 * fine, and serves the server's default page or a 403, which is what a smoke test of the site then sees.
 */
import path from "node:path";
import type { App } from "../world.js";
import type { Image } from "./image.js";

const DEFAULT_ROOTS = ["/usr/share/nginx/html", "/usr/local/apache2/htdocs", "/usr/share/caddy", "/var/www/html"];

/** Document roots the image's web server serves: the defaults, and any `root` an nginx config in the image sets. */
export function documentRoots(image: Image): string[] {
  const roots = new Set(DEFAULT_ROOTS);
  for (const [p, entry] of image.fs) {
    if (!p.startsWith("/etc/nginx/") || entry.content === undefined) continue;
    for (const m of entry.content.matchAll(/^\s*root\s+([^;\s]+)\s*;/gm)) roots.add(path.posix.normalize(m[1]!));
  }
  return [...roots];
}

/** The smoke test's output when the image does not serve the app's build, else null. */
export function staticSiteProblem(image: Image, app: App): string[] | null {
  const serves = documentRoots(image).some((root) => image.fs.get(`${root}/index.html`)?.producedBy === app.name);
  if (serves) return null;
  const port = app.port ?? 80;
  const page = documentRoots(image)
    .map((root) => image.fs.get(`${root}/index.html`))
    .find((entry) => entry !== undefined);
  const served = page?.source ? `the unbuilt ${page.source}` : "the web server's default page";
  return [
    `$ curl -s http://localhost:${port}${app.health_path} | grep -o '<title>.*</title>'`,
    page?.source ? "<title>%PUBLIC_URL% placeholder page</title>" : "<title>Welcome to nginx!</title>",
    `the site serves ${served}: no page of ${app.name}'s build (${app.build_output_dir ?? "its output directory"}/) reached the document root`,
  ];
}
