/**
 * The image a build produces, modelled as far as the checks need: a filesystem of paths with owners, modes and
 * the repository file each came from, plus the config (env, workdir, user, entrypoint, cmd) and what RUN steps
 * installed. Builds mutate a stage's image in place; a stage built FROM another starts from a copy.
 */
import path from "node:path";
import type { ImageConfig } from "../world.js";

export interface FsEntry {
  type: "file" | "dir";
  owner: string;
  mode: number;
  /** The repository path a copied file came from. */
  source?: string;
  content?: string;
  /** Created by this build (not part of the base image): its absence is known, not guessed. */
  byBuild?: boolean;
  /** The world app whose build (`npm run build`) wrote this file. */
  producedBy?: string;
  /** A compiled program's target (`linux/arm64`, from `go build`'s GOOS/GOARCH): it runs on that platform only. */
  platform?: string;
  /** The build stage a `COPY --from` took it from. */
  fromStage?: string;
}

/** A stage the final image was built from, and the repository files it held once built. */
export interface StageBuilt {
  /** Its name (`build`), else `stage-<index>` as BuildKit labels it. */
  name: string;
  sources: readonly string[];
}

export type Command = { form: "exec"; argv: string[]; line: number } | { form: "shell"; text: string; line: number };

export interface Installed {
  /** Requirements files `pip install -r` installed, by absolute path in the image. */
  pipRequirements: Map<string, string>;
  pipPackages: Set<string>;
  /** Directories where `npm ci`/`npm install` populated node_modules. */
  nodeModules: Set<string>;
}

export interface Image {
  /** false when the base image is unknown (a private image): checks that need its contents are skipped. */
  known: boolean;
  os: "debian" | "alpine" | "distroless" | "scratch" | "unknown";
  fs: Map<string, FsEntry>;
  env: Map<string, string>;
  workdir: string;
  user: string;
  users: Set<string>;
  binaries: Set<string>;
  entrypoint: Command | null;
  cmd: Command | null;
  shell: string[];
  exposed: string[];
  /** Where each ENV value the build set came from (see VariableOrigin); absent for the base image's own. */
  envOrigins?: Map<string, import("./commands/command.js").VariableOrigin>;
  /** HEALTHCHECK: the command Docker probes the container with, "none" when switched off, null when unset. */
  healthcheck: string | "none" | null;
  installed: Installed;
  /** The world app the base image itself runs (registry images built elsewhere). */
  app?: string;
  /**
   * false once a RUN ran a command whose effects are not modelled (git clone, tar, make …): from then on the
   * model may be missing files, so no check may conclude that something is absent.
   */
  exact: boolean;
}

const STANDARD_DIRS = ["/", "/bin", "/etc", "/home", "/opt", "/root", "/srv", "/usr", "/usr/bin", "/usr/local", "/usr/local/bin", "/usr/lib", "/var", "/var/lib", "/var/log", "/run"];

export function isRootUser(user: string): boolean {
  const name = user.split(":")[0] ?? user;
  return name === "" || name === "root" || name === "0";
}

export function emptyImage(known: boolean): Image {
  return {
    known,
    os: known ? "scratch" : "unknown",
    fs: new Map([["/", { type: "dir", owner: "root", mode: 0o755 }]]),
    env: new Map(),
    workdir: "/",
    user: "root",
    users: new Set(["root"]),
    binaries: new Set(),
    entrypoint: null,
    cmd: null,
    shell: ["/bin/sh", "-c"],
    exposed: [],
    healthcheck: null,
    installed: { pipRequirements: new Map(), pipPackages: new Set(), nodeModules: new Set() },
    exact: known,
  };
}

