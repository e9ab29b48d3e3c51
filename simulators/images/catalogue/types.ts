/** The shapes of the built-in image catalogue. */
import type { ImageConfig } from "../../world.js";

/** Tags of one image that share a config: all the `-alpine` tags of python, say. */
export interface TagFamily {
  tags: readonly string[];
  config: ImageConfig;
  /** Manifest digests (`sha256:<hex>`) known to be these tags' images; a digest not listed anywhere is not found. */
  digests?: readonly string[];
  /** Ports the image EXPOSEs (ImageConfig has no field for them). */
  exposes?: readonly number[];
}

/** One repository of the catalogue and its tags, grouped by config. */
export interface CatalogueImage {
  /** Registry host: `docker.io`, `gcr.io`. */
  registry: string;
  /** Repository path as normalised: `library/python`, `nginxinc/nginx-unprivileged`, `distroless/static-debian12`. */
  repository: string;
  families: readonly TagFamily[];
}

/** Shorthand for an official Docker Hub image. */
export function official(name: string, families: readonly TagFamily[]): CatalogueImage {
  return { registry: "docker.io", repository: `library/${name}`, families };
}
