/**
 * What a `COPY --from=<stage> <source>` takes from the stage's filesystem: the source path and everything under
 * it, or, for a wildcard source (`/build/target/*.jar`), every path the pattern matches with what is under each,
 * matched with Go's filepath.Match (BuildKit's copy), where `*` stays within one segment.
 */
import type { GlobBudget } from "../glob.js";
import { compileGlob, globBudget, GlobSyntaxError, matchGlob } from "../glob.js";
import { resolveWildcards, splitWildcards } from "./context.js";
import type { FsEntry } from "./image.js";

export interface StageEntry {
  path: string;
  entry: FsEntry;
  /** The path the source named or the wildcard matched: a copied tree keeps its layout relative to it. */
  root: string;
}

/** Whether absolute path `p` matches absolute pattern `pattern` as Go's filepath.Match does (`*` within one segment). */
export function matchesPattern(pattern: string, p: string, budget: GlobBudget = globBudget()): boolean {
  try {
    return matchGlob(compileGlob(pattern.replace(/^\/+/, ""), "filepath"), p.replace(/^\/+/, ""), budget);
  } catch (e) {
    if (e instanceof GlobSyntaxError) return false;
    throw e;
  }
}

/**
 * The entries a COPY --from source takes, each with the root it is copied relative to. A wildcard source is
 * resolved under its literal leading directories as fsutil resolves it (see resolveWildcards).
 * @throws GlobBudgetExceeded when the simulation's glob budget runs out.
 */
export function stageEntries(fs: ReadonlyMap<string, FsEntry>, source: string, wildcard: boolean, budget: GlobBudget = globBudget()): StageEntry[] {
  const roots = wildcard ? wildcardRoots(fs, source, budget) : [source];
  const out: StageEntry[] = [];
  for (const root of roots) {
    for (const [p, entry] of fs) if (p === root || p.startsWith(root === "/" ? "/" : root + "/")) out.push({ path: p, entry, root });
  }
  return out;
}

/** The paths of a stage's filesystem a wildcard source matches, each taken whole. */
function wildcardRoots(fs: ReadonlyMap<string, FsEntry>, source: string, budget: GlobBudget): string[] {
  const { literal, pattern } = splitWildcards(source.replace(/^\/+/, ""));
  const under = literal === "" ? "/" : `/${literal}/`;
  const candidates = [...fs.keys()].filter((p) => p.startsWith(under) && p !== under).map((p) => p.slice(under.length)).sort();
  return [...new Set(resolveWildcards(candidates, pattern, budget).map(({ root }) => under + root))].sort();
}
