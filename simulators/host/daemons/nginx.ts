/**
 * nginx under systemd: ExecStartPre runs `nginx -t`, the master binds every listen socket (as root), opens
 * its logs and forks workers as the configured user; `nginx -s reload` checks the new configuration first and
 * leaves the running one in place when it fails, as a real master does, else replaces its workers with ones
 * running as the configuration's user.
 */
import type { HostFs } from "../fs.js";
import { keyOf } from "../paths.js";
import { listener } from "../network.js";
import type { NginxCheck, NginxEnvironment } from "../nginx/model.js";
import { checkNginx } from "../nginx/model.js";
import type { ConfigSource, NginxError } from "../nginx/parse.js";
import { resolveName } from "../resolver.js";
import { diskSource, snapshot } from "../sources.js";
import type { HostState } from "../state.js";
import type { Daemon, Said, StartInput } from "./types.js";

export function nginxEnvironment(fs: HostFs, state: HostState): NginxEnvironment {
  return {
    userExists: (name) => fs.accounts.user(name) !== undefined,
    resolve: (name) => {
      const r = resolveName(fs.files, state, name);
      return r.ok ? r.address : null;
    },
    fileExists: (p) => {
      const key = keyOf(p);
      return key !== null && fs.files.has(key);
    },
    dirExists: (p) => {
      const key = keyOf(p);
      return key !== null && fs.isDir(key);
    },
  };
}

/** `nginx -t` on `source` in the host as it is. */
export function testNginx(source: ConfigSource, fs: HostFs, state: HostState): NginxCheck {
  return checkNginx(source, nginxEnvironment(fs, state));
}

export function emergLine(e: NginxError): string {
  return e.line > 0 ? `nginx: [emerg] ${e.message} in ${e.file}:${e.line}` : `nginx: [emerg] ${e.message}`;
}

/** What `nginx -t` prints. */
export function testOutput(check: NginxCheck): string[] {
  if (!check.ok) return [emergLine(check.error), "nginx: configuration file /etc/nginx/nginx.conf test failed"];
  return ["nginx: the configuration file /etc/nginx/nginx.conf syntax is ok", "nginx: configuration file /etc/nginx/nginx.conf test is successful"];
}

const say = (message: string, priority: Said["priority"] = "err"): Said => ({ ident: "nginx", message, priority });

export const NGINX: Daemon = {
  kind: "nginx",
  runs: (program) => program.endsWith("/nginx"),
  start({ fs, state }: StartInput) {
    const check = testNginx(diskSource(fs.files), fs, state);
    if (!check.ok) return { ok: false, pre: true, configTest: true, status: "1/FAILURE", said: [say(emergLine(check.error)), say("nginx: configuration file /etc/nginx/nginx.conf test failed")] };
    const sockets = [...new Set(check.model.servers.flatMap((s) => s.listens.map((l) => `${l.address}:${l.port}`)))];
    for (const socket of sockets) {
      const [address, port] = [socket.slice(0, socket.lastIndexOf(":")), Number(socket.slice(socket.lastIndexOf(":") + 1))];
      const taken = address === "0.0.0.0" ? state.processes.find((p) => p.listens.some((l) => l.endsWith(`:${port}`) && l.startsWith("tcp "))) : listener(state, address, port);
      if (taken) {
        const line = `nginx: [emerg] bind() to ${socket} failed (98: Address already in use)`;
        return { ok: false, status: "1/FAILURE", said: [say(line), say(line), say(line), say(line), say(line), say("nginx: [emerg] still could not bind()")] };
      }
    }
    const loaded = snapshot(diskSource(fs.files), check.model.files);
    const logs = check.model.logs.map((p) => p.replace(/^\//, ""));
    const worker = { user: check.model.user, command: "nginx: worker process", rss_kib: 5_800, opens: logs };
    return {
      ok: true,
      loaded,
      said: [],
      main: { user: "root", command: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;", rss_kib: 1_900, listens: sockets.map((s) => `tcp ${s}`), opens: logs, children: [worker, { ...worker }] },
    };
  },
  reload({ fs, state }) {
    const check = testNginx(diskSource(fs.files), fs, state);
    if (!check.ok) return { ok: false, said: [say(emergLine(check.error))] };
    const listens = [...new Set(check.model.servers.flatMap((s) => s.listens.map((l) => `tcp ${l.address}:${l.port}`)))];
    // The master forks new workers from the new configuration, under its `user` as a start would.
    return { ok: true, loaded: snapshot(diskSource(fs.files), check.model.files), listens, workers: check.model.user, said: [{ ident: "nginx", message: "signal process started", priority: "notice" }] };
  },
};
