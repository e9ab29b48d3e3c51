/**
 * What libpq does when the app opens its DATABASE_URL: resolve the host, connect (through the firewall, to a
 * socket that must be listening), then the server's pg_hba.conf (as the running postmaster loaded it) and the
 * role's password. A failure is the psycopg2 OperationalError text the app logs.
 */
import type { Repository } from "../../repository.js";
import { postgresLayout } from "../daemons/postgres.js";
import { HostFs } from "../fs.js";
import { connectIn, connectOut, isOwnAddress } from "../network.js";
import { keyOf } from "../paths.js";
import { matchHba, readHba } from "../postgres/hba.js";
import { gaiMessage, resolveName } from "../resolver.js";
import type { HostState } from "../state.js";

export interface DatabaseUrl {
  user: string;
  password: string;
  host: string;
  port: number;
  database: string;
}

export function parseDatabaseUrl(url: string): DatabaseUrl | null {
  const m = /^postgres(?:ql)?(?:\+\w+)?:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^:/?]+)(?::(\d+))?\/([^?]+)/.exec(url.trim());
  if (!m) return null;
  return { user: decodeURIComponent(m[1] ?? "postgres"), password: decodeURIComponent(m[2] ?? ""), host: m[3]!, port: Number(m[4] ?? "5432"), database: m[5]! };
}

/** Why connecting with `url` fails (the lines the app logs), or null when it connects. */
export function connectionProblem(files: Repository, state: HostState, url: string | undefined): string[] | null {
  if (url === undefined || url === "") return ["django.core.exceptions.ImproperlyConfigured: DATABASE_URL is not set"];
  const db = parseDatabaseUrl(url);
  if (!db) return [`django.core.exceptions.ImproperlyConfigured: could not parse DATABASE_URL '${url.replace(/:[^:@/]*@/, ":***@")}'`];
  const resolved = resolveName(files, state, db.host);
  if (!resolved.ok) return [`psycopg2.OperationalError: could not translate host name "${db.host}" to address: ${gaiMessage(resolved)}`];
  const server = `connection to server at "${db.host}"${db.host === resolved.address ? "" : ` (${resolved.address})`}, port ${db.port} failed`;
  const local = isOwnAddress(state, resolved.address);
  const outcome = local ? connectIn(state, "127.0.0.1", resolved.address, db.port) : connectOut(state, resolved.address, db.port);
  const hint = "\tIs the server running on that host and accepting TCP/IP connections?";
  if (outcome.kind === "refused") return [`psycopg2.OperationalError: ${server}: Connection refused`, hint];
  if (outcome.kind === "timeout") return [`psycopg2.OperationalError: ${server}: Connection timed out`, hint];
  const fatal = (message: string) => [`psycopg2.OperationalError: ${server}: FATAL:  ${message}`];
  if (!local) {
    const remote = state.facts.remotes.find((r) => r.address === resolved.address && r.port === db.port);
    if (!remote || remote.kind !== "postgres") return [`psycopg2.OperationalError: ${server}: server closed the connection unexpectedly`];
    if (remote.roles[db.user] !== db.password) return fatal(`password authentication failed for user "${db.user}"`);
    return null;
  }
  const postmaster = outcome.process;
  const unit = postmaster?.unit ? state.units[postmaster.unit] : undefined;
  if (!postmaster || !unit?.loaded || !/\/postgres\s/.test(`${postmaster.command} `)) return [`psycopg2.OperationalError: ${server}: received invalid response to SSL negotiation: H`];
  const fs = new HostFs(files, state);
  const layout = postgresLayout(postmaster.command.split(" "), fs);
  const hbaKey = keyOf(layout.hbaFile);
  const hbaText = hbaKey !== null ? unit.loaded[hbaKey] : undefined;
  const hba = readHba(hbaText ?? "", layout.hbaFile);
  const client = "127.0.0.1";
  const record = matchHba(hba, { local: false, address: client, database: db.database, user: db.user }, ["127.0.0.1", ...state.facts.addresses.map((a) => a.address)]);
  const who = `host "${client}", user "${db.user}", database "${db.database}", no encryption`;
  if (!record) return fatal(`no pg_hba.conf entry for ${who}`);
  if (record.method === "reject") return fatal(`pg_hba.conf rejects connection for ${who}`);
  const roles = state.facts.postgres?.roles ?? {};
  if (record.method !== "trust") {
    if (!Object.hasOwn(roles, db.user) || roles[db.user] !== db.password) return fatal(`password authentication failed for user "${db.user}"`);
  } else if (!Object.hasOwn(roles, db.user)) return fatal(`role "${db.user}" does not exist`);
  if (!(state.facts.postgres?.databases ?? []).includes(db.database)) return fatal(`database "${db.database}" does not exist`);
  return null;
}
