/**
 * The settings sshd runs with outside any Match block, as `sshd -T` prints them: the first value obtained for
 * each keyword (Includes read in place), every value of the accumulating ones, and OpenSSH 8.9's compiled-in
 * default for a keyword nothing sets. A keyword missing from a config is not missing from the server: emptying
 * sshd_config still runs sshd, on defaults that drop Ubuntu's UsePAM, its sftp subsystem and its Includes.
 */
import type { SshdConfig, SshdEntry } from "./config.js";
import { firstValues, matchLine } from "./config.js";

/** sshd_config(5) of OpenSSH 8.9 (Ubuntu 22.04): what sshd does about a keyword no line sets ("" for nothing). */
export const SSHD_DEFAULTS: Readonly<Record<string, string>> = {
  port: "22",
  permitrootlogin: "prohibit-password",
  strictmodes: "yes",
  maxauthtries: "6",
  maxsessions: "10",
  pubkeyauthentication: "yes",
  passwordauthentication: "yes",
  permitemptypasswords: "no",
  kbdinteractiveauthentication: "yes",
  hostbasedauthentication: "no",
  ignorerhosts: "yes",
  usepam: "no",
  x11forwarding: "no",
  allowagentforwarding: "yes",
  allowtcpforwarding: "yes",
  gatewayports: "no",
  permittunnel: "no",
  permituserenvironment: "no",
  authorizedkeysfile: ".ssh/authorized_keys .ssh/authorized_keys2",
  subsystem: "",
  allowusers: "",
  allowgroups: "",
  denyusers: "",
  denygroups: "",
  authenticationmethods: "any",
  forcecommand: "none",
  chrootdirectory: "none",
};

/** Keywords sshd treats as one option: the first of either that it reads wins. */
const ALIASES: Readonly<Record<string, string>> = { challengeresponseauthentication: "kbdinteractiveauthentication" };

/** Values sshd reads case-insensitively, and its spellings of one value. */
function normalValue(word: string): string {
  const lower = word.toLowerCase();
  if (lower === "without-password") return "prohibit-password";
  return /^(yes|no|prohibit-password|forced-commands-only|all|local|remote|none|any|delayed)$/.test(lower) ? lower : word;
}

/** An entry as `sshd -T` compares it: the keyword under its one name, each value in its one spelling. */
const normalised = (entry: SshdEntry): SshdEntry => ({ ...entry, keyword: ALIASES[entry.keyword] ?? entry.keyword, args: entry.args.map(normalValue) });

/** keyword → value, the accumulating keywords' values in the order read, space-separated. */
const joined = (set: Map<string, string[]>): Record<string, string> => Object.fromEntries([...set].map(([keyword, args]) => [keyword, args.join(" ")]));

/** keyword (lower case) → value (the accumulating keywords' values in the order read, space-separated). */
export function effectiveSshdSettings(config: SshdConfig): Record<string, string> {
  return { ...SSHD_DEFAULTS, ...joined(firstValues(config.entries.filter((e) => e.match === null).map(normalised))) };
}

/**
 * What each Match block sets, by its criteria as the Match line writes them, in the order the blocks come: the
 * first value of each keyword in the block (blocks with the same criteria read as one). A connection the block
 * matches runs with these instead of the global values, so a block is where a configuration can open a way in
 * that `sshd -T`'s global settings do not show.
 */
export function matchBlockSettings(config: SshdConfig): { criteria: string; settings: Record<string, string> }[] {
  const blocks = new Map<string, SshdEntry[]>();
  for (const entry of config.entries) {
    if (entry.match === null) continue;
    const criteria = matchLine(entry.match);
    const block = blocks.get(criteria);
    if (block === undefined) blocks.set(criteria, [normalised(entry)]);
    else block.push(normalised(entry));
  }
  return [...blocks].map(([criteria, entries]) => ({ criteria, settings: joined(firstValues(entries)) }));
}
