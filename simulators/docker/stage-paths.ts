/**
 * What a `COPY --from=<stage> <source>` takes from the stage's filesystem: the source path and everything under
 * it, or, for a wildcard source (`/build/target/*.jar`), every path the pattern matches with what is under each,
 * matched segment by segment as Go's filepath.Match (BuildKit's copy) does.
 */
import type { FsEntry } from "./image.js";

export interface StageEntry {
  path: string;
  entry: FsEntry;
  /** The path the source named or the wildcard matched: a copied tree keeps its layout relative to it. */
  root: string;
}

/** One path segment of a pattern as a regular expression: `*` and `?` stay within the segment. */
function segmentPattern(segment: string): RegExp {
  let re = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = segment.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        re += "[" + segment.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\") + "]";
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/** Whether absolute path `p` matches absolute pattern `pattern` segment for segment. */
export function matchesPattern(pattern: string, p: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = p.split("/").filter(Boolean);
  return want.length === have.length && want.every((segment, i) => segmentPattern(segment).test(have[i]!));
}

/** The entries a COPY --from source takes, each with the root it is copied relative to. */
export function stageEntries(fs: ReadonlyMap<string, FsEntry>, source: string, wildcard: boolean): StageEntry[] {
  const roots = wildcard ? [...fs.keys()].filter((p) => matchesPattern(source, p)).sort() : [source];
  const out: StageEntry[] = [];
  for (const root of roots) {
    for (const [p, entry] of fs) if (p === root || p.startsWith(root === "/" ? "/" : root + "/")) out.push({ path: p, entry, root });
  }
  return out;
}
