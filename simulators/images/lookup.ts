/**
 * Does an image exist? The answer the simulators act on: found (with the image's config), a missing tag,
 * a missing repository, or unknown, for private images nobody outside the scenario can judge. The scenario's
 * world registry speaks first, then the built-in catalogue of official images.
 *
 * The catalogue is closed for episodes (a scenario says what exists, so an unlisted tag is missing) and open
 * for lint of a user's files: there an unlisted tag that reads like a real one is unknown (unlisted-tags.ts).
 */
import type { ImageConfig, World } from "../world.js";
import { catalogueEntry, catalogueNames, SCRATCH, type TagFamily } from "./catalogue.js";
import { OTHER_OFFICIAL_IMAGES } from "./catalogue/official-names.js";
import { closest, editDistance } from "./edit-distance.js";
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
export type RegistryWorld = Pick<World, "registry">;

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
 * catalogue for the official images it lists; a near-miss of an official name (`pyhton`) does not exist;
 * anything else is unknown.
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
    const tags = Object.keys(listed);
    const config = configFor(parsed, (tag) => listed[tag], () => listed.latest ?? (tags[0] === undefined ? undefined : listed[tags[0]]));
    return config ? { status: "found", ref: parsed, config } : { status: "tag_not_found", ref: parsed, knownTags: tags };
  }

  const entry = catalogueEntry(parsed.registry, parsed.repository);
  if (entry) {
    const config = configFor(parsed, (tag) => entry.tags.get(tag)?.config, () => entry.defaultFamily.config);
    if (config) return { status: "found", ref: parsed, config };
    const knownTags = [...entry.tags.keys()];
    if (options.catalogue !== "open" || parsed.tag === null) return { status: "tag_not_found", ref: parsed, knownTags };
    const unlisted = judgeUnlistedTag(entry, key, parsed.tag);
    const missing = unlisted.verdict === "misspelt" || unlisted.verdict === "beyond-newest";
    return missing ? { status: "tag_not_found", ref: parsed, knownTags, unlisted } : { status: "unknown", ref: parsed, unlisted };
  }

  // `scratch` with a tag, digest or host is a pull of a repository Docker Hub reserves and never serves.
  if (key === `${DOCKER_HUB}/library/${SCRATCH}` || isOfficialTypo(parsed)) return { status: "repository_not_found", ref: parsed };
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
  const family: TagFamily | undefined = parsed.tag !== null ? entry.tags.get(parsed.tag) : entry.defaultFamily;
  return (family ?? (parsed.digest !== null ? entry.defaultFamily : undefined))?.exposes ?? null;
}

/**
 * The config for a reference: by tag; a digest cannot be verified here, so it is taken to exist and gets
 * the tag's config when the tag exists, else the repository's default.
 */
function configFor(ref: ImageReference, byTag: (tag: string) => ImageConfig | undefined, fallback: () => ImageConfig | undefined): ImageConfig | undefined {
  const tagged = ref.tag !== null ? byTag(ref.tag) : undefined;
  if (tagged) return tagged;
  return ref.digest !== null ? (fallback() ?? {}) : undefined;
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
  return catalogueNames().some((name) => name.startsWith(prefix) && editDistance(written, name.slice(prefix.length)) <= typoDistance(written));
}
