/**
 * Users and groups, read from /etc/passwd and /etc/group as glibc's getpwnam and getgrnam read them: the
 * first line of a name wins, a malformed line is skipped. A daemon that runs as a user the file does not
 * have cannot start (systemd's 217/USER).
 */
import type { Repository } from "../repository.js";

export interface Account {
  name: string;
  uid: number;
  gid: number;
  home: string;
  shell: string;
}

export interface Group {
  name: string;
  gid: number;
  members: string[];
}

export interface Accounts {
  user(name: string): Account | undefined;
  userById(uid: number): Account | undefined;
  group(name: string): Group | undefined;
  groupById(gid: number): Group | undefined;
  /** Every group id the user is in: its primary group and the groups that list it. */
  groupsOf(name: string): Set<number>;
  users(): readonly Account[];
}

const cache = new WeakMap<object, Accounts>();

export function accountsOf(repo: Repository): Accounts {
  const passwd = repo.get("etc/passwd");
  const groupFile = repo.get("etc/group");
  const key = passwd ?? groupFile;
  if (key && groupFile && passwd) {
    const found = cache.get(passwd);
    if (found && cache.get(groupFile) === found) return found;
  }
  const accounts = readAccounts(passwd?.content ?? "", groupFile?.content ?? "");
  if (passwd && groupFile) {
    cache.set(passwd, accounts);
    cache.set(groupFile, accounts);
  }
  return accounts;
}

export function readAccounts(passwd: string, group: string): Accounts {
  const users: Account[] = [];
  for (const line of passwd.split("\n")) {
    const f = line.split(":");
    if (f.length < 7 || !/^\d+$/.test(f[2]!) || !/^\d+$/.test(f[3]!)) continue;
    if (users.some((u) => u.name === f[0])) continue;
    users.push({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]), home: f[5]!, shell: f[6]! });
  }
  const groups: Group[] = [];
  for (const line of group.split("\n")) {
    const f = line.split(":");
    if (f.length < 4 || !/^\d+$/.test(f[2]!)) continue;
    if (groups.some((g) => g.name === f[0])) continue;
    groups.push({ name: f[0]!, gid: Number(f[2]), members: f[3]!.split(",").filter(Boolean) });
  }
  return {
    user: (name) => users.find((u) => u.name === name),
    userById: (uid) => users.find((u) => u.uid === uid),
    group: (name) => groups.find((g) => g.name === name),
    groupById: (gid) => groups.find((g) => g.gid === gid),
    groupsOf(name) {
      const out = new Set<number>();
      const u = users.find((x) => x.name === name);
      if (u) out.add(u.gid);
      for (const g of groups) if (g.members.includes(name)) out.add(g.gid);
      return out;
    },
    users: () => users,
  };
}
