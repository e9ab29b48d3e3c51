/**
 * Image errors in the real tools' words (facts/real-errors.md §A invalid_base_image, §G image_pull_backoff):
 * what BuildKit prints after `ERROR: failed to solve: ` when a FROM image cannot be resolved, and the
 * kubelet event a pod gets when its image cannot be pulled.
 */
import type { ImageLookup } from "./lookup.js";
import { familiarName, familiarRepository, type ImageReference } from "./reference.js";

/** What the registry answers (via containerd's resolver) when a repository does not exist or is private. */
export const PULL_ACCESS_DENIED =
  "pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed";

/** The lookups that fail a build or a pull: a missing tag or repository, or a reference that does not parse. */
export type FailedImageLookup = Extract<ImageLookup, { status: "tag_not_found" | "repository_not_found" | "invalid" }>;

/** Options for the kubelet message. */
export interface KubeletMessageOptions {
  /** The image as written in the manifest (kubelet quotes it verbatim); defaults to the familiar name. */
  image?: string;
  /**
   * Whether to keep the `rpc error: code = … desc =` wrapper that kubelets before about 1.31 print
   * (the facts' example has it; newer kubelets drop it). Default true.
   */
  rpcPrefix?: boolean;
}

/**
 * BuildKit's error for a FROM image that cannot be resolved, without the `ERROR: failed to solve: ` prefix
 * (whose form depends on the buildx version); for a reference that does not parse, its stage-name error.
 * Null when the lookup is not a failure (found, unknown, scratch). `asWritten` is the FROM argument after
 * ARG expansion, which BuildKit puts first; it defaults to the familiar name (pass it for invalid references,
 * whose lookup keeps no name).
 * @example buildkitResolveError(lookupImage("python:3.9-slimm", world))
 * // "python:3.9-slimm: failed to resolve source metadata for docker.io/library/python:3.9-slimm: docker.io/library/python:3.9-slimm: not found"
 */
export function buildkitResolveError(lookup: FailedImageLookup, asWritten?: string): string;
export function buildkitResolveError(lookup: ImageLookup, asWritten?: string): string | null;
export function buildkitResolveError(lookup: ImageLookup, asWritten?: string): string | null {
  if (lookup.status === "invalid") return `failed to parse stage name "${asWritten ?? ""}": ${lookup.error}`;
  if (lookup.status === "scratch") return null; // BuildKit never pulls scratch
  const ref = missingReference(lookup);
  if (!ref) return null;
  const name = asWritten ?? familiarName(ref);
  return `${name}: failed to resolve source metadata for ${ref.canonical}: ${resolverError(lookup, ref)}`;
}

/**
 * The kubelet's `Failed` event when the image cannot be pulled (the pod then shows ErrImagePull and
 * ImagePullBackOff), or, for an invalid reference, the `InspectFailed` event behind InvalidImageName.
 * Null when the image is found or unknown. Pass `options.image` for invalid references (their lookup keeps no name).
 * @example kubeletPullError(lookupImage("nginx:latset", world))
 * // 'Failed to pull image "nginx:latset": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:latset": failed to resolve reference "docker.io/library/nginx:latset": docker.io/library/nginx:latset: not found'
 */
export function kubeletPullError(lookup: FailedImageLookup, options?: KubeletMessageOptions): string;
export function kubeletPullError(lookup: ImageLookup, options?: KubeletMessageOptions): string | null;
export function kubeletPullError(lookup: ImageLookup, options: KubeletMessageOptions = {}): string | null {
  if (lookup.status === "invalid") {
    const image = options.image ?? "";
    return `Failed to apply default image tag "${image}": couldn't parse image name "${image}": ${lookup.error}`;
  }
  const ref = missingReference(lookup);
  if (!ref) return null;
  const image = options.image ?? familiarName(ref);
  // containerd maps a missing manifest to NotFound; an authorization refusal has no gRPC code of its own.
  const code = lookup.status === "tag_not_found" ? "NotFound" : "Unknown";
  const wrapper = options.rpcPrefix === false ? "" : `rpc error: code = ${code} desc = `;
  return `Failed to pull image "${image}": ${wrapper}failed to pull and unpack image "${ref.canonical}": failed to resolve reference "${ref.canonical}": ${resolverError(lookup, ref)}`;
}

/** `docker pull`'s legacy (non-containerd) message, for logs of scripts that pull before building. */
export function dockerPullError(lookup: ImageLookup): string | null {
  const ref = missingReference(lookup);
  if (!ref) return null;
  const name = familiarName(ref);
  if (lookup.status === "tag_not_found") {
    return `Error response from daemon: manifest for ${name} not found: manifest unknown: manifest unknown`;
  }
  const repository = familiarRepository(ref.registry, ref.repository);
  return `Error response from daemon: pull access denied for ${repository}, repository does not exist or may require 'docker login': denied: requested access to the resource is denied`;
}

/** The reference that failed to resolve; `scratch` only fails when something tries to pull it (kubelet). */
function missingReference(lookup: ImageLookup): ImageReference | null {
  switch (lookup.status) {
    case "tag_not_found":
    case "repository_not_found":
      return lookup.ref;
    case "scratch":
      return { registry: "docker.io", repository: "library/scratch", tag: "latest", digest: null, canonical: "docker.io/library/scratch:latest" };
    default:
      return null;
  }
}

/** containerd's resolver: `<ref>: not found` for a missing tag, the registry's refusal for a missing repository. */
function resolverError(lookup: ImageLookup, ref: ImageReference): string {
  return lookup.status === "tag_not_found" ? `${ref.canonical}: not found` : PULL_ACCESS_DENIED;
}
