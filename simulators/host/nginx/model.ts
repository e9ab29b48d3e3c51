/**
 * What an nginx configuration means once read: the worker user, the log files it opens, its servers (listen
 * sockets, names, roots, locations) and upstreams. Building it is the second half of `nginx -t`: listen
 * parameters, duplicate sockets, the worker user, certificate files, upstream host names (resolved once, at
 * load, as nginx resolves them) and the directories of log files, each failing with nginx's own message.
 */
import type { ConfigSource, Directive, NginxError } from "./parse.js";
import { parseNginx } from "./parse.js";

export interface Listen {
  address: string;
  port: number;
  ssl: boolean;
  defaultServer: boolean;
}

export interface Location {
  modifier: "=" | "^~" | "~" | "~*" | "";
  path: string;
  root?: string;
  alias?: string;
  proxyPass?: string;
  returns?: { code: number; text?: string };
  tryFiles?: string[];
  index?: string[];
  file: string;
  line: number;
}

export interface Server {
  listens: Listen[];
  names: string[];
  root?: string;
  index: string[];
  locations: Location[];
  certificate?: string;
  certificateKey?: string;
  file: string;
  line: number;
}

export interface UpstreamServer {
  target: string;
  file: string;
  line: number;
}

export interface NginxModel {
  user: string;
  pid: string;
  /** Files the master opens for appending: error and access logs. */
  logs: string[];
  errorLog: string;
  servers: Server[];
  upstreams: Map<string, UpstreamServer[]>;
  /** Host paths of every configuration file read. */
  files: string[];
}

export interface NginxEnvironment {
  userExists(name: string): boolean;
  /** Resolves a host name as getaddrinfo would at load (hosts file, then DNS); null when it does not resolve. */
  resolve(name: string): string | null;
  fileExists(hostPath: string): boolean;
  dirExists(hostPath: string): boolean;
}

export type NginxCheck = { ok: true; model: NginxModel; warnings: NginxError[] } | { ok: false; error: NginxError; files: string[] };

const DEFAULT_INDEX = ["index.html"];

function fail(error: NginxError, files: string[]): NginxCheck {
  return { ok: false, error, files };
}

