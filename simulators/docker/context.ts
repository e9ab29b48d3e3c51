/**
 * The build context: the files under the context directory that `.dockerignore` does not exclude, walked as
 * fsutil walks them for BuildKit (each directory and file matched against the patterns with what its parent
 * matched, an excluded directory skipped when no exception can reach below it), and the wildcard matching
 * COPY and ADD sources use on it (Go's filepath.Match, as fsutil resolves them). A .dockerignore BuildKit
 * cannot read or whose patterns it cannot compile makes a context that cannot be loaded: `problem` says why.
 */
import path from "node:path";
import type { Location } from "../engine/rule.js";
import { compileGlob, GlobBudget, globBudget, GlobBudgetExceeded, matchGlob } from "../glob.js";
import type { RepoFile, Repository } from "../repository.js";
import { PatternMatcher, PatternMatchError, readIgnoreFile } from "./ignore-file.js";
import { readThrough } from "../incremental/read-log.js";
import type { ReadLog } from "../incremental/read-log.js";

/** Why BuildKit cannot load a build context, with where: a line of the .dockerignore, or a COPY. */
export interface ContextProblem {
  /** BuildKit's error, after `failed to solve: `. */
  message: string;
  /**
   * Where BuildKit meets it: its Dockerfile frontend, which reads the .dockerignore and makes a pattern
   * matcher of it for every build; or the transfer of the context, for a build that uses it (fsutil making
   * its include matcher, then walking the context with both).
   */
  phase: "frontend" | "transfer";
  /** The .dockerignore and its line, when a line of it is the cause. */
  file?: string;
  line?: number;
  /** The step, when a COPY source's pattern is the cause. */
  at?: Location;
}

/** A file of a build context, with the repository path it came from. */
export type ContextFile = RepoFile & { repoPath: string };

