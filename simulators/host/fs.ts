/**
 * The host's filesystem: the repository's files and the directories their paths make, with the owners, modes
 * and apparent sizes the host state keeps, and access checked as the kernel checks it (root passes every
 * read and write check, and executes a file when any execute bit is set; anyone else needs search permission
 * on every directory above and the right bit for owner, group or other).
 */
import type { Repository } from "../repository.js";
import type { Accounts } from "./accounts.js";
import { accountsOf } from "./accounts.js";
import { isUnder, parentOf } from "./paths.js";
import type { HostNode, HostState, Mount } from "./state.js";
import { fingerprint, hostFiles, readState } from "./state.js";

export interface Stat {
  key: string;
  type: "file" | "dir";
  mode: number;
  owner: string;
  group: string;
  size: number;
}

export type Access = "r" | "w" | "x";

const DIR_MODE = 0o755;

/** A state of the host's filesystem, read-only. */
export class HostFs {
  private dirSet: Set<string> | undefined;
  readonly accounts: Accounts;

  constructor(
    /** The host's files (the reserved state left out). */
    readonly files: Repository,
    readonly state: HostState,
  ) {
    this.accounts = accountsOf(files);
  }

  static of(repo: Repository): HostFs {
    return new HostFs(hostFiles(repo), readState(repo));
  }

  /** Every directory: the root, each proper prefix of a file, and the directories the state names. */
  directories(): Set<string> {
    if (this.dirSet) return this.dirSet;
    const dirs = new Set<string>([""]);
    const add = (key: string) => {
      let d = key;
      while (d !== "" && !dirs.has(d)) {
        dirs.add(d);
        d = parentOf(d);
      }
    };
    for (const key of this.files.keys()) add(parentOf(key));
    for (const [key, node] of Object.entries(this.state.nodes)) if (node.dir) add(key);
    this.dirSet = dirs;
    return dirs;
  }

  exists(key: string): boolean {
    return this.files.has(key) || this.directories().has(key);
  }

  isDir(key: string): boolean {
    return !this.files.has(key) && this.directories().has(key);
  }

  node(key: string): HostNode | undefined {
    return Object.hasOwn(this.state.nodes, key) ? this.state.nodes[key] : undefined;
  }

  content(key: string): string | undefined {
    return this.files.get(key)?.content;
  }

  stat(key: string): Stat | null {
    const file = this.files.get(key);
    const node = this.node(key);
    if (file) {
      return { key, type: "file", mode: file.mode & 0o7777, owner: node?.owner ?? "root", group: node?.group ?? node?.owner ?? "root", size: apparentSize(file.content, node) };
    }
    if (!this.directories().has(key)) return null;
    return { key, type: "dir", mode: node?.mode ?? DIR_MODE, owner: node?.owner ?? "root", group: node?.group ?? node?.owner ?? "root", size: 4096 };
  }

