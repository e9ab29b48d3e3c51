/**
 * How a running nginx answers a request, from the configuration its master loaded: the server chosen by
 * the listen socket and Host header (default_server, else the first), the location by nginx's rules (exact,
 * then the longest prefix), then `return`, a proxy to an upstream (tried in order; every one refusing is a
 * 502, a timeout a 504) or a file under `root` read by the worker user (403 when the worker cannot read it
 * or a directory on the way, 404 when it is not there). Each failure comes with nginx's error.log line.
 */
import type { Repository } from "../../repository.js";
import { appAnswer } from "../app/serve.js";
import { HostFs } from "../fs.js";
import { connectIn, unixListener } from "../network.js";
import { keyOf } from "../paths.js";
import type { HostState } from "../state.js";
import type { Location, NginxModel, Server } from "./model.js";
import { proxyTargets } from "./model.js";

export interface Request {
  client: string;
  host: string;
  path: string;
  port: number;
}

export interface Answer {
  status: number;
  /** nginx's error.log lines for this request. */
  errors: string[];
  /** What the upstream app logged, when it was reached. */
  upstreamLog: string[];
  /** The app's unit when the answer is the app's; null when nginx answered by itself (`return`, a file, an error). */
  app: string | null;
}

function chooseServer(model: NginxModel, req: Request): Server | null {
  const on = model.servers.filter((s) => s.listens.some((l) => l.port === req.port));
  if (on.length === 0) return null;
  const named = on.find((s) => s.names.some((n) => n === req.host || (n.startsWith("*.") && req.host.endsWith(n.slice(1)))));
  return named ?? on.find((s) => s.listens.some((l) => l.port === req.port && l.defaultServer)) ?? on[0]!;
}

function chooseLocation(server: Server, path: string): Location | null {
  const exact = server.locations.find((l) => l.modifier === "=" && l.path === path);
  if (exact) return exact;
  const prefixes = server.locations.filter((l) => (l.modifier === "" || l.modifier === "^~") && path.startsWith(l.path)).sort((a, b) => b.path.length - a.path.length);
  const best = prefixes[0] ?? null;
  if (best?.modifier === "^~") return best;
  for (const l of server.locations) {
    if (l.modifier !== "~" && l.modifier !== "~*") continue;
    try {
      if (new RegExp(l.path, l.modifier === "~*" ? "i" : "").test(path)) return l;
    } catch {
      continue;
    }
  }
  return best;
}

