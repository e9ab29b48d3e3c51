/** Web servers and proxies: nginx, nginxinc/nginx-unprivileged, httpd, traefik, caddy. */
import { alpine, debianSlim, merge, PLATFORMS_COMMON, type ConfigOverlay } from "./configs.js";
import { patches, range, tagProduct } from "./tags.js";
import { official, type CatalogueImage, type TagFamily } from "./types.js";

const NGINX_PATCHES = patches({ "1.20": 2, "1.21": 6, "1.22": 1, "1.23": 4, "1.24": 0, "1.25": 5, "1.26": 3, "1.27": 5, "1.28": 0, "1.29": 3 });
const NGINX_MINORS = range("1.", 20, 29);
/** Minors whose images are on Debian bookworm / trixie and so also carry those suffixes. */
const ON_BOOKWORM = (v: string) => /^1\.(2[5-8])(\.|$)/.test(v) || v === "stable";
const ON_TRIXIE = (v: string) => /^1\.29(\.|$)/.test(v) || v === "mainline" || v === "1" || v === "";
/** `alpine-slim` appeared with 1.23.2. */
const HAS_ALPINE_SLIM = (v: string) => !/^1\.(20|21|22)(\.|$)/.test(v) && !/^1\.23\.[01]$/.test(v);

/**
 * nginx's tag scheme, shared by the official image and nginxinc/nginx-unprivileged: every version × variant,
 * where `latest`/`mainline`/`1` follow mainline and `stable` the even minor.
 */
function nginxFamilies(debian: ConfigOverlay, alpineOverlay: ConfigOverlay, slimOverlay: ConfigOverlay, port: number): TagFamily[] {
  const versions = ["", "1", "mainline", "stable", ...NGINX_MINORS, ...NGINX_PATCHES];
  const debianTags = [
    ...tagProduct(versions, ["", "-perl", "-otel"]).filter((t) => !/^1\.2[0-4].*-otel$/.test(t)),
    ...tagProduct(versions.filter(ON_BOOKWORM), ["-bookworm", "-bookworm-perl", "-bookworm-otel"]),
    ...tagProduct(versions.filter(ON_TRIXIE), ["-trixie", "-trixie-perl", "-trixie-otel"]),
  ];
  return [
    { tags: debianTags, config: debianSlim(debian), exposes: [port] },
    { tags: tagProduct(versions, ["-alpine", "-alpine-perl"]), config: alpine(alpineOverlay), exposes: [port] },
    { tags: tagProduct(versions.filter(HAS_ALPINE_SLIM), ["-alpine-slim"]), config: alpine(slimOverlay), exposes: [port] },
  ];
}

// The official image starts as root (the master binds :80) and runs workers as `nginx`; Debian and the full
// Alpine variant install curl, alpine-slim does not.
const nginxBase: ConfigOverlay = {
  binaries: ["nginx", "nginx-debug"],
  users: ["nginx"],
  entrypoint: ["/docker-entrypoint.sh"],
  cmd: ["nginx", "-g", "daemon off;"],
};
const withCurl = (o: ConfigOverlay): ConfigOverlay => ({ ...o, binaries: [...(o.binaries ?? []), "curl"] });
export const NGINX: CatalogueImage = official("nginx", nginxFamilies(withCurl(nginxBase), withCurl(nginxBase), nginxBase, 80));

// nginx-unprivileged runs as uid 101 (`nginx`) and listens on 8080, so it works without root or NET_BIND_SERVICE.
const unprivileged: ConfigOverlay = { ...nginxBase, user: "101" };
export const NGINX_UNPRIVILEGED: CatalogueImage = {
  registry: "docker.io",
  repository: "nginxinc/nginx-unprivileged",
  families: nginxFamilies(withCurl(unprivileged), withCurl(unprivileged), unprivileged, 8080),
};

// httpd: Apache's worker processes run as www-data on Debian and `www-data` (created) on Alpine.
const httpdOverlay: ConfigOverlay = { binaries: ["httpd", "apachectl", "httpd-foreground"], users: ["www-data"], workdir: "/usr/local/apache2", cmd: ["httpd-foreground"], env: { HTTPD_PREFIX: "/usr/local/apache2", PATH: "/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" } };
const HTTPD_VERSIONS = ["", "2", "2.4", ...range("2.4.", 54, 65)];
export const HTTPD: CatalogueImage = official("httpd", [
  { tags: tagProduct(HTTPD_VERSIONS, ["", "-bookworm", "-trixie"]), config: debianSlim(httpdOverlay), exposes: [80] },
  { tags: tagProduct(HTTPD_VERSIONS, ["-alpine"]), config: alpine(httpdOverlay), exposes: [80] },
]);

// traefik: Alpine-based; tags with and without the leading `v`.
const TRAEFIK_VERSIONS = ["2", "2.10", "2.11", ...range("3.", 0, 5), "3", ...range("2.11.", 0, 20), ...range("3.0.", 0, 4), ...range("3.1.", 0, 7), ...range("3.2.", 0, 5), ...range("3.3.", 0, 7), ...range("3.4.", 0, 5), ...range("3.5.", 0, 3)];
export const TRAEFIK: CatalogueImage = official("traefik", [
  {
    tags: ["latest", ...TRAEFIK_VERSIONS, ...TRAEFIK_VERSIONS.map((v) => `v${v}`)],
    config: alpine({ binaries: ["traefik"], entrypoint: ["/entrypoint.sh"], cmd: ["traefik"], platforms: PLATFORMS_COMMON }),
    exposes: [80],
  },
]);

// caddy: Alpine-based; the `-builder` tags carry Go and xcaddy for custom builds.
const CADDY_VERSIONS = ["", "2", ...range("2.", 6, 10), ...range("2.7.", 0, 6), ...range("2.8.", 0, 4), ...range("2.9.", 0, 1), ...range("2.10.", 0, 2)];
const caddyOverlay: ConfigOverlay = { binaries: ["caddy"], workdir: "/srv", cmd: ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"] };
export const CADDY: CatalogueImage = official("caddy", [
  { tags: tagProduct(CADDY_VERSIONS, ["", "-alpine"]), config: alpine(caddyOverlay), exposes: [80, 443, 2019] },
  { tags: tagProduct(CADDY_VERSIONS, ["-builder", "-builder-alpine"]), config: alpine(merge(alpine(caddyOverlay), { binaries: ["go", "xcaddy", "git"], cmd: ["/bin/sh"] })) },
]);
