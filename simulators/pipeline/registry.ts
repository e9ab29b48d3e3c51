/**
 * The registry as the cluster meets it after a run: the world's repositories, plus every tag the workflows
 * really pushed, each described by the image the Dockerfile simulator built (its files, programs, user, working
 * directory, entrypoint, command and the app it runs), so that pods start from what was built.
 */
import path from "node:path";
import type { Command, Image } from "../docker/image.js";
import { isRootUser } from "../docker/image.js";
import { codeBindAddress } from "../docker/app-start.js";
import { missingModule } from "../docker/rules/app-dependencies-missing.js";
import { nginxBind, nginxListens } from "../k8s/cluster.js";
import { parseImageRef } from "../workflow/runner/state.js";
import type { App, ImageConfig, World } from "../world.js";

/** `registry/repository` of a reference, the way docker normalises it (`nginx` → `docker.io/library/nginx`). */
export function repositoryKey(reference: string): string {
  const ref = parseImageRef(reference);
  return `${ref.registry}/${ref.repository}`;
}

function argv(command: Command | null, shell: readonly string[]): string[] | undefined {
  if (!command) return undefined;
  return command.form === "exec" ? [...command.argv] : [...shell, command.text];
}

/**
 * What a registry records of a built image. Files are listed only when the model knows every file the build
 * made, so that a pod's missing-file check never concludes from a partial picture.
 */
export function imageConfigOf(image: Image, app: App | undefined, repo?: ReadonlyMap<string, { content: string }>): ImageConfig {
  const config: ImageConfig = { workdir: image.workdir, env: Object.fromEntries(image.env) };
  if (image.os !== "unknown") config.os = image.os;
  if (!isRootUser(image.user)) config.user = image.user;
  const users = [...image.users].filter((u) => u !== "root");
  if (users.length > 0) config.users = users;
  const entrypoint = argv(image.entrypoint, image.shell);
  const cmd = argv(image.cmd, image.shell);
  if (entrypoint) config.entrypoint = entrypoint;
  if (cmd) config.cmd = cmd;
  if (image.known) {
    const pathDirs = new Set((image.env.get("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(":"));
    const programs = [...image.fs].filter(([p, e]) => e.type === "file" && (e.mode & 0o111) !== 0 && pathDirs.has(path.posix.dirname(p)));
    config.binaries = [...new Set([...image.binaries, ...programs.map(([p]) => path.posix.basename(p))])].sort();
    if (image.exact) config.files = [...image.fs].filter(([, e]) => e.type === "file").map(([p]) => p).sort();
    if (image.exact) config.python_packages = [...image.installed.pipPackages].sort();
  }
  const listens = [...image.fs].filter(([p, e]) => p.startsWith("/etc/nginx/") && e.content !== undefined).flatMap(([, e]) => nginxListens(e.content!));
  if (listens.length > 0) config.listens = [...new Set(listens.map((l) => l.port))];
  const bind = codeBind(image, app) ?? nginxBind(listens);
  if (bind !== undefined) config.bind = bind;
  const missing = repo && app ? entryMissingModule(image, app, repo) : null;
  if (missing !== null) config.missing_module = missing;
  const runs = image.app ?? app?.name;
  if (runs !== undefined) config.app = runs;
  return config;
}

/**
 * Where the app's own code, as the image holds it, tells its server to bind (Flask's `app.run(host=…)`, a Node
 * server's `listen(port, host)`), read as the container start reads it; `""` (every interface) is 0.0.0.0.
 */
function codeBind(image: Image, app: App | undefined): string | undefined {
  if (!app || app.entry === undefined || (app.language !== "python" && app.language !== "node")) return undefined;
  const entry = [...image.fs.values()].find((e) => e.type === "file" && e.source === app.entry && e.content !== undefined);
  const address = entry ? codeBindAddress(entry.content!, app.language) : undefined;
  return address === "" ? "0.0.0.0" : address;
}

/**
 * The dependency the app's entry, as the image holds it, cannot import (`docker run` would exit with
 * "Cannot find module"): recorded so that a pod started from the pushed image exits as the container does.
 */
function entryMissingModule(image: Image, app: App, repo: ReadonlyMap<string, { content: string }>): string | null {
  if (app.entry === undefined || (app.language !== "python" && app.language !== "node")) return null;
  const entry = [...image.fs].find(([, e]) => e.type === "file" && e.source === app.entry);
  return entry ? missingModule(repo, app, image, entry[0]) : null;
}

/** A pushed tag and what it holds (an empty config when the build could not be modelled). */
export interface PushedImage {
  reference: string;
  config: ImageConfig;
}

/**
 * The world's registry plus the pushed tags. A repository the world lists under another spelling
 * (`acme/web` for `docker.io/acme/web`) gets the new tags in its own entry.
 */
export function registryAfter(world: World, pushed: readonly PushedImage[]): World["registry"] {
  const registry: World["registry"] = {};
  const keyOf = new Map<string, string>();
  for (const [written, tags] of Object.entries(world.registry)) {
    registry[written] = { ...tags };
    keyOf.set(repositoryKey(written), written);
  }
  for (const p of pushed) {
    const ref = parseImageRef(p.reference);
    const key = `${ref.registry}/${ref.repository}`;
    const written = keyOf.get(key) ?? key;
    keyOf.set(key, written);
    registry[written] = { ...(registry[written] ?? {}), [ref.tag ?? "latest"]: p.config };
  }
  return registry;
}

/** Whether the registry lists a repository at all (under any spelling). */
export function registryLists(registry: World["registry"], key: string): boolean {
  return Object.keys(registry).some((written) => repositoryKey(written) === key);
}

/**
 * The namespaces a delivery owns: the repository owner's on ghcr.io, and each namespace its workflows build
 * or push images in (`ghcr.io/acme` of `ghcr.io/acme/web`). Every image there is one of its own, so the registry holds
 * only what the world lists and the workflows pushed: a manifest naming another repository there (one
 * nobody pushes) names an image that does not exist.
 */
export function deliveryNamespaces(world: World, pushed: readonly { registry: string; repository: string }[]): string[] {
  const out = new Set<string>([`ghcr.io/${world.repository.owner.toLowerCase()}`]);
  for (const p of pushed) {
    const slash = p.repository.indexOf("/");
    if (slash > 0 && !(p.registry === "docker.io" && p.repository.startsWith("library/"))) out.add(`${p.registry}/${p.repository.slice(0, slash)}`);
  }
  return [...out].sort();
}
