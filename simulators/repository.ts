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

export type PathProblem = "empty" | "absolute" | "outside" | "control" | "invisible";

/** C0 controls, DEL and C1 controls: NUL ends a name for every OS, the rest no repository's file names have. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Characters that show nothing: a byte-order mark, zero-width spaces and joiners, direction marks and
 * overrides, the soft hyphen. `\uFEFFDockerfile` is another file than Dockerfile that looks the same.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/**
 * Normalises a repository-relative path (`./a//b/../c` → `a/c`). Absolute paths and paths that climb out of
 * the repository are refused, so no action can name a file outside the episode's own repository; so are
 * names with control or invisible characters (`char` says which), which no file system or no honest
 * repository has.
 */
export function normaliseRepoPath(raw: string): { path: string } | { problem: PathProblem; char?: string } {
  const trimmed = raw.trim().replace(/\\/g, "/");
  // Checked before trimming too: trim() drops a leading byte-order mark, which would make the name another file's.
  const invisible = INVISIBLE.exec(raw);
  if (invisible) return { problem: "invisible", char: invisible[0] };
  const control = CONTROL.exec(trimmed);
  if (control) return { problem: "control", char: control[0] };
  if (trimmed === "") return { problem: "empty" };
  if (trimmed.startsWith("/") || /^[A-Za-z]:\//.test(trimmed)) return { problem: "absolute" };
  const normal = path.posix.normalize(trimmed);
  if (normal === ".." || normal.startsWith("../")) return { problem: "outside" };
  if (normal === "." || normal === "./") return { problem: "empty" };
  return { path: normal.replace(/\/$/, "") };
}

/** `U+FEFF`. */
function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A name with its control and invisible characters written as \uXXXX, so a message shows them. */
function visible(raw: string): string {
  return raw.replace(new RegExp(`${CONTROL.source}|${INVISIBLE.source}`, "g"), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function describePathProblem(raw: string, problem: PathProblem, char = ""): string {
  switch (problem) {
    case "empty":
      return "file_path is empty: name a file relative to the repository root, such as Dockerfile";
    case "absolute":
      return `file_path '${raw}' is absolute: paths are relative to the repository root`;
    case "outside":
      return `file_path '${raw}' leaves the repository: paths must stay inside it`;
    case "control":
      return char === "\u0000"
        ? `file_path '${visible(raw)}' contains NUL (U+0000): no file system accepts it in a file name`
        : `file_path '${visible(raw)}' contains the control character ${codePoint(char)}: a file name here may not contain one`;
    case "invisible":
      return `file_path '${visible(raw)}' contains the invisible character ${codePoint(char)}: it would name another file than '${visible(raw).replace(/\\u[0-9a-f]{4}/g, "")}' that looks the same`;
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
