/**
 * sshd_config as OpenSSH 8.9's sshd reads it: case-insensitive keywords, `Include` globs, `Match` blocks that
 * run to the next Match, and the rule that matters most when editing it by hand: for each keyword the first
 * value obtained wins (a `PermitRootLogin no` appended below a `PermitRootLogin yes` changes nothing), except
 * for the keywords that accumulate (AllowUsers, ListenAddress, Port, ...). `sshd -t` fails as sshd does: every
 * unknown keyword is listed before it terminates, a bad value is fatal at once.
 */
import { compileGlob, matchGlob } from "../../glob.js";
import { MAX_INCLUDED_BYTES, MAX_INCLUDED_FILES } from "../limits.js";
import type { ConfigSource } from "../nginx/parse.js";
import { inCidr } from "../netfilter/verdict.js";
import { sshWildcard } from "./wildcard.js";

export interface SshdEntry {
  keyword: string;
  args: string[];
  file: string;
  line: number;
  /** The Match block the entry is in; null at the top level. */
  match: MatchCriteria | null;
}

export interface MatchCriteria {
  users?: string[];
  groups?: string[];
  addresses?: string[];
  all?: boolean;
}

export interface SshdConfig {
  entries: SshdEntry[];
  files: string[];
  /** `sshd -t`'s complaints, in order; a non-empty list means sshd will not run. */
  errors: string[];
}

const FLAGS = new Set([
  "passwordauthentication", "pubkeyauthentication", "kbdinteractiveauthentication", "challengeresponseauthentication", "usepam",
  "x11forwarding", "printmotd", "strictmodes", "permitemptypasswords", "usedns", "tcpkeepalive", "ignorerhosts",
  "hostbasedauthentication", "printlastlog", "gssapiauthentication", "kerberosauthentication", "allowagentforwarding", "permittty",
]);

const OTHER = new Set([
  "port", "listenaddress", "addressfamily", "hostkey", "permitrootlogin", "acceptenv", "subsystem", "include", "match", "allowusers",
  "denyusers", "allowgroups", "denygroups", "maxauthtries", "maxsessions", "logingracetime", "authorizedkeysfile", "clientaliveinterval",
  "clientalivecountmax", "banner", "syslogfacility", "loglevel", "allowtcpforwarding", "gatewayports", "permittunnel", "ciphers", "macs",
  "kexalgorithms", "hostkeyalgorithms", "pubkeyacceptedalgorithms", "trustedusercakeys", "authenticationmethods", "compression",
  "permituserenvironment", "chrootdirectory", "forcecommand", "maxstartups", "pidfile", "x11displayoffset", "x11uselocalhost",
]);

/** Keywords whose every value counts. */
export const ACCUMULATING = new Set(["port", "listenaddress", "hostkey", "acceptenv", "subsystem", "allowusers", "denyusers", "allowgroups", "denygroups"]);

const ROOT_LOGIN = new Set(["yes", "no", "prohibit-password", "without-password", "forced-commands-only"]);

const MAX_DEPTH = 4;

export function readSshdConfig(source: ConfigSource, main = "/etc/ssh/sshd_config"): SshdConfig {
  const out: SshdConfig = { entries: [], files: [], errors: [] };
  const text = source.read(main);
  if (text === undefined) {
    out.errors.push(`${main}: No such file or directory`);
    return out;
  }
  let bad = 0;
  const fatal = { hit: false };
  const included = { files: 0, bytes: 0, over: false };
  const readFile = (file: string, content: string, depth: number, inherited: MatchCriteria | null): MatchCriteria | null => {
    out.files.push(file);
    let match = inherited;
    const lines = content.split("\n");
    for (let i = 0; i < lines.length && !fatal.hit; i++) {
      const n = i + 1;
      const line = lines[i]!.trim();
      if (line === "" || line.startsWith("#")) continue;
      const m = /^(\S+?)(?:\s*=\s*|\s+)(.*)$/.exec(line) ?? [line, line, ""];
      const keyword = m[1]!.toLowerCase();
      const args = (m[2] ?? "").trim().split(/\s+/).filter(Boolean);
      if (!FLAGS.has(keyword) && !OTHER.has(keyword)) {
        out.errors.push(`${file}: line ${n}: Bad configuration option: ${m[1]}`);
        bad++;
        continue;
      }
      if (keyword !== "match" && args.length === 0) {
        out.errors.push(`${file} line ${n}: missing argument.`);
        fatal.hit = true;
        break;
      }
      if (FLAGS.has(keyword) && !["yes", "no"].includes(args[0]!.toLowerCase())) {
        out.errors.push(`${file} line ${n}: unsupported option "${args[0]}".`);
        fatal.hit = true;
        break;
      }
      if (keyword === "permitrootlogin" && !ROOT_LOGIN.has(args[0]!.toLowerCase())) {
        out.errors.push(`${file} line ${n}: unsupported option "${args[0]}".`);
        fatal.hit = true;
        break;
      }
      if (keyword === "port" && !/^\d+$/.test(args[0]!) || (keyword === "port" && (Number(args[0]) < 1 || Number(args[0]) > 65535))) {
        out.errors.push(`${file} line ${n}: Badly formatted port number.`);
        fatal.hit = true;
        break;
      }
      if (keyword === "maxauthtries" && !/^\d+$/.test(args[0]!)) {
        out.errors.push(`${file} line ${n}: invalid integer value.`);
        fatal.hit = true;
        break;
      }
      if (keyword === "match") {
        const criteria = readMatch(args);
        if (typeof criteria === "string") {
          out.errors.push(`${file} line ${n}: ${criteria}`);
          fatal.hit = true;
          break;
        }
        match = criteria;
        continue;
      }
      if (keyword === "include") {
        if (depth >= MAX_DEPTH) continue;
        for (const pattern of args) {
          const absolute = pattern.startsWith("/") ? pattern : `/etc/ssh/${pattern}`;
          let targets: string[] = [];
          try {
            const glob = compileGlob(absolute.slice(1), "filepath");
            targets = [...source.paths()].filter((p) => matchGlob(glob, p.slice(1))).sort();
          } catch {
            targets = source.read(absolute) === undefined ? [] : [absolute];
          }
          for (const t of targets) {
            const content = source.read(t)!;
            included.files += 1;
            included.bytes += content.length;
            // sshd sets no such bound, but every Include reads its files again where it stands, so they multiply.
            const over = included.files > MAX_INCLUDED_FILES ? `${MAX_INCLUDED_FILES} included files (MAX_INCLUDED_FILES)` : included.bytes > MAX_INCLUDED_BYTES ? `${MAX_INCLUDED_BYTES} bytes of included files (MAX_INCLUDED_BYTES)` : null;
            if (over) {
              out.errors.push(`${file} line ${n}: Include ${pattern} would read more than ${over} in all, more than the simulator reads.`);
              fatal.hit = true;
              included.over = true;
              break;
            }
            match = readFile(t, content, depth + 1, match);
          }
          if (included.over) break;
        }
        if (included.over) break;
        continue;
      }
      out.entries.push({ keyword, args, file, line: n, match });
    }
    return match;
  };
  readFile(main, text, 0, null);
  if (bad > 0 && !fatal.hit) out.errors.push(`${main}: terminating, ${bad} bad configuration options`);
  return out;
}

