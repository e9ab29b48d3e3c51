/**
 * An SSH login attempt, as the running sshd decides it: the firewall first, then the configuration sshd
 * loaded (the first value of each keyword, Match blocks for the user and address), the account, the
 * Allow/Deny lists, PermitRootLogin, the method, and for a key the authorized_keys file with StrictModes'
 * ownership and mode checks on the home directory, ~/.ssh and the file. The lines are auth.log's.
 */
import type { Repository } from "../../repository.js";
import { HostFs } from "../fs.js";
import { connectIn, ownAddresses } from "../network.js";
import { keyOf, parentOf } from "../paths.js";
import { readSshdConfig, setting, settingsFor } from "../sshd/config.js";
import { sshWildcard } from "../sshd/wildcard.js";
import { loadedSource } from "../sources.js";
import type { Client, HostState } from "../state.js";

export interface SshResult {
  /** The TCP connection reached sshd. */
  reached: boolean;
  loggedIn: boolean;
  /** Why not, in auth.log's words (or the client's, when sshd was never reached). */
  lines: string[];
}

function patternList(values: readonly string[] | undefined, user: string): boolean {
  return (values ?? []).some((p) => sshWildcard(p.split("@")[0]!, user));
}

export function sshLogin(files: Repository, state: HostState, client: Client): SshResult {
  const address = ownAddresses(state)[1] ?? "127.0.0.1";
  const outcome = connectIn(state, client.from, address, client.port);
  const port = `port ${40000 + (client.from.split(".").map(Number).reduce((a, b) => a + b, 0) % 20000)}`;
  if (outcome.kind !== "connected") return { reached: false, loggedIn: false, lines: [`ssh: connect to host ${address} port ${client.port}: ${outcome.kind === "timeout" ? "Connection timed out" : "Connection refused"}`] };
  const sshd = outcome.process;
  const unit = sshd?.unit ? state.units[sshd.unit] : undefined;
  if (!sshd || !unit?.loaded || !sshd.command.startsWith("sshd:")) return { reached: true, loggedIn: false, lines: [`kex_exchange_identification: Connection closed by remote host`] };
  const config = readSshdConfig(loadedSource(unit.loaded));
  const fs = new HostFs(files, state);
  const user = client.user ?? "root";
  const account = fs.accounts.user(user);
  const who = `${user} from ${client.from} ${port}`;
  if (!account) return { reached: true, loggedIn: false, lines: [`Invalid user ${user} from ${client.from} ${port}`, `Failed ${client.auth ?? "password"} for invalid user ${who} ssh2`] };
  const groups = fs.accounts.users().length > 0 ? [...fs.accounts.groupsOf(user)].map((gid) => fs.accounts.groupById(gid)?.name ?? "").filter(Boolean) : [];
  const settings = settingsFor(config, { user, address: client.from, groups });
  if (patternList(settings.get("denyusers"), user)) return { reached: true, loggedIn: false, lines: [`User ${user} from ${client.from} not allowed because listed in DenyUsers`] };
  if (settings.has("allowusers") && !patternList(settings.get("allowusers"), user)) return { reached: true, loggedIn: false, lines: [`User ${user} from ${client.from} not allowed because not listed in AllowUsers`] };
  if (settings.has("allowgroups") && !settings.get("allowgroups")!.some((g) => groups.includes(g))) return { reached: true, loggedIn: false, lines: [`User ${user} from ${client.from} not allowed because none of user's groups are listed in AllowGroups`] };
  const method = client.auth ?? "password";
  const failed = [`Failed ${method} for ${who} ssh2`];
  if (user === "root") {
    const root = setting(settings, "permitrootlogin", "prohibit-password");
    if (root === "no" || (method === "password" && root !== "yes") || root === "forced-commands-only") return { reached: true, loggedIn: false, lines: [`ROOT LOGIN REFUSED FROM ${client.from} ${port}`, ...failed] };
  }
  if (method === "password") {
    if (setting(settings, "passwordauthentication", "yes") !== "yes") return { reached: true, loggedIn: false, lines: [`Connection closed by authenticating user ${who} [preauth]`] };
    if (!client.password_ok) return { reached: true, loggedIn: false, lines: failed };
    return { reached: true, loggedIn: true, lines: [`Accepted password for ${who} ssh2`] };
  }
  if (setting(settings, "pubkeyauthentication", "yes") !== "yes") return { reached: true, loggedIn: false, lines: [`Connection closed by authenticating user ${who} [preauth]`] };
  const keyFiles = (settings.get("authorizedkeysfile") ?? [".ssh/authorized_keys", ".ssh/authorized_keys2"]).map((f) => {
    const expanded = f.replace(/%h/g, account.home).replace(/%u/g, user).replace(/%%/g, "%");
    return expanded.startsWith("/") ? expanded : `${account.home}/${expanded}`;
  });
  const strict = setting(settings, "strictmodes", "yes") === "yes";
  for (const file of keyFiles) {
    const key = keyOf(file);
    if (key === null || !fs.files.has(key)) continue;
    if (strict) {
      for (let k: string = key; ; k = parentOf(k)) {
        const s = fs.stat(k)!;
        const owned = s.owner === user || s.owner === "root";
        if (!owned || (s.mode & 0o022) !== 0) {
          return { reached: true, loggedIn: false, lines: [`Authentication refused: bad ownership or modes for ${s.type === "dir" ? "directory" : "file"} /${k}`, ...failed.map((l) => l.replace("publickey", "publickey"))] };
        }
        if (k === keyOf(account.home) || k === "") break;
      }
    }
    const keys = fs.content(key)!.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
    const offered = (client.key ?? "").split(/\s+/).slice(0, 2).join(" ");
    if (offered !== "" && keys.some((k) => k.split(/\s+/).slice(0, 2).join(" ") === offered || k.split(/\s+/).slice(1, 3).join(" ") === offered)) {
      return { reached: true, loggedIn: true, lines: [`Accepted publickey for ${who} ssh2: ED25519 SHA256:${offered.slice(-12)}`] };
    }
  }
  return { reached: true, loggedIn: false, lines: failed };
}
