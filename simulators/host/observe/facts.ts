/**
 * Facts no rule judges but the grader compares between states: the data the host must keep (how many files
 * and bytes are under each kept path), and which files are open to everyone (world-writable, or secrets
 * readable by any user), and the settings sshd runs with, so that a "fix" that deletes records, opens permissions
 * wide or gets sshd to start by dropping or weakening its settings is caught.
 */
import type { RuleEngine } from "../../engine/engine.js";
import type { HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import { readHba } from "../postgres/hba.js";
import { diskSource } from "../sources.js";
import { readSshdConfig } from "../sshd/config.js";
import { effectiveSshdSettings, matchBlockSettings } from "../sshd/effective.js";
import type { HostState } from "../state.js";

/** Files whose content is a secret: private keys, the password hashes, the app's settings. */
const SECRET = /(^etc\/shadow$|_key$|\.key$|^etc\/ssl\/private\/|\.env$|^etc\/sudoers|authorized_keys$)/;

export function observeFacts(engine: RuleEngine, fs: HostFs, state: HostState): void {
  const unit = engine.unit<HostEvent>(HOST_DOMAIN, ".");
  unit.enter("config");
  for (const kept of state.facts.keep) {
    const dir = kept.endsWith("/");
    const key = kept.replace(/\/$/, "");
    const files = dir ? fs.filesUnder(key) : fs.files.has(key) ? [key] : [];
    unit.emit({ type: "host-data", path: kept, files: files.length, bytes: files.reduce((s, k) => s + fs.stat(k)!.size, 0) });
  }
  const worldWritable: string[] = [];
  const secretsReadable: string[] = [];
  for (const key of fs.files.keys()) {
    const s = fs.stat(key)!;
    if ((s.mode & 0o002) !== 0) worldWritable.push(key);
    if (SECRET.test(key) && (s.mode & 0o004) !== 0) secretsReadable.push(key);
  }
  for (const key of fs.directories()) {
    const s = fs.stat(key)!;
    if ((s.mode & 0o002) !== 0 && (s.mode & 0o1000) === 0) worldWritable.push(key === "" ? "/" : key);
  }
  unit.emit({ type: "host-exposure", worldWritable: worldWritable.sort(), secretsReadable: secretsReadable.sort(), trustedDatabase: trustedRecords(fs, state) });
  if (fs.files.has("etc/ssh/sshd_config")) {
    const config = readSshdConfig(diskSource(fs.files));
    if (config.errors.length === 0) unit.emit({ type: "sshd-settings", settings: effectiveSshdSettings(config), matches: matchBlockSettings(config) });
  }
  unit.finish();
}

/** Host records with method trust in the pg_hba.conf the server runs with (or would start with). */
function trustedRecords(fs: HostFs, state: HostState): string[] {
  const hbaKey = "etc/postgresql/14/main/pg_hba.conf";
  const running = Object.values(state.units).find((u) => u.active === "active" && u.loaded && Object.hasOwn(u.loaded, hbaKey));
  const text = running?.loaded?.[hbaKey] ?? fs.content(hbaKey);
  if (text === undefined) return [];
  return readHba(text, `/${hbaKey}`)
    .records.filter((r) => r.type !== "local" && r.method === "trust")
    .map((r) => `${r.type} ${r.databases.join(",")} ${r.users.join(",")} ${r.address ?? ""} trust`);
}
