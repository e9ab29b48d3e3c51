/**
 * Where the repositories are among a user's files: a caller of `lintFiles` may hand over paths of several
 * repositories at once (`services/api/.github/workflows/ci.yml`), but a workflow's paths (checkout, build
 * context, Dockerfile) are relative to its repository's root, and one repository's objects must not meet
 * another's. Each repository's root is found from its `.github/` directory, so that it runs on its own with
 * paths as its workflows see them (a pipeline when it has a delivery workflow).
 */
const GITHUB_DIR = /^(.*\/)?\.github\//;

/** The path prefixes (`""` or `dir/`) of the directories that hold a `.github/`, deepest first. */
export function repositoryRoots(files: readonly { path: string }[]): string[] {
  const roots = new Set<string>();
  for (const f of files) {
    const m = GITHUB_DIR.exec(f.path);
    if (m) roots.add(m[1] ?? "");
  }
  return [...roots].sort((a, b) => b.length - a.length);
}

/** The root a path belongs to (the deepest that contains it), or null. */
export function rootOf(path: string, roots: readonly string[]): string | null {
  return roots.find((r) => path.startsWith(r)) ?? null;
}
