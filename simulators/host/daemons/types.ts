/**
 * What systemd asks of a daemon it starts: given the host as it is now and the unit's command line, either the
 * processes it runs (with the sockets they listen on, the files they hold open and the configuration they
 * read) or how it dies (what it printed, and its exit status). Each daemon module answers from the
 * configuration on disk, as the real daemon reads it at start.
 */
import type { Repository } from "../../repository.js";
import type { HostFs } from "../fs.js";
import type { HostState } from "../state.js";
import type { UnitFile } from "../units.js";

/** A line a daemon prints: to the journal under its identifier, and to its own log file when it keeps one. */
export interface Said {
  ident: string;
  message: string;
  priority?: "err" | "warning" | "notice" | "info";
}

export interface ProcessSpec {
  user: string;
  command: string;
  rss_kib: number;
  cpu_pct?: number;
  listens?: string[];
  opens?: string[];
  /** Children of the main process (nginx's workers, postgres's background processes). */
  children?: ProcessSpec[];
}

export interface StartInput {
  files: Repository;
  fs: HostFs;
  state: HostState;
  unit: UnitFile;
  /** The unit's main command line, its environment expanded. */
  argv: string[];
  env: ReadonlyMap<string, string>;
  /** The account the unit runs as. */
  user: string;
}

export type StartOutcome =
  | {
      ok: true;
      /** Absent for a oneshot unit that leaves nothing running (netfilter-persistent). */
      main?: ProcessSpec;
      loaded: Record<string, string>;
      said: Said[];
      logFile?: string;
      /** The live firewall the start loaded (netfilter-persistent). */
      netfilter?: string;
    }
  | {
      ok: false;
      said: Said[];
      status: string;
      logFile?: string;
      /** Failed in ExecStartPre: systemd says "Control process exited". */
      pre?: boolean;
      /** The daemon's own reading of its configuration failed (nginx -t, sshd -t, postgresql.conf, rules.v4). */
      configTest?: boolean;
    };

export type ReloadOutcome =
  | {
      ok: true;
      loaded: Record<string, string>;
      said: Said[];
      /** the sockets after the reload, when they can change */
      listens?: string[];
      netfilter?: string;
      /** the user the new workers run as, when the configuration names it (nginx's `user`) */
      workers?: string;
    }
  | { ok: false; said: Said[] };

export interface Daemon {
  readonly kind: string;
  /** Whether the unit's main program is this daemon. */
  runs(program: string): boolean;
  start(input: StartInput): StartOutcome;
  /** What `systemctl reload` does to the running daemon; absent: the unit has no ExecReload. */
  reload?(input: StartInput, loaded: Readonly<Record<string, string>>): ReloadOutcome;
}
