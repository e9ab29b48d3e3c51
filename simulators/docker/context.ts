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

export function buildContext(repo: Repository, dir: string): BuildContext {
  const prefix = dir === "." ? "" : dir.replace(/\/$/, "") + "/";
  const rules = readDockerignore(repo.get(prefix + ".dockerignore")?.content ?? "");
  const files = new Map<string, RepoFile & { repoPath: string }>();
  const ignored = new Set<string>();
  for (const [repoPath, file] of repo) {
    if (!repoPath.startsWith(prefix)) continue;
    const rel = repoPath.slice(prefix.length);
    let excluded = false;
    for (const rule of rules) if (rule.re.test(rel)) excluded = rule.exclude;
    if (excluded) ignored.add(rel);
    else files.set(rel, { ...file, repoPath });
  }
  return { dir, files, ignored };
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
  const all = [...context.files.keys()];
  if (clean === "." || clean === "") return all.map((rel) => ({ rel, base: "" }));
  if (hasWildcard(clean)) {
    const re = patternToRegex(clean);
    const exact = new RegExp(re.source.replace(/\(\/\.\*\)\?\$$/, "$"));
    const out: Array<{ rel: string; base: string }> = [];
    for (const rel of all) {
      if (exact.test(rel)) out.push({ rel, base: path.posix.dirname(rel) === "." ? "" : path.posix.dirname(rel) });
      else if (re.test(rel)) {
        const top = rel.split("/").slice(0, clean.split("/").length).join("/");
        out.push({ rel, base: path.posix.dirname(top) === "." ? "" : path.posix.dirname(top) });
      }
    }
    return out;
  }
  if (context.files.has(clean)) return [{ rel: clean, base: path.posix.dirname(clean) === "." ? "" : path.posix.dirname(clean) }];
  return all.filter((rel) => rel.startsWith(clean + "/")).map((rel) => ({ rel, base: clean }));
}
