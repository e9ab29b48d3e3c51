/**
 * A simulated Linux host, as one repository: the host's files at their paths (`etc/nginx/nginx.conf` is
 * /etc/nginx/nginx.conf) and one reserved file holding what is not a file's content: owners, directory
 * modes and apparent sizes, the kernel's and systemd's state (units, processes, the live firewall, the
 * journal, files deleted while still open) and the facts of the world around the host (who connects from
 * where, what the DNS servers answer, what the app needs). The reserved file is the simulation's memory: no
 * agent sees it or edits it; only host commands change it, so every state is a pure function of the actions.
 */
import { z } from "zod";
import type { RepoFile, Repository } from "../repository.js";

/** Where the host's state lives in the repository: a path no Linux host has. */
export const HOST_STATE_PATH = ".breakfix/host.json";

export function isHostStatePath(path: string): boolean {
  return path === HOST_STATE_PATH || path.startsWith(".breakfix/");
}

const Mode = z.number().int().min(0).max(0o7777);

/** What the filesystem keeps about a path beyond its content: owner, group, a directory's mode, apparent size. */
export const NodeSchema = z
  .object({
    dir: z.boolean().optional(),
    mode: Mode.optional().describe("a directory's mode (a file's mode is the repository file's)"),
    owner: z.string().optional(),
    group: z.string().optional(),
    size: z.number().int().min(0).optional().describe("apparent size in bytes of a file whose content is a sample of it"),
    of: z.string().optional().describe("fingerprint of the content the size belongs to: an edit that changes the content rewrites the file"),
  })
  .strict();
export type HostNode = z.infer<typeof NodeSchema>;

export const MountSchema = z
  .object({
    target: z.string(),
    source: z.string(),
    fstype: z.string(),
    size: z.number().int().positive(),
    other: z.number().int().min(0).describe("bytes used by what the repository does not hold (the OS, packages)"),
    reserved_pct: z.number().min(0).max(50).default(5).describe("blocks only root may use (ext4's 5%)"),
  })
  .strict();
export type Mount = z.infer<typeof MountSchema>;

export const UnitStateSchema = z
  .object({
    active: z.enum(["active", "inactive", "failed"]),
    sub: z.enum(["running", "exited", "dead", "failed"]),
    since: z.number().int(),
    result: z.string().optional(),
    status: z.string().optional().describe("the main process's exit, as systemctl prints it: 1/FAILURE, 9/KILL, 217/USER"),
    main_pid: z.number().int().optional(),
    enabled: z.boolean(),
    masked: z.boolean().optional(),
    unit_file: z.string().optional().describe("the unit file as systemd loaded it at the last daemon-reload"),
    loaded: z.record(z.string(), z.string()).optional().describe("configuration files the running daemon read, path → content"),
  })
  .strict();
export type UnitState = z.infer<typeof UnitStateSchema>;

export const ProcessSchema = z
  .object({
    pid: z.number().int().positive(),
    ppid: z.number().int().min(0),
    user: z.string(),
    command: z.string(),
    rss_kib: z.number().int().min(0),
    cpu_pct: z.number().min(0),
    started: z.number().int(),
    unit: z.string().optional(),
    listens: z.array(z.string()).default([]).describe("`tcp ADDRESS:PORT` or `unix PATH`"),
    opens: z.array(z.string()).default([]).describe("files held open for writing (logs)"),
    state: z.enum(["S", "R", "D"]).default("S"),
  })
  .strict();
export type HostProcess = z.infer<typeof ProcessSchema>;

export const JournalEntrySchema = z
  .object({
    t: z.number().int(),
    ident: z.string(),
    pid: z.number().int().optional(),
    unit: z.string().optional(),
    priority: z.enum(["err", "warning", "notice", "info"]).default("info"),
    message: z.string(),
  })
  .strict();
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** Someone or something that connects to the host: the facts its probes are made of. */
export const ClientSchema = z
  .object({
    name: z.string(),
    from: z.string().describe("source address"),
    kind: z.enum(["http", "ssh", "tcp"]),
    port: z.number().int().min(1).max(65535),
    legit: z.boolean().describe("true: must get in; false: must be kept out"),
    host: z.string().optional().describe("http: the Host header"),
    path: z.string().optional().describe("http: the path asked for"),
    user: z.string().optional().describe("ssh: the account"),
    auth: z.enum(["publickey", "password"]).optional(),
    key: z.string().optional().describe("ssh publickey: the public key line the client offers"),
    password_ok: z.boolean().optional().describe("ssh password: whether the password is the account's"),
  })
  .strict();