export function imageFromConfig(config: ImageConfig): Image {
  const image = emptyImage(true);
  image.os = config.os ?? "debian";
  if (image.os !== "scratch") {
    for (const d of STANDARD_DIRS) image.fs.set(d, { type: "dir", owner: "root", mode: 0o755 });
    image.fs.set("/tmp", { type: "dir", owner: "root", mode: 0o1777 });
  }
  for (const user of config.users ?? []) {
    image.users.add(user);
    image.fs.set(`/home/${user}`, { type: "dir", owner: user, mode: 0o755 });
  }
  for (const file of config.files ?? []) addFile(image, file, { type: "file", owner: "root", mode: 0o755 }, false);
  for (const [k, v] of Object.entries(config.env ?? {})) image.env.set(k, v);
  if (!image.env.has("PATH") && image.os !== "scratch") image.env.set("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
  image.workdir = config.workdir ?? "/";
  if (config.workdir) mkdirs(image, config.workdir, "root", 0o755, false);
  image.user = config.user ?? "root";
  if (config.user && !isRootUser(config.user)) image.users.add(config.user.split(":")[0]!);
  image.binaries = new Set(config.binaries ?? []);
  // The image's own entrypoint program is there, whatever the binaries list says.
  const own = config.entrypoint?.[0];
  if (own && !own.includes("/")) image.binaries.add(own);
  else if (own) addFile(image, own, { type: "file", owner: "root", mode: 0o755 }, false);
  image.entrypoint = config.entrypoint ? { form: "exec", argv: config.entrypoint, line: 0 } : null;
  image.cmd = config.cmd ? { form: "exec", argv: config.cmd, line: 0 } : null;
  if (config.app) image.app = config.app;
  return image;
}

export function cloneImage(image: Image): Image {
  return {
    ...image,
    fs: new Map([...image.fs].map(([k, v]) => [k, { ...v }])),
    env: new Map(image.env),
    ...(image.envOrigins ? { envOrigins: new Map(image.envOrigins) } : {}),
    users: new Set(image.users),
    binaries: new Set(image.binaries),
    exposed: [...image.exposed],
    shell: [...image.shell],
    installed: {
      pipRequirements: new Map(image.installed.pipRequirements),
      pipPackages: new Set(image.installed.pipPackages),
      nodeModules: new Set(image.installed.nodeModules),
    },
  };
}

/** Resolves a path against a working directory, as the container sees it. */
export function resolveIn(cwd: string, p: string): string {
  return path.posix.resolve(cwd, p);
}

export function mkdirs(image: Image, dir: string, owner: string, mode = 0o755, byBuild = true): void {
  const parts = path.posix.normalize(dir).split("/").filter(Boolean);
  let current = "";
  for (const part of parts) {
    current += "/" + part;
    if (!image.fs.has(current)) image.fs.set(current, { type: "dir", owner, mode, byBuild });
  }
}

/** Directories the base images leave empty (FHS: for the site's own data and mount points). */
const EMPTY_BASE_DIRS = new Set(["/", "/srv", "/mnt", "/media"]);

/**
 * Whether the model may conclude that `p` is absent: it knows every file the build made, and the path's
 * nearest existing directory was made by the build or is one base images leave empty.
 */
export function knownAbsent(image: Image, p: string): boolean {
  if (!image.exact || image.fs.has(p)) return false;
  let dir = path.posix.dirname(p);
  while (!image.fs.has(dir)) dir = path.posix.dirname(dir);
  return EMPTY_BASE_DIRS.has(dir) || image.fs.get(dir)?.byBuild === true;
}

export function addFile(image: Image, filePath: string, entry: FsEntry, byBuild = true): void {
  mkdirs(image, path.posix.dirname(filePath), "root", 0o755, byBuild);
  image.fs.set(filePath, entry);
}

export function exists(image: Image, p: string): boolean {
  return image.fs.has(path.posix.normalize(p));
}

export function isDir(image: Image, p: string): boolean {
  return image.fs.get(path.posix.normalize(p))?.type === "dir";
}

/** Entries under a directory (recursively), for chmod -R / chown -R and directory copies. */
export function entriesUnder(image: Image, dir: string): string[] {
  const prefix = dir === "/" ? "/" : dir + "/";
  return [...image.fs.keys()].filter((p) => p === dir || p.startsWith(prefix));
}

/**
 * The uids of the accounts official images create, so that `chown 1000 …` and `USER 1000` mean the node
 * user of a node image, as they do in the real image's /etc/passwd.
 */
const WELL_KNOWN_UIDS: Record<string, number> = { root: 0, node: 1000, nginx: 101, "www-data": 33, nobody: 65534, nonroot: 65532, postgres: 999, redis: 999 };

function uidOf(account: string): number | null {
  if (/^\d+$/.test(account)) return Number(account);
  return WELL_KNOWN_UIDS[account] ?? null;
}

/** Whether two owner specs (names or numeric uids) name the same account. */
export function sameAccount(a: string, b: string): boolean {
  if (a === b) return true;
  const ua = uidOf(a);
  return ua !== null && ua === uidOf(b);
}

/** Whether `user` may create entries in directory `dir`. */
export function canWrite(image: Image, user: string, dir: string): boolean {
  if (isRootUser(user)) return true;
  const entry = image.fs.get(dir);
  if (!entry) return false;
  const name = user.split(":")[0]!;
  if (sameAccount(entry.owner, name)) return (entry.mode & 0o200) !== 0;
  return (entry.mode & 0o002) !== 0;
}

/**
 * Whether a file may be executed by `user`: root needs any execute bit, the file's owner its owner bit, anyone
 * else the bit for others (the model gives accounts no groups, so a group bit admits no one but root). Without
 * a user the question is root's.
 */
export function canExecute(entry: FsEntry, user = "root"): boolean {
  if (isRootUser(user)) return (entry.mode & 0o111) !== 0;
  const name = user.split(":")[0]!;
  return sameAccount(entry.owner, name) ? (entry.mode & 0o100) !== 0 : (entry.mode & 0o001) !== 0;
}

/** A program on the image's PATH: a base binary, or an executable file in a PATH directory. */
export function onPath(image: Image, name: string): { kind: "binary" } | { kind: "file"; path: string; entry: FsEntry } | null {
  const dirs = (image.env.get("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(":");
  for (const dir of dirs) {
    const full = path.posix.join(dir, name);
    const entry = image.fs.get(full);
    if (entry && entry.type === "file") return { kind: "file", path: full, entry };
  }
  if (image.binaries.has(name)) return { kind: "binary" };
  return null;
}
