/**
 * The compose files that may name a linted Dockerfile's build context, and the context directories they name,
 * for `breakfix lint` to load beside each Dockerfile's own folder. A compose file sits in the Dockerfile's
 * folder or one above it, up to the repository's root (or the folder the lint started from); compose resolves
 * `build.context` from its own directory, so `context: .` in the root's compose.yml is the root, and reads the
 * variables its `${VAR}` references name from the .env file beside it.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { composeContexts, isComposeFile } from "../../simulators/docker/compose-contexts.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { isDirectory, readFileForLint } from "./lint-files.js";

/** Whether directory `dir` is `ancestor` or lies below it. */
function within(dir: string, ancestor: string): boolean {
  return dir === ancestor || dir.startsWith(ancestor.endsWith(path.sep) ? ancestor : ancestor + path.sep);
}

/** The compose files in `dir`, by absolute path. */
function composeFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && isComposeFile(e.name))
      .map((e) => path.join(dir, e.name))
      .sort();
  } catch {
    return []; // unreadable directory: no compose file read there
  }
}

/**
 * For Dockerfiles (absolute paths) under `top`: the compose files found in their folders and the folders above
 * them up to `top` (with the .env files beside them), and the context directories (absolute) those files give
 * the Dockerfiles.
 */
export function composeContextsFor(dockerfiles: readonly string[], top: string): { composeFiles: string[]; contextDirs: string[] } {
  const dirs = new Set<string>();
  for (const file of dockerfiles) {
    let dir = path.dirname(file);
    if (!within(dir, top)) continue;
    // Each step goes one directory up, ending at `top`.
    for (;;) {
      dirs.add(dir);
      if (dir === top) break;
      dir = path.dirname(dir);
    }
  }
  const composed = [...dirs].sort().flatMap(composeFilesIn);
  if (composed.length === 0) return { composeFiles: composed, contextDirs: [] };
  const dotEnvs = [...new Set(composed.map((f) => path.join(path.dirname(f), ".env")))].filter((f) => existsSync(f));
  const composeFiles = [...composed, ...dotEnvs];
  const rel = (abs: string): string => path.relative(top, abs).split(path.sep).join("/");
  const repo = repositoryFrom(Object.fromEntries(composeFiles.map((f) => [rel(f), readFileForLint(f).content])));
  const contexts = composeContexts(repo);
  const contextDirs = new Set<string>();
  for (const file of dockerfiles) {
    const dir = contexts.get(rel(file))?.dir;
    if (dir === undefined || dir === null) continue;
    const abs = path.join(top, dir);
    if (isDirectory(abs)) contextDirs.add(abs);
  }
  return { composeFiles, contextDirs: [...contextDirs].sort() };
}
