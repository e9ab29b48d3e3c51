/**
 * PostgreSQL 14's postmaster as it starts: the configuration file (any error stops it), the data directory
 * (it must exist, belong to the server's user, be 0700 or 0750 and hold PG_VERSION), pg_hba.conf, the shared
 * memory it maps, its listen sockets, and the first WAL write on the data directory's filesystem. A reload
 * (SIGHUP) re-reads pg_hba.conf and leaves postmaster parameters (port, listen_addresses) as they were.
 */
import type { HostFs } from "../fs.js";
import { isOwnAddress, listener } from "../network.js";
import { keyOf } from "../paths.js";
import { readHba } from "../postgres/hba.js";
import { isPostmasterParam, memoryKb, param, readPostgresConf } from "../postgres/conf.js";
import type { PostgresConf } from "../postgres/conf.js";
import { availableMemoryKib } from "../memory.js";
import type { Daemon, ProcessSpec, Said, StartInput, StartOutcome } from "./types.js";

const say = (message: string): Said => ({ ident: "postgres", message, priority: /^(FATAL|PANIC|WARNING)/.test(message) ? "err" : "info" });

/** Where the server's files are, from its command line and configuration. */
export interface PostgresLayout {
  configFile: string;
  hbaFile: string;
  dataDirectory: string;
}

export function postgresLayout(argv: readonly string[], fs: HostFs): PostgresLayout & { conf: PostgresConf | null } {
  let dataArg: string | undefined;
  let configFile: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === "-D") dataArg = argv[++i];
    else if (argv[i] === "-c" && argv[i + 1]?.startsWith("config_file=")) configFile = argv[++i]!.slice("config_file=".length);
  }
  // postgres's configdir is -D (else PGDATA), wherever config_file points: pg_hba.conf and the data directory
  // default to it, so a config_file without hba_file reads -D's pg_hba.conf (Debian's lives in /etc instead).
  const configDir = dataArg ?? "/var/lib/postgresql/data";
  configFile ??= `${configDir}/postgresql.conf`;
  const key = keyOf(configFile);
  const content = key === null ? undefined : fs.content(key);
  const conf = content === undefined ? null : readPostgresConf(content, configFile);
  return {
    configFile,
    conf,
    hbaFile: conf ? param(conf, "hba_file", `${configDir}/pg_hba.conf`) : `${configDir}/pg_hba.conf`,
    dataDirectory: conf ? param(conf, "data_directory", configDir) : configDir,
  };
}

/** The TCP addresses listen_addresses asks for. */
export function listenAddresses(value: string): string[] {
  return value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => (a === "*" ? "0.0.0.0" : a === "localhost" ? "127.0.0.1" : a));
}

/** The bytes of shared memory the postmaster maps: shared_buffers and a little per connection. */
export function sharedMemoryKib(conf: PostgresConf): number {
  const buffers = memoryKb("shared_buffers", param(conf, "shared_buffers", "128MB")) ?? 131072;
  const connections = Number(param(conf, "max_connections", "100")) || 100;
  return buffers + connections * 10 + 8_000;
}

function dataDirectoryProblem(fs: HostFs, dir: string, user: string): string[] | null {
  const key = keyOf(dir);
  const stat = key === null ? null : fs.stat(key);
  if (!stat || stat.type !== "dir") return [`FATAL:  data directory "${dir}" does not exist`];
  if (stat.owner !== user) return [`FATAL:  data directory "${dir}" has wrong ownership`, "HINT:  The server must be started by the user that owns the data directory."];
  if ((stat.mode & 0o777) !== 0o700 && (stat.mode & 0o777) !== 0o750) {
    return [`FATAL:  data directory "${dir}" has invalid permissions`, "DETAIL:  Permissions should be u=rwx (0700) or u=rwx,g=rx (0750)."];
  }
  if (!fs.files.has(`${key}/PG_VERSION`)) return [`FATAL:  "${dir}" is not a valid data directory`, `DETAIL:  File "${dir}/PG_VERSION" is missing.`];
  return null;
}

