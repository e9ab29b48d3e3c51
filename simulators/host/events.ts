/**
 * What the host simulation emits, and the phases its rules judge in. The configuration tests come first (what
 * `nginx -t`, `sshd -t`, postgres, cron and iptables-restore make of the files on disk), then each unit's
 * state and whether it would start again, the machine's resources, the scheduled jobs, and last the probes
 * (the site from the internet, the app's health, SSH logins by the people who log in and by the attacker,
 * connections that must stay blocked). The same events are the facts the grader compares between states:
 * data present, services up and as whom, what the firewall lets through.
 */
import type { DomainSpec } from "../engine/engine.js";
import type { Rule } from "../engine/rule.js";
import { defineRule } from "../engine/rule.js";

export const HOST_DOMAIN: DomainSpec = {
  domain: "host",
  phases: [
    { name: "config", stops: "never" },
    { name: "services", stops: "never" },
    { name: "resources", stops: "never" },
    { name: "jobs", stops: "never" },
    { name: "traffic", stops: "never" },
  ],
};

/** A configuration read as its daemon reads it at the next start or reload. */
export interface ConfigTestEvent {
  type: "config-test";
  daemon: "nginx" | "sshd" | "postgres" | "firewall" | "logrotate" | "unit";
  /** Where the first problem is (the file's key and line), or null when it reads clean. */
  problem: { file: string; line: number; message: string } | null;
  /** What the tool prints (`nginx -t`, `sshd -t`, iptables-restore, systemd's log). */
  output: string[];
}

/** A systemd unit as `systemctl status` shows it. */
export interface UnitStatusEvent {
  type: "unit-status";
  unit: string;
  description: string;
  /** Enabled to start at boot: the host is meant to run it. */
  wanted: boolean;
  active: "active" | "inactive" | "failed";
  result: string | null;
  masked: boolean;
  /** The user its main process runs as (null when it is not running). */
  user: string | null;
  /** Every user its processes run as (nginx's master as root, its workers as www-data), sorted; empty when it is not running. */
  users: string[];
  /** `systemctl status` and the unit's last journal lines. */
  status: string[];
}

/** A running unit, tried again on the files as they are now: would a restart (or a reboot) bring it back? */
export interface RestartCheckEvent {
  type: "restart-check";
  unit: string;
  running: boolean;
  /** Why it would not start; empty when it would. */
  failure: string[];
  /** The failure is its configuration test (nginx -t, sshd -t): the config-test rules already say so. */
  configCause: boolean;
}

/** The unit's running configuration and unit file against the files on disk. */
export interface DriftEvent {
  type: "config-drift";
  unit: string;
  /** systemd still runs the unit file it loaded before an edit (daemon-reload needed). */
  unitFileChanged: boolean;
  /** Configuration files the running daemon read that have changed since (reload or restart needed). */
  changed: string[];
}

export interface MountEvent {
  type: "mount-usage";
  target: string;
  line: number;
  pct: number;
  full: boolean;
  threshold: number;
  used: number;
  size: number;
  /** The largest files on it, biggest first, and bytes held by deleted files still open. */
  largest: { path: string; size: number }[];
  deletedOpen: number;
}

export interface MemoryEvent {
  type: "memory";
  pct: number;
  threshold: number;
  totalKib: number;
  availableKib: number;
  top: { pid: number; user: string; command: string; rss_kib: number }[];
}

export interface LoadEvent {
  type: "cpu-load";
  load: number;
  cpus: number;
  top: { pid: number; user: string; command: string; cpu_pct: number }[];
}

/** A crontab file cron reads (or ignores), and each job's next run. */
export interface CrontabEvent {
  type: "crontab";
  ignored: string | null;
  line: number;
}

export interface CronJobEvent {
  type: "cron-job";
  line: number;
  user: string;
  schedule: string;
  command: string;
  /** Why the next run fails (what it prints), or null when it succeeds. */
  failure: string[] | null;
  /** Runs overlap: the job takes longer than its interval and nothing keeps a second run from starting. */
  overlapping: { interval_s: number; duration_s: number } | null;
  /** The scripts whose work the run does (run directly or read by sh/bash, their text still naming where they write). */
  runs: string[];
}

export interface HttpProbeEvent {
  type: "http-probe";
  client: string;
  legit: boolean;
  url: string;
  status: number | null;
  curlError: string | null;
  log: string[];
  /** The app whose health the request asks for (its unit), when the path is an app's health check. */
  checks: string | null;
  /** The app that answered (its unit), or null when nginx or another process answered by itself. */
  answeredBy: string | null;
}

export interface SshProbeEvent {
  type: "ssh-probe";
  client: string;
  user: string;
  from: string;
  legit: boolean;
  reached: boolean;
  loggedIn: boolean;
  lines: string[];
}

export interface TcpProbeEvent {
  type: "tcp-probe";
  client: string;
  from: string;
  port: number;
  legit: boolean;
  reached: boolean;
}

/** Probes the live firewall judges differently from /etc/iptables/rules.v4, which a reboot loads. */
export interface FirewallPersistenceEvent {
  type: "firewall-persistence";
  differs: string[];
}

/** sshd lets root log in with a password while password guessing goes on. */
export interface SshHardeningEvent {
  type: "ssh-hardening";
  rootPassword: boolean;
  line: number;
}

/** Data the host must keep (a fact for the grader): each kept path and what is there now. */
export interface DataEvent {
  type: "host-data";
  path: string;
  files: number;
  bytes: number;
}

/** Every file mode and owner that keeps a secret private (a fact for the grader). */
export interface ExposureEvent {
  type: "host-exposure";
  /** Keys of files or directories writable by others, or secrets readable by others. */
  worldWritable: string[];
  secretsReadable: string[];
  /** pg_hba.conf records (of the running server, else on disk) that let TCP clients in without a password. */
  trustedDatabase: string[];
}

/** The settings sshd runs with by the configuration on disk, defaults filled in (a fact for the grader); none while sshd -t fails. */
export interface SshdSettingsEvent {
  type: "sshd-settings";
  /** keyword (lower case) → value, as `sshd -T` prints the global settings. */
  settings: Record<string, string>;
  /** What each Match block sets for the connections it matches, by its criteria (`User deploy`, `all`). */
  matches: { criteria: string; settings: Record<string, string> }[];
}

export type HostEvent =
  | ConfigTestEvent
  | UnitStatusEvent
  | RestartCheckEvent
  | DriftEvent
  | MountEvent
  | MemoryEvent
  | LoadEvent
  | CrontabEvent
  | CronJobEvent
  | HttpProbeEvent
  | SshProbeEvent
  | TcpProbeEvent
  | SshHardeningEvent
  | FirewallPersistenceEvent
  | DataEvent
  | ExposureEvent
  | SshdSettingsEvent;

export type HostRule = Rule<HostEvent>;

export function hostRule<const C extends string>(rule: Omit<HostRule, "domain"> & { code: C }): HostRule & { code: C } {
  return defineRule({ ...rule, domain: "host" as const });
}
