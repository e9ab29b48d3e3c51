/**
 * The commit a checkout is at, read from its `.git` without running git (which may not be installed): HEAD,
 * a detached commit or a branch ref, the ref looked up loose or in packed-refs, in a plain repository or in a
 * worktree (`.git` a file naming the worktree's git directory, whose refs live in the common directory).
 * Anything else (no `.git`, an unborn branch, a file it cannot read) is "unknown", never an error.
 */
import fs from "node:fs";
import path from "node:path";

const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The commit `root`'s checkout is at, or undefined when it is not a git checkout or the commit cannot be read.
 * Only `root/.git` is looked at: a package installed inside someone else's repository has no commit of its own.
 * @example gitCommit(packageRoot()) // "9572cbc…" in a checkout, undefined in an installed package
 */
export function gitCommit(root: string): string | undefined {
  try {
    const gitDir = gitDirectory(root);
    if (gitDir === undefined) return undefined;
    const head = read(path.join(gitDir, "HEAD"))?.trim();
    if (head === undefined) return undefined;
    if (COMMIT.test(head)) return head;
    const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
    if (ref === undefined || ref.split("/").includes("..")) return undefined;
    const common = commonDirectory(gitDir);
    for (const dir of [gitDir, common]) {
      const loose = read(path.join(dir, ref))?.trim();
      if (loose !== undefined && COMMIT.test(loose)) return loose;
    }
    return packedRef(read(path.join(common, "packed-refs")), ref);
  } catch {
    return undefined;
  }
}

/** `root/.git` when it is a directory, or the directory a `gitdir:` file names. */
function gitDirectory(root: string): string | undefined {
  const dotGit = path.join(root, ".git");
  const stats = fs.statSync(dotGit, { throwIfNoEntry: false });
  if (stats === undefined) return undefined;
  if (stats.isDirectory()) return dotGit;
  const named = /^gitdir:\s*(.+)$/m.exec(read(dotGit) ?? "")?.[1]?.trim();
  return named === undefined ? undefined : path.resolve(root, named);
}

/** A worktree's git directory shares refs with the main repository's, named in its `commondir` file. */
function commonDirectory(gitDir: string): string {
  const named = read(path.join(gitDir, "commondir"))?.trim();
  return named === undefined || named === "" ? gitDir : path.resolve(gitDir, named);
}

/** The commit packed-refs records for `ref` (lines `<sha> <ref>`; `^<sha>` lines peel tags and are skipped). */
function packedRef(text: string | undefined, ref: string): string | undefined {
  for (const line of (text ?? "").split("\n")) {
    const [sha, name] = line.trim().split(/\s+/);
    if (name === ref && sha !== undefined && COMMIT.test(sha)) return sha;
  }
  return undefined;
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