export interface BuildContext {
  /** Context directory in the repository ("." for the root). */
  dir: string;
  /** Context-relative path → file. */
  files: Map<string, ContextFile>;
  /** Context-relative files excluded by .dockerignore (they exist but COPY cannot see them). */
  ignored: Set<string>;
  /** The keys of `files`, sorted, so that a directory's files are one range (a COPY costs what it copies). */
  sorted: readonly string[];
  /** Why the context cannot be loaded, or null. */
  problem: ContextProblem | null;
  /** Glob steps the .dockerignore took against the context, charged to each simulation that uses it. */
  cost: number;
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
 * Walks `files` (context-relative, sorted) with `matcher`, each directory before what is under it, and
 * returns the files it matches. With `skipExcluded` (an exclude matcher), a directory it matches is
 * skipped whole when no exception can reach below it, as fsutil skips it.
 * @throws PatternMatchError, GlobBudgetExceeded
 */
export function walkContext(files: readonly string[], matcher: PatternMatcher, budget: GlobBudget, skipExcluded = true): Set<string> {
  const matchedFiles = new Set<string>();
  const dirs = new Map<string, { info: boolean[]; skipped: boolean }>();
  for (const file of files) {
    let parent: { info: boolean[]; skipped: boolean } | undefined;
    let skipped = false;
    for (let slash = file.indexOf("/"); slash > 0 && !skipped; slash = file.indexOf("/", slash + 1)) {
      const dir = file.slice(0, slash);
      let known = dirs.get(dir);
      if (!known) {
        const { matched, info } = matcher.matchesUsingParentResults(dir, parent?.info ?? null, budget);
        known = { info, skipped: skipExcluded && matched && matcher.skipsExcludedDir(dir) };
        dirs.set(dir, known);
      }
      parent = known;
      skipped = known.skipped;
    }
    if (skipped) matchedFiles.add(file);
    else if (matcher.matchesUsingParentResults(file, parent?.info ?? null, budget).matched) matchedFiles.add(file);
  }
  return matchedFiles;
}

/**
 * The files .dockerignore excludes from `files`, or why BuildKit cannot: its frontend cannot read the file
 * or make a matcher of its patterns (filepath.Match's syntax, a lone `!`), or a pattern fails to compile as
 * the context is walked. And the steps it took.
 */
function excludedBy(ignorePath: string, content: string, files: readonly string[]): { ignored: Set<string>; problem: ContextProblem | null; cost: number } {
  const none = new Set<string>();
  const reading = readIgnoreFile(content);
  if (!reading.ok) return { ignored: none, problem: { message: `failed parsing .dockerignore: ${reading.error}`, phase: "frontend", file: ignorePath, line: reading.line }, cost: 0 };
  if (reading.lines.length === 0) return { ignored: none, problem: null, cost: 0 };
  const matcher = PatternMatcher.create(reading.lines);
  if (!(matcher instanceof PatternMatcher)) return { ignored: none, problem: { message: matcher.error, phase: "frontend", file: ignorePath, line: matcher.line }, cost: 0 };
  const budget = new GlobBudget();
  try {
    return { ignored: walkContext(files, matcher, budget), problem: null, cost: budget.used };
  } catch (e) {
    if (e instanceof PatternMatchError) return { ignored: none, problem: { message: `error from sender: failed to match excludepatterns: ${e.message}`, phase: "transfer", file: ignorePath, line: e.line }, cost: budget.used };
    if (e instanceof GlobBudgetExceeded) return { ignored: none, problem: { message: e.message, phase: "transfer", file: ignorePath }, cost: budget.used };
    throw e;
  }
}

/**
 * The build context of directory `dir`: its files the .dockerignore there does not exclude. Made once per
 * repository and directory, so the Dockerfiles of one tree share their contexts instead of each scanning the
 * whole repository; what its .dockerignore cost is charged to every simulation that uses it, so a simulation
 * costs the same whether the context was made before or not.
 */
export function buildContext(read: Repository, dir: string): BuildContext {
  // A section's tracked repository shares the contexts of the one it reads, and its reads are logged here.
  const { repo, log } = readThrough(read);
  const context = contextOf(repo, dir);
  if (log === null) return context;
  // Which files the context holds follows from the paths and the .dockerignore; what a build copies is read when copied.
  log.listing = true;
  const ignorePath = (dir === "." ? "" : dir.replace(/\/$/, "") + "/") + ".dockerignore";
  log.noteFile(ignorePath, repo.get(ignorePath));
  return { ...context, files: loggedContextFiles(context.files, log) };
}

/** A context's files whose reads are logged: a file looked up is a file read. */
function loggedContextFiles(files: BuildContext["files"], log: ReadLog): BuildContext["files"] {
  const logged = (rel: string): ContextFile | undefined => {
    const file = files.get(rel);
    if (file !== undefined) log.noteFile(file.repoPath, file);
    return file;
  };
  const view: Pick<BuildContext["files"], "get" | "has" | "size"> & Iterable<[string, ContextFile]> = {
    get: logged,
    has: (rel) => files.has(rel),
    size: files.size,
    *[Symbol.iterator]() {
      for (const rel of files.keys()) yield [rel, logged(rel)!];
    },
  };
  // Readers look files up and test for them (build.ts); the rest of Map's interface is not theirs to use.
  return view as unknown as BuildContext["files"];
}

function contextOf(repo: Repository, dir: string): BuildContext {
  const budget = globBudget();
  let cache = caches.get(repo);
  if (!cache) {
    cache = { paths: [...repo.keys()].sort(), contexts: new Map() };
    caches.set(repo, cache);
  }
  const known = cache.contexts.get(dir);
  if (known) return charged(known, budget);
  const prefix = dir === "." ? "" : dir.replace(/\/$/, "") + "/";
  // A path above the root (a Dockerfile beside the context, under `lint --context`) is never in it.
  const rels = withPrefix(cache.paths, prefix)
    .map((p) => p.slice(prefix.length))
    .filter((rel) => !rel.startsWith("../"));
  const ignorePath = prefix + ".dockerignore";
  const content = repo.get(ignorePath)?.content;
  if (content !== undefined && budget.exhausted) return { dir, files: new Map(), ignored: new Set(), sorted: [], problem: { message: new GlobBudgetExceeded(budget.limit).message, phase: "transfer", file: ignorePath }, cost: 0 };
  const { ignored, problem, cost } = content === undefined ? { ignored: new Set<string>(), problem: null, cost: 0 } : excludedBy(ignorePath, content, rels);
  const files = new Map<string, RepoFile & { repoPath: string }>();
  const sorted: string[] = [];
  for (const rel of rels) {
    if (ignored.has(rel)) continue;
    files.set(rel, { ...repo.get(prefix + rel)!, repoPath: prefix + rel });
    sorted.push(rel);
  }
  const context = { dir, files, ignored, sorted, problem, cost };
  cache.contexts.set(dir, context);
  return charged(context, budget);
}

/** The context as this simulation sees it: unloadable when its cost runs the simulation's budget out. */
function charged(context: BuildContext, budget: GlobBudget): BuildContext {
  try {
    budget.spend(context.cost);
    return context;
  } catch (e) {
    if (!(e instanceof GlobBudgetExceeded)) throw e;
    return { ...context, problem: context.problem ?? { message: e.message, phase: "transfer" } };
  }
}

/** Whether a source has a wildcard as fsutil sees one: `*`, `?` or `[` not escaped by a backslash. */
export function hasWildcard(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "*" || source[i] === "?" || source[i] === "[") return true;
  }
  return false;
}

