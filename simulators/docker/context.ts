/**
 * The build context: the files under the context directory that `.dockerignore` does not exclude, and the
 * glob matching COPY and ADD use on it.
 */
import path from "node:path";
import type { RepoFile, Repository } from "../repository.js";

export interface BuildContext {
  /** Context directory in the repository ("." for the root). */
  dir: string;
  /** Context-relative path → file. */
  files: Map<string, RepoFile & { repoPath: string }>;
  /** Context-relative files excluded by .dockerignore (they exist but COPY cannot see them). */
  ignored: Set<string>;
  /** The keys of `files`, sorted, so that a directory's files are one range (a COPY costs what it copies). */
  sorted: readonly string[];
}

/** A .dockerignore pattern as a regular expression (Go filepath.Match syntax plus `**`). */
function patternToRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      re += ".*";
      i += 1;
      if (pattern[i + 1] === "/") i += 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i);
      if (end < 0) re += "\\[";
      else {
        re += "[" + pattern.slice(i + 1, end).replace(/^!/, "^") + "]";
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  // A pattern matching a directory excludes everything below it.
  return new RegExp(`^${re}(/.*)?$`);
}

export function readDockerignore(content: string): Array<{ exclude: boolean; re: RegExp }> {
  return content
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const exclude = !l.startsWith("!");
      const body = path.posix.normalize((exclude ? l : l.slice(1)).replace(/^\/+/, ""));
      return { exclude, re: patternToRegex(body) };
    });
}

/** A repository's paths, sorted once, and the build contexts made from it, each made once per directory. */
interface ContextCache {
  paths: readonly string[];
  contexts: Map<string, BuildContext>;
}

/** Repositories are immutable (actions build new ones), so what is derived from one can be kept with it. */
const caches = new WeakMap<Repository, ContextCache>();

/** The index of the first of `sorted` that is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of `sorted` that start with `prefix`: one contiguous range. */
function withPrefix(sorted: readonly string[], prefix: string): readonly string[] {
  if (prefix === "") return sorted;
  const from = lowerBound(sorted, prefix);
  let to = from;
  while (to < sorted.length && sorted[to]!.startsWith(prefix)) to++;
  return sorted.slice(from, to);
}

/**
 * The build context of directory `dir`: its files the .dockerignore there does not exclude. Made once per
 * repository and directory, so the Dockerfiles of one tree share their contexts instead of each scanning the
 * whole repository.
 */
export function buildContext(repo: Repository, dir: string): BuildContext {
  let cache = caches.get(repo);
  if (!cache) {
    cache = { paths: [...repo.keys()].sort(), contexts: new Map() };
    caches.set(repo, cache);
  }
  const known = cache.contexts.get(dir);
  if (known) return known;
  const prefix = dir === "." ? "" : dir.replace(/\/$/, "") + "/";
  const rules = readDockerignore(repo.get(prefix + ".dockerignore")?.content ?? "");
  const files = new Map<string, RepoFile & { repoPath: string }>();
  const ignored = new Set<string>();
  const sorted: string[] = [];
  for (const repoPath of withPrefix(cache.paths, prefix)) {
    const rel = repoPath.slice(prefix.length);
    // A path above the root (a Dockerfile beside the context, under `lint --context`) is never in it.
    if (rel.startsWith("../")) continue;
    let excluded = false;
    for (const rule of rules) if (rule.re.test(rel)) excluded = rule.exclude;
    if (excluded) ignored.add(rel);
    else {
      files.set(rel, { ...repo.get(repoPath)!, repoPath });
      sorted.push(rel);
    }
  }
  const context = { dir, files, ignored, sorted };
  cache.contexts.set(dir, context);
  return context;
}

export function hasWildcard(source: string): boolean {
  return /[*?[]/.test(source);
}

/**
 * Context files a COPY source names: the file itself, everything under a directory, or the glob's matches.
 * Returns context-relative paths with the base they are copied relative to.
 */
export function matchSource(context: BuildContext, source: string): Array<{ rel: string; base: string }> {
  const clean = path.posix.normalize(source.replace(/^\/+/, "")).replace(/\/$/, "");
  if (clean === "." || clean === "") return context.sorted.map((rel) => ({ rel, base: "" }));
  if (hasWildcard(clean)) {
    const re = patternToRegex(clean);
    const exact = new RegExp(re.source.replace(/\(\/\.\*\)\?\$$/, "$"));
    // Only files under the pattern's literal leading directories can match it.
    const segments = clean.split("/");
    const literal = segments.slice(0, segments.findIndex((segment) => hasWildcard(segment))).join("/");
    const out: Array<{ rel: string; base: string }> = [];
    for (const rel of withPrefix(context.sorted, literal === "" ? "" : literal + "/")) {
      if (exact.test(rel)) out.push({ rel, base: path.posix.dirname(rel) === "." ? "" : path.posix.dirname(rel) });
      else if (re.test(rel)) {
        const top = rel.split("/").slice(0, segments.length).join("/");
        out.push({ rel, base: path.posix.dirname(top) === "." ? "" : path.posix.dirname(top) });
      }
    }
    return out;
  }
  if (context.files.has(clean)) return [{ rel: clean, base: path.posix.dirname(clean) === "." ? "" : path.posix.dirname(clean) }];
  return withPrefix(context.sorted, clean + "/").map((rel) => ({ rel, base: clean }));
}