export type Client = z.infer<typeof ClientSchema>;

export const RemoteSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    port: z.number().int(),
    kind: z.enum(["postgres", "redis", "http"]),
    roles: z.record(z.string(), z.string()).default({}).describe("postgres: role → password"),
  })
  .strict();
export type Remote = z.infer<typeof RemoteSchema>;

export const AppFactsSchema = z
  .object({
    health: z.string().default("/health"),
    required_env: z.array(z.string()).default([]),
    database_env: z.string().optional(),
    rss_kib: z.number().int().positive(),
    writes: z.array(z.string()).default([]).describe("directories the app writes into while serving"),
    reads: z.array(z.string()).default([]).describe("files the app reads at start"),
  })
  .strict();
export type AppFacts = z.infer<typeof AppFactsSchema>;

export const ScriptFactsSchema = z
  .object({
    writes: z.array(z.string()).default([]).describe("directories the script writes into"),
    database: z.string().optional().describe("the local database the script dumps, as the postgres role of the job's user"),
    rss_kib: z.number().int().min(0).default(20_000),
    duration_s: z.number().int().min(1).default(60),
  })
  .strict();
export type ScriptFacts = z.infer<typeof ScriptFactsSchema>;

export const FactsSchema = z
  .object({
    hostname: z.string(),
    programs: z.array(z.string()).default([]).describe("executables installed outside the repository's files (a virtualenv's gunicorn)"),
    os: z.string().default("Ubuntu 22.04.4 LTS"),
    kernel: z.string().default("5.15.0-101-generic"),
    cpus: z.number().int().positive(),
    memory_kib: z.number().int().positive(),
    swap_kib: z.number().int().min(0).default(0),
    kernel_kib: z.number().int().min(0).describe("memory the kernel and caches hold that no process accounts for"),
    addresses: z.array(z.object({ dev: z.string(), address: z.string(), prefix: z.number().int() }).strict()),
    mounts: z.array(MountSchema).min(1),
    dns: z
      .object({
        names: z.record(z.string(), z.string()).describe("name → address, as the authoritative servers answer"),
        internal_suffixes: z.array(z.string()).default([]).describe("zones only the private resolvers answer"),
        resolvers: z.record(z.string(), z.enum(["private", "public"])).describe("reachable resolvers: private ones answer every name"),
      })
      .strict(),
    remotes: z.array(RemoteSchema).default([]),
    postgres: z.object({ roles: z.record(z.string(), z.string()), databases: z.array(z.string()) }).strict().optional(),
    apps: z.record(z.string(), AppFactsSchema).default({}).describe("unit name → what the app does"),
    scripts: z.record(z.string(), ScriptFactsSchema).default({}).describe("path → what the script does when cron runs it"),
    clients: z.array(ClientSchema).default([]),
    keep: z.array(z.string()).default([]).describe("data that must survive any fix: paths, or directories ending in /"),
    thresholds: z.object({ disk_pct: z.number(), memory_pct: z.number() }).strict().default({ disk_pct: 90, memory_pct: 90 }),
  })
  .strict();
export type HostFacts = z.infer<typeof FactsSchema>;

export const HostStateSchema = z
  .object({
    version: z.literal(1),
    clock: z.number().int().describe("the host's clock, Unix seconds: it moves only when a host command runs"),
    booted: z.number().int(),
    next_pid: z.number().int().positive(),
    facts: FactsSchema,
    nodes: z.record(z.string(), NodeSchema).default({}),
    units: z.record(z.string(), UnitStateSchema).default({}),
    processes: z.array(ProcessSchema).default([]),
    netfilter: z.string().describe("the live ruleset, in iptables-save's format"),
    journal: z.array(JournalEntrySchema).default([]),
    deleted: z.array(z.object({ path: z.string(), size: z.number().int(), pid: z.number().int() }).strict()).default([]),
  })
  .strict();