/** A wildcard source split as fsutil splits it: the literal directories before the first wildcard, and the rest. */
export function splitWildcards(source: string): { literal: string; pattern: string } {
  const segments = source.split("/");
  const first = segments.findIndex((segment) => hasWildcard(segment));
  return { literal: segments.slice(0, first).join("/"), pattern: segments.slice(first).join("/") };
}

/**
 * The paths under a literal directory that a wildcard pattern names, as fsutil's ResolveWildcards finds
 * them: each directory and file below is matched with Go's filepath.Match against its path from there,
 * and a matched directory is taken whole. Returns each path with the matched path it hangs from.
 * @throws GlobSyntaxError for a pattern Go refuses when there is anything to match it against: BuildKit
 * computes the step's cache key with path.Match over those paths before it copies.
 * @throws GlobBudgetExceeded
 */
export function resolveWildcards(candidates: readonly string[], pattern: string, budget: GlobBudget): Array<{ path: string; root: string }> {
  if (candidates.length === 0) return [];
  const glob = compileGlob(pattern, "filepath");
  const dirs = new Map<string, boolean>();
  const out: Array<{ path: string; root: string }> = [];
  for (const candidate of candidates) {
    let root: string | null = null;
    for (let slash = candidate.indexOf("/"); slash > 0 && root === null; slash = candidate.indexOf("/", slash + 1)) {
      const dir = candidate.slice(0, slash);
      if (!dirs.has(dir)) dirs.set(dir, matchGlob(glob, dir, budget));
      if (dirs.get(dir)) root = dir;
    }
    if (root === null && matchGlob(glob, candidate, budget)) root = candidate;
    if (root !== null) out.push({ path: candidate, root });
  }
  return out;
}

/**
 * Context files a COPY source names: the file itself, everything under a directory, or what its wildcards
 * match (a matched directory's contents). Returns context-relative paths with the base they are copied
 * relative to.
 * @throws GlobSyntaxError for a wildcard pattern Go refuses (see resolveWildcards)
 * @throws GlobBudgetExceeded when the simulation's glob budget runs out.
 */
export function matchSource(context: BuildContext, source: string): Array<{ rel: string; base: string }> {
  const clean = path.posix.normalize(source.replace(/^\/+/, "")).replace(/\/$/, "");
  if (clean === "." || clean === "") return context.sorted.map((rel) => ({ rel, base: "" }));
  if (hasWildcard(clean)) {
    const { literal, pattern } = splitWildcards(clean);
    const under = literal === "" ? "" : literal + "/";
    const candidates = withPrefix(context.sorted, under).map((rel) => rel.slice(under.length));
    return resolveWildcards(candidates, pattern, globBudget()).map(({ path: rel, root }) => {
      // A matched directory's contents are copied; a matched file goes by its name.
      const base = root === rel ? path.posix.dirname(root) : root;
      return { rel: under + rel, base: base === "." ? literal : under + base };
    });
  }
  if (context.files.has(clean)) return [{ rel: clean, base: path.posix.dirname(clean) === "." ? "" : path.posix.dirname(clean) }];
  return withPrefix(context.sorted, clean + "/").map((rel) => ({ rel, base: clean }));
}

/**
 * Whether the .dockerignore `content` excludes context path `rel`, read as BuildKit reads it (false when
 * BuildKit cannot read it): the generator checks the patterns it adds with it.
 */
export function dockerignoreExcludes(content: string, rel: string): boolean {
  const reading = readIgnoreFile(content);
  if (!reading.ok) return false;
  const matcher = PatternMatcher.create(reading.lines);
  if (!(matcher instanceof PatternMatcher)) return false;
  try {
    return walkContext([rel], matcher, new GlobBudget()).has(rel);
  } catch {
    return false;
  }
}