/** `nginx -t`: the configuration `source` holds, read and checked in `env`. */
export function checkNginx(source: ConfigSource, env: NginxEnvironment): NginxCheck {
  const parsed = parseNginx(source);
  if (parsed.error) return fail(parsed.error, parsed.files);
  const top = parsed.directives;
  const err = (d: Directive, message: string) => fail({ file: d.file, line: d.endLine, message }, parsed.files);
  const userDirective = top.find((d) => d.name === "user");
  const user = userDirective?.args[0] ?? "nobody";
  if (!env.userExists(user)) return userDirective ? err(userDirective, `getpwnam("${user}") failed`) : fail({ file: "/etc/nginx/nginx.conf", line: 1, message: `getpwnam("${user}") failed` }, parsed.files);
  const logs: string[] = [];
  const errorLogDirective = top.find((d) => d.name === "error_log");
  const errorLog = errorLogDirective?.args[0] ?? "/var/log/nginx/error.log";
  const http = top.find((d) => d.name === "http");
  const servers: Server[] = [];
  const upstreams = new Map<string, UpstreamServer[]>();
  const logDirectives: Directive[] = [...(errorLogDirective ? [errorLogDirective] : [])];
  const walkLogs = (ds: readonly Directive[]) => {
    for (const d of ds) {
      if ((d.name === "access_log" || d.name === "error_log") && d.args[0] !== "off" && !d.args[0]!.startsWith("syslog:")) logDirectives.push(d);
      if (d.children) walkLogs(d.children);
    }
  };
  walkLogs(http?.children ?? []);
  for (const d of logDirectives) {
    const file = d.args[0]!;
    if (file === "stderr") continue;
    const dir = file.slice(0, file.lastIndexOf("/")) || "/";
    if (!env.dirExists(dir)) return err(d, `open() "${file}" failed (2: No such file or directory)`);
    if (!logs.includes(file)) logs.push(file);
  }
  if (!errorLogDirective && !logs.includes(errorLog)) logs.unshift(errorLog);
  for (const d of http?.children ?? []) {
    if (d.name === "upstream") {
      const list: UpstreamServer[] = [];
      for (const s of d.children ?? []) {
        if (s.name !== "server") continue;
        const target = s.args[0]!;
        const bad = badTarget(target, env);
        if (bad) return err(s, `${bad} in upstream "${target}"`);
        list.push({ target, file: s.file, line: s.line });
      }
      if (list.length === 0) return err(d, `no servers are inside upstream`);
      upstreams.set(d.args[0]!, list);
    }
  }
  const sockets = new Map<string, Server>();
  // Found once, not once per server: a configuration of thousands of servers searched its http block again for
  // each of them.
  const rootHttp = http?.children?.find((x) => x.name === "root")?.args[0];
  for (const d of http?.children ?? []) {
    if (d.name !== "server") continue;
    const server: Server = { listens: [], names: [], index: DEFAULT_INDEX, locations: [], file: d.file, line: d.line };
    if (rootHttp) server.root = rootHttp;
    for (const s of d.children ?? []) {
      if (s.name === "listen") {
        const listen = parseListen(s.args);
        if (typeof listen === "string") return err(s, listen);
        server.listens.push(listen);
      } else if (s.name === "server_name") server.names.push(...s.args);
      else if (s.name === "root") server.root = s.args[0]!;
      else if (s.name === "index") server.index = s.args;
      else if (s.name === "ssl_certificate") server.certificate = s.args[0]!;
      else if (s.name === "ssl_certificate_key") server.certificateKey = s.args[0]!;
      else if (s.name === "location") {
        const location = readLocation(s);
        const problem = location.proxyPass !== undefined ? proxyProblem(location.proxyPass, upstreams, env) : null;
        const pass = (s.children ?? []).find((c) => c.name === "proxy_pass");
        if (problem) return fail({ file: s.file, line: pass?.endLine ?? s.endLine, message: problem.message }, parsed.files);
        server.locations.push(location);
      }
    }
    if (server.listens.length === 0) server.listens.push({ address: "0.0.0.0", port: 80, ssl: false, defaultServer: false });
    for (const l of server.listens) {
      const socket = `${l.address}:${l.port}`;
      const other = sockets.get(socket);
      if (other === server) return err(d, `a duplicate listen ${socket}`);
      if (other && l.defaultServer && other.listens.some((o) => `${o.address}:${o.port}` === socket && o.defaultServer)) {
        return fail({ file: d.file, line: d.endLine, message: `a duplicate default server for ${socket}` }, parsed.files);
      }
      if (!other || l.defaultServer) sockets.set(socket, server);
    }
    if (server.listens.some((l) => l.ssl)) {
      const listenLine = (d.children ?? []).find((x) => x.name === "listen" && x.args.includes("ssl"));
      if (!server.certificate) return err(listenLine ?? d, `no "ssl_certificate" is defined for the "listen ... ssl" directive`);
      for (const [what, file] of [["certificate", server.certificate], ["certificate key", server.certificateKey ?? server.certificate]] as const) {
        if (!env.fileExists(file)) {
          const line = (d.children ?? []).find((x) => x.name === (what === "certificate" ? "ssl_certificate" : "ssl_certificate_key")) ?? d;
          return fail({ file: line.file, line: line.endLine, message: `cannot load ${what} "${file}": BIO_new_file() failed (SSL: error:80000002:system library::No such file or directory:calling fopen(${file}, r) error:10000080:BIO routines::no such file)` }, parsed.files);
        }
      }
    }
    servers.push(server);
  }
  return { ok: true, model: { user, pid: top.find((d) => d.name === "pid")?.args[0] ?? "/run/nginx.pid", logs, errorLog, servers, upstreams, files: parsed.files }, warnings: [] };
}

