/**
 * Does an image exist? The answer the simulators act on: found (with the image's config), a missing tag,
 * a missing repository, or unknown, for private images nobody outside the scenario can judge. The scenario's
 * world registry speaks first, then the built-in catalogue of official images.
 *
 * The catalogue is closed for episodes (a scenario says what exists, so an unlisted tag is missing) and open
 * for lint of a user's files: there an unlisted tag that reads like a real one is unknown (unlisted-tags.ts).
 * A digest reference is found only when the world or the catalogue records that digest; in an episode any
 * other digest is a manifest the registry does not have, and in lint it is unknown.
 */
import type { ImageConfig, World } from "../world.js";
import { catalogueEntry, catalogueNames, SCRATCH, type TagFamily } from "./catalogue.js";
import { OTHER_OFFICIAL_IMAGES } from "./catalogue/official-names.js";
import { closest, withinEdits } from "./edit-distance.js";
import { DOCKER_HUB, isReferenceError, parseImageReference, type ImageReference } from "./reference.js";
import { judgeUnlistedTag, type UnlistedTag } from "./unlisted-tags.js";

export type { UnlistedTag } from "./unlisted-tags.js";

/** What is known about an image reference. */
export type ImageLookup =
  | { status: "found"; ref: ImageReference; config: ImageConfig }
  | { status: "scratch" }
  /** `unlisted`: why an open catalogue calls a tag it does not list missing (a misspelt word, a future version). */
  | { status: "tag_not_found"; ref: ImageReference; knownTags: string[]; unlisted?: UnlistedTag }
  | { status: "repository_not_found"; ref: ImageReference }
  /** `unlisted`: a catalogue repository's tag an open catalogue does not list but cannot rule out. */
  | { status: "unknown"; ref: ImageReference; unlisted?: UnlistedTag }
  | { status: "invalid"; error: string };

/** The part of the world lookups read; any World will do. */
export type RegistryWorld = Pick<World, "registry"> & Partial<Pick<World, "registry_namespaces">>;

export interface LookupOptions {
  /**
   * closed (the default, episodes): the catalogue's tags are all there are. open (lint of a user's files):
   * an unlisted tag is missing only when it can be shown not to exist.
   */
  catalogue?: "closed" | "open";
}

/**
 * How far a Docker Hub official name may be from a catalogue name to count as its misspelling: two edits
 * (`pyhton`, `ngnix`) for names of five letters or more, one for shorter names, since short names sit close
 * to each other (`app` is two edits from `php`) and would misread a private image as a typo.
 */
function typoDistance(name: string): number {
  return name.length >= 5 ? 2 : name.length >= 3 ? 1 : 0;
}

/**
 * Look an image reference up: the world's registry is authoritative for the repositories it lists, the
 * catalogue for the official images it lists; a near-miss of an official name (`pyhton`) does not exist, nor
 * does an unlisted repository under a namespace the world lists whole; anything else is unknown.
 * @example lookupImage("python:3.9-slimm", world).status // "tag_not_found"
 */
export function lookupImage(ref: string, world: RegistryWorld = { registry: {} }, options: LookupOptions = {}): ImageLookup {
  // No trimming: kubelet and BuildKit reject `"nginx "` too, and callers pass the reference as written.
  if (ref === SCRATCH) return { status: "scratch" };
  const parsed = parseImageReference(ref);
  if (isReferenceError(parsed)) return { status: "invalid", error: parsed.error };
  const key = `${parsed.registry}/${parsed.repository}`;

  const listed = worldRepository(world, key);
  if (listed) {
    const tags = Object.keys(listed).filter((name) => !isDigestKey(name));
    // The world's registry records its manifests by tag and by digest: any other digest is not there.
    const config = parsed.digest !== null ? listed[parsed.digest] : listed[parsed.tag ?? ""];
    return config ? { status: "found", ref: parsed, config } : { status: "tag_not_found", ref: parsed, knownTags: tags };
  }

  const entry = catalogueEntry(parsed.registry, parsed.repository);
  if (entry) {
    const knownTags = [...entry.tags.keys()];
    if (parsed.digest !== null) {
      // A registry resolves a digest reference by the digest alone (the tag is ignored): the manifest is either
      // one the catalogue records, or, in an episode's closed world, not there ("manifest unknown"). Real
      // digests are content hashes nobody can list whole, so an open catalogue cannot rule one out.
      const family = entry.digests.get(parsed.digest);
      if (family) return { status: "found", ref: parsed, config: family.config };
      return options.catalogue === "open" ? { status: "unknown", ref: parsed } : { status: "tag_not_found", ref: parsed, knownTags };
    }
    const config = parsed.tag !== null ? entry.tags.get(parsed.tag)?.config : undefined;
    if (config) return { status: "found", ref: parsed, config };
    if (options.catalogue !== "open" || parsed.tag === null) return { status: "tag_not_found", ref: parsed, knownTags };
    const unlisted = judgeUnlistedTag(entry, key, parsed.tag);
    const missing = unlisted.verdict === "misspelt" || unlisted.verdict === "beyond-newest";
    return missing ? { status: "tag_not_found", ref: parsed, knownTags, unlisted } : { status: "unknown", ref: parsed, unlisted };
  }

  // `scratch` with a tag, digest or host is a pull of a repository Docker Hub reserves and never serves.
  if (key === `${DOCKER_HUB}/library/${SCRATCH}` || isOfficialTypo(parsed)) return { status: "repository_not_found", ref: parsed };
  // A namespace the registry lists whole (the delivery's own, whose every image its workflows push).
  if ((world.registry_namespaces ?? []).some((ns) => key.startsWith(`${ns.replace(/\/+$/, "")}/`))) return { status: "repository_not_found", ref: parsed };
  return { status: "unknown", ref: parsed };
}

