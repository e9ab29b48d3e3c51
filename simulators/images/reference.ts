/**
 * Image references as Docker reads them: `python:3.9-slim` is `docker.io/library/python:3.9-slim`.
 * The grammar and the normalisation follow distribution/reference (the package docker, BuildKit,
 * containerd and kubelet all parse with), so a reference that a simulator accepts here is one the real
 * tools accept, and a rejected one is rejected with their words.
 */

/** A parsed, normalised image reference. */
export interface ImageReference {
  /** Registry host, with port when written: `docker.io`, `ghcr.io`, `localhost:5000`. */
  registry: string;
  /** Path inside the registry: `library/python`, `bitnami/redis`, `acme/api`. */
  repository: string;
  /** The tag as written, `latest` when neither tag nor digest was written, null when only a digest was. */
  tag: string | null;
  /** `sha256:<hex>` when written, else null. */
  digest: string | null;
  /** The fully qualified form docker prints: `docker.io/library/python:3.9-slim`. */
  canonical: string;
}

/** The registry Docker uses for names without a host, and the namespace of its official images. */
export const DOCKER_HUB = "docker.io";
const OFFICIAL_NAMESPACE = "library/";
const LEGACY_HUB = "index.docker.io";
const MAX_NAME_LENGTH = 255;

// distribution/reference's grammar, anchored piece by piece because we split the name ourselves.
const DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
const DOMAIN = new RegExp(`^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`);
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^\w[\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const IMAGE_ID = /^[a-f0-9]{64}$/;
/** Hex lengths of the digest algorithms go-digest supports; anything else is "unsupported". */
const DIGEST_HEX_LENGTH: Record<string, number> = { sha256: 64, sha384: 96, sha512: 128 };

const INVALID = "invalid reference format";

/**
 * Parse an image reference the way `docker pull`, BuildKit's `FROM` and kubelet do.
 * Never throws: bad input gives `{ error }` worded as docker words it.
 * @example parseImageReference("python:3.9-slim") // { registry: "docker.io", repository: "library/python", tag: "3.9-slim", ... }
 * @example parseImageReference("Python") // { error: "invalid reference format: repository name (library/Python) must be lowercase" }
 */
export function parseImageReference(ref: string): ImageReference | { error: string } {
  if (typeof ref !== "string" || ref === "") return { error: INVALID };
  // A bare image ID would otherwise parse as a repository name; docker refuses it explicitly.
  if (IMAGE_ID.test(ref)) {
    return { error: `invalid repository name (${ref}), cannot specify 64-byte hexadecimal strings` };
  }
  const [registry, remainder] = splitRegistry(ref);

  // docker checks case before the grammar, so `Python:3.9` gets the helpful message, not the generic one.
  const tagSeparator = remainder.indexOf(":");
  const remote = tagSeparator >= 0 ? remainder.slice(0, tagSeparator) : remainder;
  if (remote.toLowerCase() !== remote) {
    return { error: `${INVALID}: repository name (${remote}) must be lowercase` };
  }

  let rest = remainder;
  let digest: string | null = null;
  const at = rest.indexOf("@");
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) return { error: INVALID };
  }
  let tag: string | null = null;
  // A colon after the last slash separates the tag; one before it belongs to a registry port.
  const colon = rest.lastIndexOf(":");
  if (colon > rest.lastIndexOf("/")) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) return { error: INVALID };
  }
  const repository = rest;
  if (!DOMAIN.test(registry) || !repository.split("/").every((c) => PATH_COMPONENT.test(c))) {
    return { error: INVALID };
  }
  if (registry.length + 1 + repository.length > MAX_NAME_LENGTH) {
    return { error: `repository name must not be more than ${MAX_NAME_LENGTH} characters` };
  }
  if (digest !== null) {
    const digestError = validateDigest(digest);
    if (digestError) return { error: digestError };
  }
  if (tag === null && digest === null) tag = "latest";
  return { registry, repository, tag, digest, canonical: formatReference(registry, repository, tag, digest) };
}

/** Whether a parse result is an error rather than a reference. */
export function isReferenceError(parsed: ImageReference | { error: string }): parsed is { error: string } {
  return "error" in parsed;
}

/**
 * The short form docker shows to people: Docker Hub's host and `library/` dropped.
 * Accepts a parsed reference or a string; a string that does not parse is returned unchanged.
 * @example familiarName("docker.io/library/python:3.9") // "python:3.9"
 * @example familiarName("docker.io/bitnami/redis:7.2") // "bitnami/redis:7.2"
 */
export function familiarName(ref: string | ImageReference): string {
  const parsed = typeof ref === "string" ? parseImageReference(ref) : ref;
  if (isReferenceError(parsed)) return ref as string;
  return formatReference(null, familiarRepository(parsed.registry, parsed.repository), parsed.tag, parsed.digest);
}

/** `library/python` on Docker Hub is `python`; `bitnami/redis` stays; other registries keep their host. */
export function familiarRepository(registry: string, repository: string): string {
  if (registry !== DOCKER_HUB) return `${registry}/${repository}`;
  const short = repository.startsWith(OFFICIAL_NAMESPACE) ? repository.slice(OFFICIAL_NAMESPACE.length) : repository;
  return short.includes("/") ? repository : short;
}

/** `registry/repository[:tag][@digest]`, or without the registry when it is null. */
export function formatReference(registry: string | null, repository: string, tag: string | null, digest: string | null): string {
  const name = registry === null ? repository : `${registry}/${repository}`;
  return `${name}${tag !== null ? `:${tag}` : ""}${digest !== null ? `@${digest}` : ""}`;
}

/**
 * Docker's rule for where the registry ends: the first path element is a host only if it has a dot or
 * a colon, is `localhost`, or has uppercase letters (namespaces cannot); else the name is on Docker Hub.
 */
function splitRegistry(name: string): [string, string] {
  const slash = name.indexOf("/");
  if (slash < 0) return [DOCKER_HUB, OFFICIAL_NAMESPACE + name];
  const first = name.slice(0, slash);
  const after = name.slice(slash + 1);
  let registry: string;
  let remainder: string;
  if (first === LEGACY_HUB) [registry, remainder] = [DOCKER_HUB, after];
  else if (first === "localhost" || /[.:]/.test(first) || first.toLowerCase() !== first) [registry, remainder] = [first, after];
  else [registry, remainder] = [DOCKER_HUB, name];
  if (registry === DOCKER_HUB && !remainder.includes("/")) remainder = OFFICIAL_NAMESPACE + remainder;
  return [registry, remainder];
}

/** go-digest's checks, in its order and words, after the grammar has accepted the digest's shape. */
function validateDigest(digest: string): string | null {
  const colon = digest.indexOf(":");
  const algorithm = digest.slice(0, colon);
  const hex = digest.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (length === undefined) return "unsupported digest algorithm";
  if (hex.length !== length) return "invalid checksum digest length";
  if (!/^[a-f0-9]+$/.test(hex)) return "invalid checksum digest format";
  return null;
}