function parseListen(args: readonly string[]): Listen | string {
  const [where, ...params] = args as [string, ...string[]];
  let address = "0.0.0.0";
  let portText = where;
  if (where.startsWith("[")) {
    const m = /^\[([^\]]*)\](?::(\d+))?$/.exec(where);
    if (!m) return `invalid host in "${where}" of the "listen" directive`;
    address = `[${m[1]}]`;
    portText = m[2] ?? "80";
  } else if (where.includes(":")) {
    address = where.slice(0, where.lastIndexOf(":"));
    portText = where.slice(where.lastIndexOf(":") + 1);
  } else if (!/^\d+$/.test(where)) {
    address = where === "localhost" ? "127.0.0.1" : where;
    portText = "80";
  }
  if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) return `invalid port in "${where}" of the "listen" directive`;
  const known = new Set(["ssl", "default_server", "http2", "reuseport", "ipv6only=on", "ipv6only=off", "deferred"]);
  const bad = params.find((p) => !known.has(p) && !/^(backlog|rcvbuf|sndbuf)=\d+$/.test(p));
  if (bad) return `invalid parameter "${bad}"`;
  return { address, port: Number(portText), ssl: params.includes("ssl"), defaultServer: params.includes("default_server") };
}

function readLocation(d: Directive): Location {
  const [first, second] = d.args as [string, string | undefined];
  const modifier = second !== undefined ? (first as Location["modifier"]) : "";
  const location: Location = { modifier, path: second ?? first, file: d.file, line: d.line };
  for (const c of d.children ?? []) {
    if (c.name === "root") location.root = c.args[0]!;
    else if (c.name === "alias") location.alias = c.args[0]!;
    else if (c.name === "proxy_pass") location.proxyPass = c.args[0]!;
    else if (c.name === "return") location.returns = /^\d+$/.test(c.args[0]!) ? { code: Number(c.args[0]), text: c.args[1] } : { code: 302, text: c.args[0] };
    else if (c.name === "try_files") location.tryFiles = c.args;
    else if (c.name === "index") location.index = c.args;
  }
  return location;
}

/** Why an upstream target (`host:port`, `unix:/path`) cannot be used, or null. */
function badTarget(target: string, env: NginxEnvironment): string | null {
  if (target.startsWith("unix:")) return null;
  const m = /^([^:/]+)(?::(\d+))?$/.exec(target);
  if (!m) return "invalid host";
  if (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535)) return "invalid port";
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(m[1]!) && env.resolve(m[1]!) === null) return "host not found";
  return null;
}

function proxyProblem(url: string, upstreams: ReadonlyMap<string, UpstreamServer[]>, env: NginxEnvironment): { line?: number; message: string } | null {
  const m = /^https?:\/\/(.+)$/.exec(url);
  if (!m) return { message: `invalid URL prefix in "${url}"` };
  const rest = m[1]!;
  if (rest.startsWith("unix:")) return null;
  const hostPort = rest.split("/")[0]!;
  if (url.includes("$")) return null;
  if (upstreams.has(hostPort)) return null;
  const bad = badTarget(hostPort, env);
  return bad ? { message: `${bad} in upstream "${hostPort}"` } : null;
}

/** The upstream servers a proxy_pass URL sends to: the upstream block's, or the URL's own host and port. */
export function proxyTargets(url: string, model: NginxModel): string[] {
  const rest = url.replace(/^https?:\/\//, "");
  if (rest.startsWith("unix:")) return [rest.split(":").slice(0, 2).join(":")];
  const hostPort = rest.split("/")[0]!;
  const upstream = model.upstreams.get(hostPort);
  if (upstream) return upstream.map((s) => s.target);
  return [hostPort.includes(":") ? hostPort : `${hostPort}:${url.startsWith("https") ? 443 : 80}`];
}
