/**
 * What the base operating systems of official images put on PATH and in /etc/passwd. Image families build
 * their configs from these, so "alpine has no bash" or "slim has no curl" is said once, here.
 */
import type { ImageConfig } from "../../world.js";

/** Programs every image with a shell has (GNU coreutils on Debian, busybox applets on Alpine). */
export const COREUTILS = [
  "sh", "cat", "ls", "mkdir", "chmod", "chown", "cp", "mv", "rm", "ln", "echo", "env", "id", "sleep", "touch",
  "test", "pwd", "head", "tail", "grep", "sed", "tar", "find", "whoami", "uname", "date",
  "install", "stat", "dirname", "basename", "readlink", "realpath", "xargs", "chgrp", "mktemp", "tee", "wc", "sort",
  "uniq", "cut", "tr", "true", "false", "expr", "printf", "seq", "rmdir", "nohup", "timeout", "du", "df", "base64",
  "sha256sum", "md5sum", "gzip", "awk",
] as const;

/** Account tools of Debian's required packages (passwd, adduser), present in slim images too. */
const DEBIAN_ACCOUNT_TOOLS = ["useradd", "groupadd", "usermod", "userdel", "groupdel", "adduser", "addgroup", "deluser", "delgroup"];

/** Accounts of debian:bookworm besides root (ubuntu's are the same set). */
const DEBIAN_USERS = ["daemon", "bin", "sys", "sync", "games", "man", "lp", "mail", "news", "uucp", "proxy", "www-data", "backup", "list", "irc", "_apt", "nobody"];
/** Accounts of alpine-baselayout (3.17+) besides root. */
const ALPINE_USERS = ["bin", "daemon", "lp", "sync", "shutdown", "halt", "mail", "news", "uucp", "cron", "ftp", "sshd", "games", "ntp", "guest", "nobody"];

/** The PATH of Debian and Alpine base images. */
export const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

export const PLATFORMS_WIDE = ["linux/amd64", "linux/arm64", "linux/arm/v7", "linux/386", "linux/ppc64le", "linux/s390x"];
export const PLATFORMS_COMMON = ["linux/amd64", "linux/arm64"];

/** An image's own additions, merged over its base OS. */
export interface ConfigOverlay extends Omit<ImageConfig, "os"> {
  /** Extra accounts the image creates (node, nginx, postgres …). */
  users?: string[];
  /** Programs the image adds on PATH. */
  binaries?: string[];
}

/** Debian slim: bash and apt-get, but neither curl nor wget. */
export function debianSlim(overlay: ConfigOverlay = {}): ImageConfig {
  return merge({ os: "debian", binaries: [...COREUTILS, ...DEBIAN_ACCOUNT_TOOLS, "bash", "apt-get", "dpkg"], users: DEBIAN_USERS, env: { PATH: DEFAULT_PATH }, cmd: ["bash"], platforms: PLATFORMS_WIDE }, overlay);
}

/** Debian "buildpack-deps" images (the non-slim language images): compilers, git, curl and wget too. */
export function debianFull(overlay: ConfigOverlay = {}): ImageConfig {
  return merge(debianSlim(), { ...overlay, binaries: ["curl", "wget", "git", "gcc", "g++", "make", "ssh", ...(overlay.binaries ?? [])] });
}

/** Ubuntu: Debian-family (apt), bash, no curl or wget; 24.04 and later add a `ubuntu` account (uid 1000). */
export function ubuntu(overlay: ConfigOverlay = {}, withUbuntuUser = true): ImageConfig {
  const base = debianSlim({ platforms: ["linux/amd64", "linux/arm64", "linux/arm/v7", "linux/ppc64le", "linux/s390x"] });
  return merge(withUbuntuUser ? merge(base, { users: ["ubuntu"] }) : base, overlay);
}

/** Alpine: busybox sh and applets (wget included), apk; no bash, no curl. */
export function alpine(overlay: ConfigOverlay = {}): ImageConfig {
  return merge({ os: "alpine", binaries: [...COREUTILS, "ash", "busybox", "wget", "apk", "adduser", "addgroup", "deluser", "delgroup"], users: ALPINE_USERS, env: { PATH: DEFAULT_PATH }, cmd: ["/bin/sh"], platforms: PLATFORMS_WIDE }, overlay);
}

/** Distroless: no shell, no package manager; only what the variant adds (node, python3, java). */
export function distroless(overlay: ConfigOverlay = {}): ImageConfig {
  return merge({ os: "distroless", binaries: [], users: ["nobody", "nonroot"], env: { PATH: DEFAULT_PATH }, platforms: ["linux/amd64", "linux/arm64", "linux/arm", "linux/ppc64le", "linux/s390x"] }, overlay);
}

/**
 * Overlay over base: lists are unioned (an image adds programs and accounts, never removes them), env is
 * merged, and scalars (user, workdir, entrypoint, cmd, platforms) are replaced.
 */
export function merge(base: ImageConfig, overlay: ConfigOverlay): ImageConfig {
  const out: ImageConfig = { ...base, ...overlay };
  if (base.binaries || overlay.binaries) out.binaries = union(base.binaries, overlay.binaries);
  if (base.users || overlay.users) out.users = union(base.users, overlay.users);
  if (base.env || overlay.env) out.env = { ...base.env, ...overlay.env };
  return out;
}

function union(a: readonly string[] = [], b: readonly string[] = []): string[] {
  return [...new Set([...a, ...b])];
}