export type HostState = z.infer<typeof HostStateSchema>;
export type HostStateInput = z.input<typeof HostStateSchema>;

/** Parsed states by the repository file that holds them: repositories are immutable, so a file's state is too. */
const parsed = new WeakMap<object, HostState>();
/**
 * State files this module wrote (withState): their content is a state the simulator made, in canonical form,
 * so it is read back with JSON.parse alone; a file from anywhere else is validated against the schema first.
 */
const written = new WeakSet<object>();
/**
 * Canonical texts of state files validated before, by content: every episode of a scenario starts from its
 * own copy of the same file, which is validated once. Bounded; least recently used goes first.
 */
const validated = new Map<string, string>();
const VALIDATED = 256;
const VALIDATED_BYTES = 256 * 1024;

/** The canonical text of a state file that this module did not write, validated against the schema once. */
function canonicalText(file: RepoFile): string {
  let text = validated.get(file.content);
  if (text === undefined) {
    text = serializeState(HostStateSchema.parse(JSON.parse(file.content)));
    if (file.content.length > VALIDATED_BYTES) return text;
    if (validated.size >= VALIDATED) validated.delete(validated.keys().next().value!);
  } else validated.delete(file.content);
  validated.set(file.content, text);
  return text;
}

/** Whether the repository is a simulated host (it holds the host's state). */
export function isHostRepository(repo: Repository): boolean {
  return repo.has(HOST_STATE_PATH);
}

function stateFile(repo: Repository): RepoFile {
  const file = repo.get(HOST_STATE_PATH);
  if (!file) throw new Error("not a simulated host: the repository has no host state");
  return file;
}

/**
 * The host's state; never mutate it (`copyState` gives one to change). Every state read is in the same
 * canonical form (keys sorted, nothing undefined), however its file was written, so that a state reached by
 * a replay and the same state reached live are the same object graph, key order included.
 */
export function readState(repo: Repository): HostState {
  const file = stateFile(repo);
  let state = parsed.get(file);
  if (!state) {
    state = JSON.parse(written.has(file) ? file.content : canonicalText(file)) as HostState;
    parsed.set(file, state);
  }
  return state;
}

/** A private copy of the repository's host state, for a command to change. */
export function copyState(repo: Repository): HostState {
  const file = stateFile(repo);
  // JSON.parse of the canonical text is a deep copy, and cheaper than structuredClone of the parsed state.
  return JSON.parse(written.has(file) ? file.content : canonicalText(file)) as HostState;
}

/** The state as the reserved file holds it: keys in a fixed order, so equal states are equal files. */
export function serializeState(state: HostState): string {
  return `${JSON.stringify(sortKeys(state))}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

/** The repository with `state` as its host state. */
export function withState(repo: Repository, state: HostState): Repository {
  const next = new Map(repo);
  const file = { content: serializeState(state), mode: 0o600 };
  written.add(file);
  next.set(HOST_STATE_PATH, file);
  return next;
}

const canonicalFiles = new WeakMap<RepoFile, RepoFile>();

/**
 * The repository's state file as `withState` would write the same state: the file itself when this module
 * wrote it, else one canonical copy per file. An action that leaves the state as it was (an edit of the
 * host's files that deletes none) keeps it so, without copying and writing the state again.
 */
export function unchangedStateFile(repo: Repository): RepoFile {
  const file = stateFile(repo);
  if (written.has(file)) return file;
  let canonical = canonicalFiles.get(file);
  if (canonical === undefined) {
    canonical = { content: canonicalText(file), mode: 0o600 };
    written.add(canonical);
    canonicalFiles.set(file, canonical);
  }
  return canonical;
}

/** The host's files as its users see them: everything but the reserved state. */
export function hostFiles(repo: Repository): Repository {
  const view = new Map(repo);
  view.delete(HOST_STATE_PATH);
  return view;
}

/** A content's fingerprint (FNV-1a, 32 bits, hex): enough to tell that an edit changed a sampled file. */
export function fingerprint(content: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < content.length; i++) {
    h ^= content.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
