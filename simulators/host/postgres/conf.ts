/**
 * postgresql.conf as the server reads it: `name = value` lines (the `=` optional), `#` comments, quoted
 * strings, units on memory sizes. Unknown parameters and values out of range are errors that stop the server
 * at start ("configuration file ... contains errors"), with the lines PostgreSQL 14 logs. Parameters of
 * context postmaster take effect only at a restart.
 */

export interface ConfProblem {
  line: number;
  log: string;
}

export interface PostgresConf {
  values: Map<string, { value: string; line: number }>;
  problems: ConfProblem[];
}

type Kind = "int" | "memory" | "string" | "bool" | "enum";

interface Param {
  kind: Kind;
  postmaster?: boolean;
  min?: number;
  max?: number;
  values?: readonly string[];
}

/** The parameters the hosts set, with their types and (for integers) ranges, as pg_settings lists them. */
const PARAMS: Record<string, Param> = {
  data_directory: { kind: "string", postmaster: true },
  hba_file: { kind: "string", postmaster: true },
  ident_file: { kind: "string", postmaster: true },
  external_pid_file: { kind: "string", postmaster: true },
  listen_addresses: { kind: "string", postmaster: true },
  port: { kind: "int", postmaster: true, min: 1, max: 65535 },
  max_connections: { kind: "int", postmaster: true, min: 1, max: 262143 },
  unix_socket_directories: { kind: "string", postmaster: true },
  ssl: { kind: "bool" },
  ssl_cert_file: { kind: "string" },
  ssl_key_file: { kind: "string" },
  shared_buffers: { kind: "memory", postmaster: true, min: 128, max: 1073741823 },
  work_mem: { kind: "memory", min: 64, max: 2147483647 },
  maintenance_work_mem: { kind: "memory", min: 1024, max: 2147483647 },
  effective_cache_size: { kind: "memory", min: 1, max: 2147483647 },
  dynamic_shared_memory_type: { kind: "enum", postmaster: true, values: ["posix", "sysv", "mmap"] },
  max_wal_size: { kind: "memory", min: 2, max: 2147483647 },
  min_wal_size: { kind: "memory", min: 2, max: 2147483647 },
  log_line_prefix: { kind: "string" },
  log_timezone: { kind: "string" },
  cluster_name: { kind: "string", postmaster: true },
  datestyle: { kind: "string" },
  timezone: { kind: "string" },
  lc_messages: { kind: "string" },
  lc_monetary: { kind: "string" },
  lc_numeric: { kind: "string" },
  lc_time: { kind: "string" },
  default_text_search_config: { kind: "string" },
  include_dir: { kind: "string" },
  password_encryption: { kind: "enum", values: ["md5", "scram-sha-256"] },
  log_min_duration_statement: { kind: "int", min: -1, max: 2147483647 },
  logging_collector: { kind: "bool", postmaster: true },
  log_destination: { kind: "string" },
};

const BOOLS = new Set(["on", "off", "true", "false", "yes", "no", "1", "0"]);
/** Memory units PostgreSQL accepts, in kB. */
const UNITS: Record<string, number> = { B: 1 / 1024, kB: 1, MB: 1024, GB: 1024 * 1024, TB: 1024 * 1024 * 1024 };
/** shared_buffers and the WAL sizes count in 8 kB pages and 1 MB units; the rest in kB. */
const BASE_KB: Record<string, number> = { shared_buffers: 8, effective_cache_size: 8, max_wal_size: 1024, min_wal_size: 1024 };

export function isPostmasterParam(name: string): boolean {
  return PARAMS[name]?.postmaster === true;
}

export function readPostgresConf(content: string, file: string): PostgresConf {
  const values = new Map<string, { value: string; line: number }>();
  const problems: ConfProblem[] = [];
  content.split("\n").forEach((raw, i) => {
    const n = i + 1;
    const line = stripComment(raw).trim();
    if (line === "") return;
    const m = /^([A-Za-z_][A-Za-z0-9_.]*)\s*(?:=\s*)?(.*)$/.exec(line);
    if (!m) {
      problems.push({ line: n, log: `LOG:  syntax error in file "${file}" line ${n}, near token "${line.split(/\s+/)[0]}"` });
      return;
    }
    const name = m[1]!.toLowerCase();
    let value = m[2]!.trim();
    if (value === "") {
      problems.push({ line: n, log: `LOG:  syntax error in file "${file}" line ${n}, near end of line` });
      return;
    }
    if (value.startsWith("'")) {
      if (!value.endsWith("'") || value.length < 2) {
        problems.push({ line: n, log: `LOG:  syntax error in file "${file}" line ${n}, near token "${value}"` });
        return;
      }
      value = value.slice(1, -1).replace(/''/g, "'");
    }
    const param = PARAMS[name];
    if (!param) {
      if (!name.includes(".")) problems.push({ line: n, log: `LOG:  unrecognized configuration parameter "${name}" in file "${file}" line ${n}` });
      values.set(name, { value, line: n });
      return;
    }
    const bad = invalid(name, param, value);
    if (bad) problems.push({ line: n, log: bad });
    values.set(name, { value, line: n });
  });
  return { values, problems };
}

function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "'") quoted = !quoted;
    if (line[i] === "#" && !quoted) return line.slice(0, i);
  }
  return line;
}

function invalid(name: string, param: Param, value: string): string | null {
  if (param.kind === "bool" && !BOOLS.has(value.toLowerCase())) return `LOG:  parameter "${name}" requires a Boolean value`;
  if (param.kind === "enum" && !param.values!.includes(value)) return `LOG:  invalid value for parameter "${name}": "${value}"`;
  if (param.kind === "int") {
    if (!/^-?\d+$/.test(value)) return `LOG:  invalid value for parameter "${name}": "${value}"`;
    const n = Number(value);
    if (n < param.min! || n > param.max!) return `LOG:  ${n} is outside the valid range for parameter "${name}" (${param.min} .. ${param.max})`;
  }
  if (param.kind === "memory") {
    const kb = memoryKb(name, value);
    if (kb === null) return `LOG:  invalid value for parameter "${name}": "${value}"\nHINT:  Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".`;
    const units = kb / (BASE_KB[name] ?? 1);
    if (units < param.min! || units > param.max!) return `LOG:  ${Math.round(units)} ${BASE_KB[name] === 8 ? "8kB" : "kB"} is outside the valid range for parameter "${name}" (${param.min} .. ${param.max})`;
  }
  return null;
}

/** A memory parameter's value in kB (a bare number counts in the parameter's own unit). */
export function memoryKb(name: string, value: string): number | null {
  const m = /^(\d+)\s*(B|kB|MB|GB|TB)?$/.exec(value.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === undefined ? n * (BASE_KB[name] ?? 1) : n * UNITS[m[2]]!;
}

/** A parameter's value, or its default. */
export function param(conf: PostgresConf, name: string, fallback: string): string {
  return conf.values.get(name)?.value ?? fallback;
}