/**
 * Whether the image exists: true or false when the world or catalogue can say, null when nobody can
 * (a private image, or an invalid reference, which is a different error).
 */
export function imageExists(ref: string, world: RegistryWorld = { registry: {} }, options: LookupOptions = {}): boolean | null {
  const lookup = lookupImage(ref, world, options);
  switch (lookup.status) {
    case "found":
    case "scratch":
      return true;
    case "tag_not_found":
    case "repository_not_found":
      return false;
    default:
      return null;
  }
}

/**
 * Up to `n` existing tags of the reference's repository, closest to the tag written first; for hints and
 * "did you mean" messages. Empty when the repository or its tags are unknown.
 * @example suggestTags("python:3.9-slimm", 2) // ["3.9-slim", ...]
 */
export function suggestTags(ref: string, n: number, world: RegistryWorld = { registry: {} }): string[] {
  const lookup = lookupImage(ref, world);
  if (lookup.status !== "tag_not_found" || lookup.ref.tag === null) return [];
  return closest(lookup.ref.tag, lookup.knownTags, n);
}

/**
 * Ports the image EXPOSEs, when the catalogue records them (ImageConfig has no field for ports):
 * 80 for nginx, 8080 for nginx-unprivileged. Null when unknown.
 */
export function imageExposedPorts(ref: string): readonly number[] | null {
  const parsed = parseImageReference(ref);
  if (isReferenceError(parsed)) return null;
  const entry = catalogueEntry(parsed.registry, parsed.repository);
  if (!entry) return null;
  const family: TagFamily | undefined = parsed.digest !== null ? entry.digests.get(parsed.digest) : parsed.tag !== null ? entry.tags.get(parsed.tag) : entry.defaultFamily;
  return family?.exposes ?? null;
}

/** A registry key that names a manifest by its digest (`sha256:<hex>`) rather than a tag. */
function isDigestKey(name: string): boolean {
  return /^sha(256|384|512):[0-9a-f]+$/.test(name);
}

/** The world registry's tags for a normalised repository; keys may be written familiar (`acme/api`) or with a tag. */
function worldRepository(world: RegistryWorld, key: string): Record<string, ImageConfig> | undefined {
  for (const [written, tags] of Object.entries(world.registry ?? {})) {
    const parsed = parseImageReference(written.trim());
    if (!isReferenceError(parsed) && `${parsed.registry}/${parsed.repository}` === key) return tags;
  }
  return undefined;
}

/**
 * A `library/` name on Docker Hub within a couple of edits of an official image we know: a misspelling, unless
 * it is itself an official image the catalogue does not model (`mono` is no typo of `mongo`).
 */
function isOfficialTypo(ref: ImageReference): boolean {
  if (ref.registry !== DOCKER_HUB || !ref.repository.startsWith("library/")) return false;
  const written = ref.repository.slice("library/".length);
  if (OTHER_OFFICIAL_IMAGES.has(written)) return false;
  const prefix = `${DOCKER_HUB}/library/`;
  return catalogueNames().some((name) => name.startsWith(prefix) && withinEdits(written, name.slice(prefix.length), typoDistance(written)));
}
