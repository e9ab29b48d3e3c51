/**
 * OpenSSH's sshd under systemd (Ubuntu's ssh.service): `sshd -t` (the configuration and the host keys) before
 * every start and reload, then the listen sockets. A host key readable by group or others is ignored, as
 * ssh refuses an unprotected private key, and with no key left sshd will not run.
 */
import type { HostFs } from "../fs.js";
import { octal } from "../fs.js";
import { keyOf } from "../paths.js";
import { listener } from "../network.js";
import type { ConfigSource } from "../nginx/parse.js";
import type { SshdConfig } from "../sshd/config.js";
import { readSshdConfig, settingsFor } from "../sshd/config.js";
import { diskSource, snapshot } from "../sources.js";
import type { HostState } from "../state.js";
import type { Daemon, Said } from "./types.js";

const DEFAULT_KEYS = ["/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_ecdsa_key", "/etc/ssh/ssh_host_ed25519_key"];

export interface SshdTest {
  config: SshdConfig;
  /** Everything `sshd -t` prints; empty when the test passes. */
  output: string[];
  ok: boolean;
}

/** `sshd -t`: the configuration from `source`, and the host keys on disk. */
export function testSshd(source: ConfigSource, fs: HostFs): SshdTest {
  const config = readSshdConfig(source);
  if (config.errors.length > 0) return { config, output: config.errors, ok: false };
  const settings = settingsFor(config, null);
  const named = settings.get("hostkey") ?? DEFAULT_KEYS;
  const output: string[] = [];
  let loaded = 0;
  for (const file of named) {
    const key = keyOf(file);
    const stat = key === null ? null : fs.stat(key);
    if (!stat) {
      if (settings.has("hostkey")) output.push(`Unable to load host key: ${file}`);
      continue;
    }
    if ((stat.mode & 0o077) !== 0) {
      output.push(
        "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
        "@         WARNING: UNPROTECTED PRIVATE KEY FILE!          @",
        "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
        `Permissions ${octal(stat.mode)} for '${file}' are too open.`,
        "It is required that your private key files are NOT accessible by others.",
        "This private key will be ignored.",
        `Unable to load host key "${file}": bad permissions`,
      );
      continue;
    }
    loaded++;
  }
  if (loaded === 0) return { config, output: [...output, "sshd: no hostkeys available -- exiting."], ok: false };
  return { config, output, ok: true };
}

/** The sockets the configuration asks for: every ListenAddress on every Port. */
export function sshdSockets(config: SshdConfig): string[] {
  const settings = settingsFor(config, null);
  const ports = (settings.get("port") ?? ["22"]).map(Number);
  const addresses = settings.get("listenaddress") ?? ["0.0.0.0"];
  return addresses.flatMap((a) => (a.includes(":") && !a.startsWith("[") ? [a] : ports.map((p) => `${a}:${p}`)));
}

const say = (message: string, priority: Said["priority"] = "info"): Said => ({ ident: "sshd", message, priority });

export const SSHD: Daemon = {
  kind: "sshd",
  runs: (program) => program.endsWith("/sshd"),
  start({ fs, state }) {
    const test = testSshd(diskSource(fs.files), fs);
    if (!test.ok) return { ok: false, pre: true, configTest: test.config.errors.length > 0, status: "255/EXCEPTION", said: test.output.map((m) => say(m, "err")) };
    const sockets: string[] = [];
    const said: Said[] = test.output.map((m) => say(m, "warning"));
    for (const socket of sshdSockets(test.config)) {
      const address = socket.slice(0, socket.lastIndexOf(":"));
      const port = Number(socket.slice(socket.lastIndexOf(":") + 1));
      if (listener(state as HostState, address, port)) said.push(say(`error: Bind to port ${port} on ${address} failed: Address already in use.`, "err"));
      else {
        sockets.push(socket);
        said.push(say(`Server listening on ${address} port ${port}.`));
      }
    }
    if (sockets.length === 0) return { ok: false, status: "255/EXCEPTION", said: [...said, say("fatal: Cannot bind any address.", "err")] };
    return {
      ok: true,
      loaded: snapshot(diskSource(fs.files), test.config.files),
      said,
      main: { user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups", rss_kib: 7_300, listens: sockets.map((s) => `tcp ${s}`) },
    };
  },
  reload({ fs }) {
    const test = testSshd(diskSource(fs.files), fs);
    if (!test.ok) return { ok: false, said: test.output.map((m) => say(m, "err")) };
    return { ok: true, loaded: snapshot(diskSource(fs.files), test.config.files), listens: sshdSockets(test.config).map((s) => `tcp ${s}`), said: [say("Received SIGHUP; restarting."), ...sshdSockets(test.config).map((s) => say(`Server listening on ${s.slice(0, s.lastIndexOf(":"))} port ${s.slice(s.lastIndexOf(":") + 1)}.`))] };
  },
};
