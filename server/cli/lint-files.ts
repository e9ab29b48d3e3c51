/**
 * The file-system side of `breakfix lint`: which files the user named (directories recurse, skipping
 * node_modules and .git and never following a symlinked directory), and reading them with their modes. The
 * simulators themselves are pure and never touch the disk.
 */
import { readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { UsageError } from "./io.js";
import { LINT_USAGE } from "./usage.js";

/** Directories no one wants linted or sent as build context. */
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);
/** Files larger than this are passed without content: their existence still counts for COPY checks. */
const MAX_FILE_BYTES = 1024 * 1024;
/** A directory walk stops here, so that `breakfix lint /` cannot run away. */
const MAX_FILES = 50_000;

/** A file the user asked to lint. */
export interface LintTarget {
  /** Absolute path on disk. */
  abs: string;
  /** The path as the user wrote it (or the directory they wrote, joined with the file's path inside it). */
  display: string;
  /** Named on the command line itself rather than found in a directory. */
  explicit: boolean;
  /** The absolute path of the PATH argument that named it: the file itself, or the directory it was found in. */
  from: string;
}

/**
 * The files named by PATH arguments, in argument order, each once.
 * @throws UsageError for a path that does not exist
 */
export function collectTargets(paths: readonly string[], cwd: string): LintTarget[] {
  const targets: LintTarget[] = [];
  const seen = new Set<string>();
  const add = (target: LintTarget): void => {
    if (seen.has(target.abs)) return;
    seen.add(target.abs);
    targets.push(target);
  };
  for (const written of paths) {
    const abs = path.resolve(cwd, written);
    const stats = statOrNull(abs);
    if (stats === null) throw new UsageError(`${written}: no such file or directory`, LINT_USAGE);
    if (stats.isDirectory()) {
      for (const rel of walk(abs)) add({ abs: path.join(abs, rel), display: joinDisplay(written, rel), explicit: false, from: abs });
    } else {
      add({ abs, display: written, explicit: true, from: abs });
    }
  }
  return targets;
}

/** Files under `dir` as sorted posix paths relative to it. */
export function walk(dir: string): string[] {
  const found: string[] = [];
  const visit = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return; // unreadable directory: lint what can be read
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (found.length >= MAX_FILES) return;
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) visit(child);
      } else if (entry.isFile() || (entry.isSymbolicLink() && statOrNull(path.join(dir, child))?.isFile())) {
        found.push(child);
      }
    }
  };
  visit("");
  return found;
}

/** A file's text and permission bits; over MAX_FILE_BYTES or unreadable, it is present with no content. */
export function readFileForLint(abs: string): { content: string; mode: number } {
  const stats = statOrNull(abs);
  const mode = stats ? stats.mode & 0o777 : 0o644;
  if (stats === null || stats.size > MAX_FILE_BYTES) return { content: "", mode };
  try {
    return { content: readFileSync(abs, "utf8"), mode };
  } catch {
    return { content: "", mode };
  }
}

/** Whether `abs` exists (a file, a directory, or a link to one). */
export function exists(abs: string): boolean {
  return statOrNull(abs) !== null;
}

/** Whether `abs` is an existing directory. */
export function isDirectory(abs: string): boolean {
  return statOrNull(abs)?.isDirectory() ?? false;
}

function statOrNull(abs: string): Stats | null {
  try {
    return statSync(abs);
  } catch {
    return null; // absent, unreadable, or a dangling symlink
  }
}

/** `dir` + `rel` keeping the user's spelling of `dir` ("./src/" + "Dockerfile" → "./src/Dockerfile"). */
function joinDisplay(written: string, rel: string): string {
  if (written === ".") return rel;
  return `${written.replace(/[\\/]+$/, "")}/${rel}`;
}
