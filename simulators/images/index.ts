/** The shared image catalogue: reference parsing, which images and tags exist, and the tools' error texts. */
export { parseImageReference, familiarName, familiarRepository, isReferenceError, DOCKER_HUB, type ImageReference } from "./reference.js";
export { CATALOGUE, SCRATCH, catalogueEntry, catalogueConfig, catalogueNames, type CatalogueImage, type CatalogueEntry, type TagFamily } from "./catalogue.js";
export { lookupImage, imageExists, suggestTags, imageExposedPorts, type ImageLookup, type LookupOptions, type RegistryWorld, type UnlistedTag } from "./lookup.js";
export { buildkitResolveError, kubeletPullError, dockerPullError, PULL_ACCESS_DENIED, type KubeletMessageOptions, type FailedImageLookup } from "./messages.js";
