/**
 * A repository as the simulators and the episode engine see it: paths relative to its root, each with text
 * content and a git file mode (the execute bit matters to a container's entrypoint).
 */
import path from "node:path";

export const REGULAR = 0o644;
export const EXECUTABLE = 0o755;

export interface RepoFile {
  content: string;
  mode: number;
}

/** Path → file. Treated as immutable: actions build a new map rather than mutating one. */
export type Repository = ReadonlyMap<string, RepoFile>;

export function repositoryFrom(files: Record<string, string | { content: string; mode?: number }>): Repository {
  const repo = new Map<string, RepoFile>();
  for (const [p, f] of Object.entries(files)) {
    repo.set(p, typeof f === "string" ? { content: f, mode: REGULAR } : { content: f.content, mode: f.mode ?? REGULAR });
  }
  return repo;
}

export function isExecutable(file: RepoFile | undefined): boolean {
  return file !== undefined && (file.mode & 0o111) !== 0;
}

/** Git's notation for a mode, as `git ls-files -s` and diff headers print it. */
export function gitMode(mode: number): string {
  return (mode & 0o111) !== 0 ? "100755" : "100644";
}

export type PathProblem = "empty" | "absolute" | "outside";

/**
 * Normalises a repository-relative path (`./a//b/../c` → `a/c`). Absolute paths and paths that climb out of
 * the repository are refused, so no action can name a file outside the episode's own repository.
 */
export function normaliseRepoPath(raw: string): { path: string } | { problem: PathProblem } {
  const trimmed = raw.trim().replace(/\\/g, "/");
  if (trimmed === "") return { problem: "empty" };
  if (trimmed.startsWith("/") || /^[A-Za-z]:\//.test(trimmed)) return { problem: "absolute" };
  const normal = path.posix.normalize(trimmed);
  if (normal === ".." || normal.startsWith("../")) return { problem: "outside" };
  if (normal === "." || normal === "./") return { problem: "empty" };
  return { path: normal.replace(/\/$/, "") };
}

export function describePathProblem(raw: string, problem: PathProblem): string {
  switch (problem) {
    case "empty":
      return "file_path is empty: name a file relative to the repository root, such as Dockerfile";
    case "absolute":
      return `file_path '${raw}' is absolute: paths are relative to the repository root`;
    case "outside":
      return `file_path '${raw}' leaves the repository: paths must stay inside it`;
  }
}

/** Directories present in a repository (every proper prefix of a file path). */
export function directoriesOf(repo: Repository): Set<string> {
  const dirs = new Set<string>(["."]);
  for (const p of repo.keys()) {
    let d = path.posix.dirname(p);
    while (d !== "." && !dirs.has(d)) {
      dirs.add(d);
      d = path.posix.dirname(d);
    }
  }
  return dirs;
}
