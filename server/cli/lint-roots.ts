/**
 * Where a linted file's repository starts on disk: the nearest directory, from the file's own upwards, that
 * holds a `.github/` directory or a `.git` (a directory, or the file a worktree or submodule has). A workflow's
 * paths (checkout, build context, the files its steps read) are relative to that root, and cross-object checks
 * (a Service and the pods it selects) belong within one repository, so `breakfix lint` plans its runs by root.
 */
import { statSync } from "node:fs";
import path from "node:path";

/** Whether `dir` marks a repository root. */
function marksRoot(dir: string): boolean {
  try {
    if (statSync(path.join(dir, ".github")).isDirectory()) return true;
  } catch {
    // no .github here
  }
  try {
    statSync(path.join(dir, ".git"));
    return true;
  } catch {
    return false;
  }
}

/** Repository roots by directory, each directory looked at once per lint (a tree of thousands of files shares its ancestors). */
export class RepositoryRoots {
  private readonly known = new Map<string, string | null>();

  /** The root of the repository holding directory `dir` (absolute), or null when no ancestor marks one. */
  of(dir: string): string | null {
    const visited: string[] = [];
    let current = path.resolve(dir);
    let root: string | null = null;
    // Each step goes one directory up, so the walk ends at the file system's root.
    for (;;) {
      const cached = this.known.get(current);
      if (cached !== undefined) {
        root = cached;
        break;
      }
      visited.push(current);
      if (marksRoot(current)) {
        root = current;
        break;
      }
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
    for (const d of visited) this.known.set(d, root);
    return root;
  }
}
