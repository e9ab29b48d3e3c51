/**
 * Tag arithmetic for the catalogue: official images publish every version under every variant suffix,
 * so their tag lists are products (versions × variants) rather than lists to write out by hand.
 */

/**
 * Every `version + variant`; an empty version yields the bare variant (`alpine`), and the empty version with
 * the empty variant yields `latest`, following how docker-library names its shared tags.
 * @example tagProduct(["3.12", ""], ["", "-slim"]) // ["3.12", "3.12-slim", "latest", "slim"]
 */
export function tagProduct(versions: readonly string[], variants: readonly string[]): string[] {
  const tags: string[] = [];
  for (const version of versions) {
    for (const variant of variants) {
      if (version === "") tags.push(variant === "" ? "latest" : variant.replace(/^-/, ""));
      else tags.push(version + variant);
    }
  }
  return tags;
}

/** `prefix.from` … `prefix.to`: `range("3.11.", 0, 2)` is `3.11.0 3.11.1 3.11.2`. */
export function range(prefix: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${prefix}${n}`);
  return out;
}

/** Patch versions from a table of `minor → last patch`: `{ "1.27": 5 }` gives 1.27.0 … 1.27.5. */
export function patches(lastPatch: Readonly<Record<string, number>>, firstPatch = 0): string[] {
  return Object.entries(lastPatch).flatMap(([minor, last]) => range(`${minor}.`, firstPatch, last));
}

/** `alpine3.18` … `alpine3.22` as variant suffixes. */
export function alpineSuffixes(fromMinor: number, toMinor: number, separator = "-"): string[] {
  return range(`${separator}alpine3.`, fromMinor, toMinor);
}
