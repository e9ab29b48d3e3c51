/**
 * The build contexts Docker Compose gives the repository's Dockerfiles. A service's `build:` is a context
 * directory (`build: ./api`) or a map of `context` (default `.`) and `dockerfile` (default `Dockerfile`, resolved
 * against the context), both relative to the compose file's directory. A Dockerfile built from the repository
 * root (`context: .`, `dockerfile: backend/Dockerfile`) copies paths from the root, not from its own folder, so
 * a linter that takes the folder as the context calls every such COPY source missing.
 */
import path from "node:path";
import { isMap, isScalar, parseDocument } from "yaml";
import type { Node } from "yaml";
import { memoByContent } from "../parse-cache.js";
import type { Repository } from "../repository.js";
import { interpolate, readDotEnv } from "./compose-env.js";

/** compose.yaml, docker-compose.yml and their variants (compose.override.yml, docker-compose.prod.yaml). */
const COMPOSE_FILE = /(^|\/)(docker-)?compose(\.[\w-]+)*\.ya?ml$/;

export function isComposeFile(p: string): boolean {
  return COMPOSE_FILE.test(p);
}

/** The .env file compose reads variables from when run beside `composeFile` (its project directory's). */
export function dotEnvOf(composeFile: string): string {
  const dir = path.posix.dirname(composeFile);
  return dir === "." ? ".env" : `${dir}/.env`;
}

/** What the compose files say of one Dockerfile's context. */
export type ComposeContext =
  /** Every service that builds it uses this directory (a repository path, "." for the root). */
  | { dir: string }
  /** Built from several directories, or from one that cannot be read here (a URL, a variable, outside the repository). */
  | { dir: null };

const known = new WeakMap<Repository, Map<string, ComposeContext>>();

/** The contexts compose files give Dockerfiles, by the Dockerfile's repository path. */
export function composeContexts(repo: Repository): ReadonlyMap<string, ComposeContext> {
  const cached = known.get(repo);
  if (cached) return cached;
  const seen = new Map<string, Set<string | null>>();
  for (const [file, { content }] of repo) {
    if (!COMPOSE_FILE.test(file)) continue;
    const env = repo.get(dotEnvOf(file))?.content ?? "";
    for (const { dockerfile, context } of buildsOf(`${file}\n${env.length}\n${env}${content}`)) {
      if (dockerfile === null) continue;
      const dirs = seen.get(dockerfile) ?? new Set();
      dirs.add(context);
      seen.set(dockerfile, dirs);
    }
  }
  const contexts = new Map<string, ComposeContext>();
  for (const [dockerfile, dirs] of seen) {
    const [only] = dirs;
    contexts.set(dockerfile, dirs.size === 1 && only !== null && only !== undefined ? { dir: only } : { dir: null });
  }
  known.set(repo, contexts);
  return contexts;
}

/** A path from the compose file's directory as a repository path, or null when it leaves the repository or is not a plain path. */
function repoPath(composeDir: string, raw: string): string | null {
  if (raw === "" || path.posix.isAbsolute(raw) || raw.includes("$") || /^[a-z][\w+.-]*:\/\/|^git@|\.git(#.*)?$/i.test(raw)) return null;
  const joined = path.posix.normalize(path.posix.join(composeDir, raw));
  return joined === ".." || joined.startsWith("../") ? null : joined.replace(/\/$/, "") || ".";
}

/** A scalar's text with compose's ${VAR} references resolved from .env, or null when it is not one or they cannot be. */
function scalar(node: unknown, env: ReadonlyMap<string, string>): string | null {
  return isScalar(node) && (typeof node.value === "string" || typeof node.value === "number") ? interpolate(String(node.value), env) : null;
}

// Read once per (path, content): every step's repository is a new object, and most steps leave the compose files as they
// were. Only the builds are kept, so a compose file is charged as a small parse.
const buildsOf = memoByContent((key) => {
  const cut = key.indexOf("\n");
  const lengthEnd = key.indexOf("\n", cut + 1);
  const envEnd = lengthEnd + 1 + Number(key.slice(cut + 1, lengthEnd));
  return composeBuilds(key.slice(0, cut), key.slice(envEnd), readDotEnv(key.slice(lengthEnd + 1, envEnd)));
}, { name: "compose builds", expansion: 2 });

/** Each service's build: the Dockerfile it names (null when it cannot be told) and its context (null when unreadable). */
function composeBuilds(file: string, content: string, env: ReadonlyMap<string, string>): { dockerfile: string | null; context: string | null }[] {
  let doc;
  try {
    doc = parseDocument(content, { uniqueKeys: false });
  } catch {
    return [];
  }
  const services = isMap(doc.contents) ? doc.contents.get("services", true) : null;
  if (!isMap(services)) return [];
  const composeDir = path.posix.dirname(file);
  const builds: { dockerfile: string | null; context: string | null }[] = [];
  for (const pair of services.items) {
    const build = isMap(pair.value) ? (pair.value.get("build", true) as Node | undefined) : undefined;
    if (build === undefined || build === null) continue;
    const contextText = isMap(build) ? (build.has("context") ? scalar(build.get("context", true), env) : ".") : scalar(build, env);
    const context = contextText === null ? null : repoPath(composeDir, contextText);
    // An inline Dockerfile is no file of the repository.
    if (isMap(build) && build.has("dockerfile_inline")) continue;
    const dockerfileText = isMap(build) && build.has("dockerfile") ? scalar(build.get("dockerfile", true), env) : "Dockerfile";
    const dockerfile = context === null || dockerfileText === null ? null : repoPath(context, dockerfileText);
    builds.push({ dockerfile, context });
  }
  return builds;
}
