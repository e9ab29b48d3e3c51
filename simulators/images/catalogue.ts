/**
 * The built-in catalogue: which official images exist, which of their tags exist, and what each tag's image
 * holds (OS, user, PATH programs, entrypoint). Docker builds and Kubernetes pulls both judge references
 * against it. Data only, generated from version lists × variant suffixes in `catalogue/`; no I/O.
 */
import type { ImageConfig } from "../world.js";
import { ALPINE, BUSYBOX, DEBIAN, DISTROLESS, UBUNTU } from "./catalogue/bases.js";
import { MARIADB, MONGO, MYSQL, POSTGRES, REDIS } from "./catalogue/databases.js";
import { ECLIPSE_TEMURIN, GRADLE, MAVEN, OPENJDK } from "./catalogue/java.js";
import { GOLANG, PHP, RUBY, RUST } from "./catalogue/languages.js";
import { NODE } from "./catalogue/node.js";
import { PYTHON } from "./catalogue/python.js";
import { CADDY, HTTPD, NGINX, NGINX_UNPRIVILEGED, TRAEFIK } from "./catalogue/servers.js";
import type { CatalogueImage, TagFamily } from "./catalogue/types.js";

export type { CatalogueImage, TagFamily } from "./catalogue/types.js";

/** Every repository the catalogue knows, official Docker Hub images first. */
export const CATALOGUE: readonly CatalogueImage[] = [
  PYTHON, NODE, GOLANG, RUST, RUBY, PHP, OPENJDK, ECLIPSE_TEMURIN, MAVEN, GRADLE,
  NGINX, NGINX_UNPRIVILEGED, HTTPD, TRAEFIK, CADDY,
  ALPINE, DEBIAN, UBUNTU, BUSYBOX,
  REDIS, POSTGRES, MYSQL, MARIADB, MONGO,
  ...DISTROLESS,
];

/**
 * The name BuildKit reserves for the empty image: `FROM scratch` pulls nothing. Only the exact name is
 * reserved; `scratch:latest` is looked up like any other name (and does not exist).
 */
export const SCRATCH = "scratch";

/** A catalogue repository with its tags indexed. */
export interface CatalogueEntry {
  image: CatalogueImage;
  /** Tag → the family (config, exposed ports) it belongs to. */
  tags: ReadonlyMap<string, TagFamily>;
  /** Digest → the family whose image it is; only the digests the catalogue records. */
  digests: ReadonlyMap<string, TagFamily>;
  /** The family of a reference with neither tag nor digest resolved: that of `latest`, else the first. */
  defaultFamily: TagFamily;
}

let index: Map<string, CatalogueEntry> | undefined;

/** `registry/repository` → entry; built on first use so importing the module costs nothing. */
function catalogueIndex(): Map<string, CatalogueEntry> {
  if (index) return index;
  index = new Map();
  for (const image of CATALOGUE) {
    const tags = new Map<string, TagFamily>();
    const digests = new Map<string, TagFamily>();
    for (const family of image.families) {
      // The first family to name a tag wins; the catalogue test keeps tags unique.
      for (const tag of family.tags) if (!tags.has(tag)) tags.set(tag, family);
      for (const digest of family.digests ?? []) if (!digests.has(digest)) digests.set(digest, family);
    }
    const first = image.families[0];
    if (!first) continue;
    index.set(`${image.registry}/${image.repository}`, { image, tags, digests, defaultFamily: tags.get("latest") ?? first });
  }
  return index;
}

/**
 * The catalogue's entry for a normalised repository, or undefined.
 * @example catalogueEntry("docker.io", "library/python")?.tags.has("3.12-slim") // true
 */
export function catalogueEntry(registry: string, repository: string): CatalogueEntry | undefined {
  return catalogueIndex().get(`${registry}/${repository}`);
}

/** Every catalogue repository as `registry/repository`. */
export function catalogueNames(): string[] {
  return [...catalogueIndex().keys()];
}

/** The config of one tag of a catalogue repository, or undefined when either is unknown. */
export function catalogueConfig(registry: string, repository: string, tag: string): ImageConfig | undefined {
  return catalogueEntry(registry, repository)?.tags.get(tag)?.config;
}