  /** The names directly in a directory, sorted bytewise, each with whether it is a directory. */
  entries(dir: string): { name: string; key: string; dir: boolean }[] {
    const prefix = dir === "" ? "" : `${dir}/`;
    const names = new Map<string, boolean>();
    const consider = (key: string, isDir: boolean) => {
      if (!key.startsWith(prefix) || key === dir) return;
      const rest = key.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash < 0) names.set(rest, (names.get(rest) ?? false) || isDir);
      else names.set(rest.slice(0, slash), true);
    };
    for (const key of this.files.keys()) consider(key, false);
    for (const key of this.directories()) if (key !== "") consider(key, true);
    return [...names].map(([name, isDir]) => ({ name, key: prefix + name, dir: isDir })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Every file under a directory (the directory itself when it is a file). */
  filesUnder(dir: string): string[] {
    return [...this.files.keys()].filter((k) => isUnder(k, dir)).sort();
  }

  /** Whether `user` may read, write or execute `key`, walking the directories above as the kernel does. */
  can(user: string, key: string, access: Access): boolean {
    const target = this.stat(key);
    if (!target) return false;
    if (user === "root") return access !== "x" || target.type === "dir" || (target.mode & 0o111) !== 0;
    let dir = parentOf(key);
    for (;;) {
      const s = this.stat(dir);
      if (!s || !this.allows(user, s, "x")) return false;
      if (dir === "") break;
      dir = parentOf(dir);
    }
    return this.allows(user, target, access);
  }

  /** The first directory above `key` (or `key`'s own bits) that keeps `user` out, for the error a tool prints. */
  deniedAt(user: string, key: string, access: Access): string | null {
    if (this.can(user, key, access)) return null;
    const chain: string[] = [];
    let dir = parentOf(key);
    for (;;) {
      chain.unshift(dir);
      if (dir === "") break;
      dir = parentOf(dir);
    }
    for (const d of chain) {
      const s = this.stat(d);
      if (s && user !== "root" && !this.allows(user, s, "x")) return d;
    }
    return key;
  }

  private allows(user: string, s: Stat, access: Access): boolean {
    const bit = access === "r" ? 4 : access === "w" ? 2 : 1;
    if (s.owner === user) return ((s.mode >> 6) & bit) !== 0;
    if (this.inGroup(user, s.group)) return ((s.mode >> 3) & bit) !== 0;
    return (s.mode & bit) !== 0;
  }

  inGroup(user: string, group: string): boolean {
    const g = this.accounts.group(group);
    const u = this.accounts.user(user);
    if (!g) return false;
    return g.members.includes(user) || (u !== undefined && u.gid === g.gid);
  }

  /** The mount a path is on: the longest mount target above it. */
  mountOf(key: string): Mount {
    let best = this.state.facts.mounts[0]!;
    let bestLength = -1;
    for (const m of this.state.facts.mounts) {
      const target = m.target.replace(/^\/+/, "").replace(/\/+$/, "");
      if (isUnder(key, target) && target.length > bestLength) {
        best = m;
        bestLength = target.length;
      }
    }
    return best;
  }

  /** A mount's usage as df counts it: used, available to non-root users, and Use%. */
  usage(mount: Mount): MountUsage {
    let used = mount.other;
    for (const key of this.files.keys()) if (this.mountOf(key) === mount) used += this.stat(key)!.size;
    for (const d of this.state.deleted) if (this.mountOf(d.path) === mount) used += d.size;
    const reserved = Math.floor((mount.size * mount.reserved_pct) / 100);
    const available = Math.max(0, mount.size - used - reserved);
    const pct = used + available === 0 ? 100 : Math.ceil((used * 100) / (used + available));
    return { mount, used, available, pct, full: available === 0, rootFull: used >= mount.size };
  }
}

export interface MountUsage {
  mount: Mount;
  used: number;
  /** What a non-root writer may still use. */
  available: number;
  /** Use% as df prints it. */
  pct: number;
  /** Non-root writers get ENOSPC. */
  full: boolean;
  /** Even root's writes fail. */
  rootFull: boolean;
}

/** A file's size: the sampled size while the content is still the sample, else the content's bytes. */
export function apparentSize(content: string, node: HostNode | undefined): number {
  if (node?.size !== undefined && node.of === fingerprint(content)) return node.size;
  return Buffer.byteLength(content, "utf8");
}

/** `ls -l`'s mode column. */
export function modeString(type: "file" | "dir", mode: number): string {
  const bits = (n: number, special: boolean, ch: string) =>
    `${n & 4 ? "r" : "-"}${n & 2 ? "w" : "-"}${special ? (n & 1 ? ch : ch.toUpperCase()) : n & 1 ? "x" : "-"}`;
  return (
    (type === "dir" ? "d" : "-") +
    bits(mode >> 6, (mode & 0o4000) !== 0, "s") +
    bits(mode >> 3, (mode & 0o2000) !== 0, "s") +
    bits(mode, (mode & 0o1000) !== 0, "t")
  );
}

/** The octal mode as stat and ls -ld print it in messages (0755). */
export function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, "0");
}