function readMatch(args: readonly string[]): MatchCriteria | string {
  if (args.length === 1 && args[0]!.toLowerCase() === "all") return { all: true };
  const criteria: MatchCriteria = {};
  for (let i = 0; i < args.length; i += 2) {
    const kind = args[i]!.toLowerCase();
    const list = args[i + 1]?.split(",");
    if (!list) return `Missing Match criteria for ${args[i]}`;
    if (kind === "user") criteria.users = list;
    else if (kind === "group") criteria.groups = list;
    else if (kind === "address") criteria.addresses = list;
    else return `Unsupported Match attribute ${args[i]}`;
  }
  return criteria;
}

function listMatches(patterns: readonly string[], value: string, test: (p: string, v: string) => boolean): boolean {
  let hit = false;
  for (const p of patterns) {
    if (p.startsWith("!")) {
      if (test(p.slice(1), value)) return false;
    } else if (test(p, value)) hit = true;
  }
  return hit;
}

export interface ConnectionFacts {
  user: string;
  address: string;
  groups: readonly string[];
}

function matchApplies(m: MatchCriteria, c: ConnectionFacts): boolean {
  if (m.all) return true;
  if (m.users && !listMatches(m.users, c.user, sshWildcard)) return false;
  if (m.groups && !m.groups.some((g) => c.groups.includes(g))) return false;
  if (m.addresses && !listMatches(m.addresses, c.address, (p, v) => (p.includes("/") ? inCidr(v, p) : sshWildcard(p, v)))) return false;
  return true;
}

/**
 * The settings that apply to a connection: keyword → values (the first obtained for most keywords, all for the
 * accumulating ones). A keyword set in a Match block the connection satisfies overrides the global section's
 * value, as sshd_config(5) says ("the keywords on the following lines override those set in the global section"),
 * which is how `PasswordAuthentication no` with `Match Address 10.0.0.0/8` / `PasswordAuthentication yes` lets
 * passwords in from the LAN only; among the satisfied blocks the first instance of a keyword applies.
 */
export function settingsFor(config: SshdConfig, c: ConnectionFacts | null): Map<string, string[]> {
  const global = firstValues(config.entries.filter((e) => e.match === null));
  if (c === null) return global;
  for (const [keyword, args] of firstValues(config.entries.filter((e) => e.match !== null && matchApplies(e.match, c)))) global.set(keyword, args);
  return global;
}

/** keyword → values of `entries`, the first obtained for most keywords, all for the accumulating ones. */
export function firstValues(entries: readonly SshdEntry[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of entries) {
    const values = out.get(e.keyword);
    // An accumulating list grows in place (a copy per line made 40,000 AllowUsers lines a 50 s read).
    if (ACCUMULATING.has(e.keyword)) {
      if (values === undefined) out.set(e.keyword, [...e.args]);
      else for (const arg of e.args) values.push(arg);
    } else if (values === undefined) out.set(e.keyword, e.args);
  }
  return out;
}

/** A Match block's criteria as its line writes them (`User deploy Address 10.0.0.0/8`, `all`). */
export function matchLine(m: MatchCriteria): string {
  if (m.all) return "all";
  const parts: string[] = [];
  if (m.users) parts.push(`User ${m.users.join(",")}`);
  if (m.groups) parts.push(`Group ${m.groups.join(",")}`);
  if (m.addresses) parts.push(`Address ${m.addresses.join(",")}`);
  return parts.join(" ");
}

export function setting(settings: ReadonlyMap<string, string[]>, keyword: string, fallback: string): string {
  return (settings.get(keyword)?.[0] ?? fallback).toLowerCase();
}