export function serveRequest(files: Repository, state: HostState, model: NginxModel, req: Request, stamp: string, workerPid: number): Answer {
  const server = chooseServer(model, req);
  const tail = `client: ${req.client}, server: ${server?.names[0] ?? "_"}, request: "GET ${req.path} HTTP/1.1", host: "${req.host}"`;
  const err = (text: string) => `${stamp} [error] ${workerPid}#${workerPid}: *1 ${text}`;
  if (!server) return { status: 444, errors: [], upstreamLog: [], app: null };
  const location = chooseLocation(server, req.path);
  // nginx answers by itself: the request never reaches an app, whatever the code says.
  if (location?.returns) return { status: location.returns.code, errors: [], upstreamLog: [], app: null };
  if (location?.proxyPass) {
    const upstreamLog: string[] = [];
    let last = "";
    let status = 502;
    for (const target of proxyTargets(location.proxyPass, model)) {
      if (target.startsWith("unix:")) {
        const socket = target.slice(5);
        const p = unixListener(state, socket);
        if (!p) {
          last = err(`connect() to unix:${socket} failed (2: No such file or directory) while connecting to upstream, ${tail}, upstream: "http://unix:${socket}:${req.path}"`);
          continue;
        }
        const answer = p.unit ? appAnswer(files, state, p.unit, req.path) : { kind: "status" as const, status: 200, log: [] };
        upstreamLog.push(...answer.log);
        const app = p.unit && state.facts.apps[p.unit] ? p.unit : null;
        if (answer.kind === "timeout") return { status: 504, errors: [err(`upstream timed out (110: Connection timed out) while reading response header from upstream, ${tail}, upstream: "http://unix:${socket}:${req.path}"`)], upstreamLog, app };
        return { status: answer.status, errors: [], upstreamLog, app };
      }
      const [host, portText] = [target.slice(0, target.lastIndexOf(":")), target.slice(target.lastIndexOf(":") + 1)];
      const address = host === "localhost" ? "127.0.0.1" : host;
      const outcome = connectIn(state, "127.0.0.1", address, Number(portText));
      const upstream = `upstream: "http://${target}${req.path}"`;
      if (outcome.kind === "refused") {
        last = err(`connect() failed (111: Connection refused) while connecting to upstream, ${tail}, ${upstream}`);
        continue;
      }
      if (outcome.kind === "timeout") {
        last = err(`upstream timed out (110: Connection timed out) while connecting to upstream, ${tail}, ${upstream}`);
        status = 504;
        continue;
      }
      const unit = outcome.process?.unit;
      if (!unit || !state.facts.apps[unit]) {
        last = err(`upstream prematurely closed connection while reading response header from upstream, ${tail}, ${upstream}`);
        continue;
      }
      const answer = appAnswer(files, state, unit, req.path);
      upstreamLog.push(...answer.log);
      if (answer.kind === "timeout") return { status: 504, errors: [err(`upstream timed out (110: Connection timed out) while reading response header from upstream, ${tail}, ${upstream}`)], upstreamLog, app: unit };
      return { status: answer.status, errors: [], upstreamLog, app: unit };
    }
    return { status, errors: last ? [last] : [], upstreamLog, app: null };
  }
  const root = location?.alias ?? location?.root ?? server.root ?? "/usr/share/nginx/html";
  return serveFile(files, state, model, root, location?.alias ? req.path.slice(location.path.length) : req.path, location?.index ?? server.index, err, tail);
}

function serveFile(files: Repository, state: HostState, model: NginxModel, root: string, path: string, index: readonly string[], err: (t: string) => string, tail: string): Answer {
  const fs = new HostFs(files, state);
  const base = `${root.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
  const key = keyOf(base);
  const user = model.user;
  if (key === null) return { status: 404, errors: [], upstreamLog: [], app: null };
  const tryFile = (k: string, shown: string): Answer | null => {
    if (!fs.exists(k)) return null;
    if (!fs.can(user, k, "r")) return { status: 403, errors: [err(`open() "${shown}" failed (13: Permission denied), ${tail}`)], upstreamLog: [], app: null };
    return { status: 200, errors: [], upstreamLog: [], app: null };
  };
  const denied = fs.deniedAt(user, key, "r");
  if (fs.isDir(key)) {
    if (denied !== null && denied !== key) return { status: 403, errors: [err(`open() "${base}" failed (13: Permission denied), ${tail}`)], upstreamLog: [], app: null };
    if (!fs.can(user, key, "x")) return { status: 403, errors: [err(`"${base.replace(/\/?$/, "/")}${index[0] ?? "index.html"}" is forbidden (13: Permission denied), ${tail}`)], upstreamLog: [], app: null };
    for (const name of index) {
      const k = key === "" ? name : `${key}/${name}`;
      const shown = `${base.replace(/\/$/, "")}/${name}`;
      const found = tryFile(k, shown);
      if (found) return found;
    }
    return { status: 403, errors: [err(`directory index of "${base.replace(/\/?$/, "/")}" is forbidden, ${tail}`)], upstreamLog: [], app: null };
  }
  if (!fs.exists(key)) {
    if (denied !== null && denied !== key) return { status: 403, errors: [err(`open() "${base}" failed (13: Permission denied), ${tail}`)], upstreamLog: [], app: null };
    return { status: 404, errors: [err(`open() "${base}" failed (2: No such file or directory), ${tail}`)], upstreamLog: [], app: null };
  }
  if (denied !== null && denied !== key) return { status: 403, errors: [err(`open() "${base}" failed (13: Permission denied), ${tail}`)], upstreamLog: [], app: null };
  return tryFile(key, base) ?? { status: 404, errors: [], upstreamLog: [], app: null };
}