function startPostgres({ fs, state, argv, user }: StartInput): StartOutcome {
  const layout = postgresLayout(argv, fs);
  const fail = (lines: string[], configTest = false): StartOutcome => ({ ok: false, status: "1/FAILURE", said: lines.map(say), ...(configTest ? { configTest } : {}) });
  if (!layout.conf) return fail([`postgres: could not access the server configuration file "${layout.configFile}": No such file or directory`]);
  const conf = layout.conf;
  if (conf.problems.length > 0) return fail([...conf.problems.flatMap((p) => p.log.split("\n")), `FATAL:  configuration file "${layout.configFile}" contains errors`], true);
  const dataProblem = dataDirectoryProblem(fs, layout.dataDirectory, user);
  if (dataProblem) return fail(dataProblem);
  const hbaKey = keyOf(layout.hbaFile);
  const hbaText = hbaKey === null ? undefined : fs.content(hbaKey);
  if (hbaText === undefined) return fail([`LOG:  could not open configuration file "${layout.hbaFile}": No such file or directory`, "FATAL:  could not load pg_hba.conf"]);
  const hba = readHba(hbaText, layout.hbaFile);
  if (hba.problem) return fail([...hba.problem.log.split("\n"), "FATAL:  could not load pg_hba.conf"], true);
  const shared = sharedMemoryKib(conf);
  if (shared > availableMemoryKib(state)) {
    return fail([
      "FATAL:  could not map anonymous shared memory: Cannot allocate memory",
      `HINT:  This error usually means that PostgreSQL's request for a shared memory segment exceeded available memory, swap space, or huge pages. To reduce the request size (currently ${shared * 1024} bytes), reduce PostgreSQL's shared memory usage, perhaps by reducing shared_buffers or max_connections.`,
      "LOG:  database system is shut down",
    ]);
  }
  const port = Number(param(conf, "port", "5432"));
  const said: string[] = [];
  const listens: string[] = [];
  for (const address of listenAddresses(param(conf, "listen_addresses", "localhost"))) {
    if (address !== "0.0.0.0" && !isOwnAddress(state, address)) {
      said.push(`LOG:  could not bind IPv4 address "${address}": Cannot assign requested address`, `WARNING:  could not create listen socket for "${address}"`);
      continue;
    }
    if (listener(state, address, port)) {
      said.push(`LOG:  could not bind IPv4 address "${address}": Address already in use`, `HINT:  Is another postmaster already running on port ${port}? If not, wait a few seconds and retry.`, `WARNING:  could not create listen socket for "${address}"`);
      continue;
    }
    listens.push(`tcp ${address}:${port}`);
  }
  if (listens.length === 0 && param(conf, "listen_addresses", "localhost") !== "") return fail([...said, "FATAL:  could not create any TCP/IP sockets", "LOG:  database system is shut down"]);
  const dataKey = keyOf(layout.dataDirectory)!;
  if (fs.usage(fs.mountOf(dataKey)).full) {
    return fail([
      ...said,
      `PANIC:  could not write to file "pg_wal/xlogtemp.${state.next_pid}": No space left on device`,
      `LOG:  startup process (PID ${state.next_pid + 1}) was terminated by signal 6: Aborted`,
      "LOG:  aborting startup due to startup process failure",
      "LOG:  database system is shut down",
    ]);
  }
  const socketDir = param(conf, "unix_socket_directories", "/var/run/postgresql").split(",")[0]!.trim();
  listens.push(`unix ${socketDir}/.s.PGSQL.${port}`);
  for (const l of listens.filter((x) => x.startsWith("tcp "))) said.push(`LOG:  listening on IPv4 address "${l.slice(4, l.lastIndexOf(":"))}", port ${port}`);
  said.push(`LOG:  listening on Unix socket "${socketDir}/.s.PGSQL.${port}"`, "LOG:  database system is ready to accept connections");
  const cluster = param(conf, "cluster_name", "14/main");
  const child = (name: string): ProcessSpec => ({ user, command: `postgres: ${cluster}: ${name}`, rss_kib: 6_200 });
  const configKey = keyOf(layout.configFile)!;
  return {
    ok: true,
    loaded: { [configKey]: fs.content(configKey)!, [hbaKey!]: hbaText },
    said: [`LOG:  starting PostgreSQL 14.11 (Ubuntu 14.11-0ubuntu0.22.04.1) on x86_64-pc-linux-gnu, compiled by gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, 64-bit`, ...said].map(say),
    main: {
      user,
      command: argv.join(" "),
      rss_kib: shared,
      listens,
      children: ["checkpointer", "background writer", "walwriter", "autovacuum launcher", "logical replication launcher"].map(child),
    },
  };
}

export const POSTGRES: Daemon = {
  kind: "postgres",
  runs: (program) => /\/postgres$/.test(program),
  start: startPostgres,
  reload({ fs, argv }, loaded) {
    const layout = postgresLayout(argv, fs);
    const said: string[] = ["LOG:  received SIGHUP, reloading configuration files"];
    const next: Record<string, string> = { ...loaded };
    const configKey = keyOf(layout.configFile);
    const was = configKey && Object.hasOwn(loaded, configKey) ? readPostgresConf(loaded[configKey]!, layout.configFile) : null;
    if (layout.conf && was) {
      for (const [name, { value }] of layout.conf.values) {
        if (isPostmasterParam(name) && (was.values.get(name)?.value ?? null) !== value) said.push(`LOG:  parameter "${name}" cannot be changed without restarting the server`);
      }
      if (layout.conf.problems.length > 0) said.push(...layout.conf.problems.map((p) => p.log.split("\n")[0]!), `LOG:  configuration file "${layout.configFile}" contains errors; unaffected changes were applied`);
    }
    const hbaKey = keyOf(layout.hbaFile);
    const hbaText = hbaKey === null ? undefined : fs.content(hbaKey);
    const hba = hbaText === undefined ? null : readHba(hbaText, layout.hbaFile);
    if (!hba || hba.problem) said.push(...(hba?.problem?.log.split("\n") ?? [`LOG:  could not open configuration file "${layout.hbaFile}": No such file or directory`]), "LOG:  pg_hba.conf was not reloaded");
    else next[hbaKey!] = hbaText!;
    return { ok: true, loaded: next, said: said.map(say) };
  },
};
