/**
 * A host being changed by one command: a private copy of its files and state that the command mutates, then
 * turns back into a repository. Commands run on a draft so that a command that is refused half way changes
 * nothing: the caller simply drops the draft.
 */
import type { RepoFile, Repository } from "../repository.js";
import { HostFs } from "./fs.js";
import type { HostProcess, HostState, JournalEntry } from "./state.js";
import { copyState, fingerprint, HOST_STATE_PATH, hostFiles, withState } from "./state.js";
import { apparentSize } from "./fs.js";
import { MAX_JOURNAL_ENTRIES } from "./limits.js";

export class HostDraft {
  readonly files: Map<string, RepoFile>;
  readonly state: HostState;
  private view: HostFs | null = null;

  private constructor(files: Map<string, RepoFile>, state: HostState) {
    this.files = files;
    this.state = state;
  }

  static of(repo: Repository): HostDraft {
    return new HostDraft(new Map(hostFiles(repo)), copyState(repo));
  }

  /** The draft as a repository again, its journal cut to the newest MAX_JOURNAL_ENTRIES. */
  repository(): Repository {
    const repo = new Map(this.files);
    repo.set(HOST_STATE_PATH, { content: "", mode: 0o600 });
    // Cut here, not as entries are written: what a job wrote is read back by its place in the journal.
    const journal = this.state.journal;
    return withState(repo, journal.length > MAX_JOURNAL_ENTRIES ? { ...this.state, journal: journal.slice(-MAX_JOURNAL_ENTRIES) } : this.state);
  }

  /** The filesystem as it is now (rebuilt after any change). */
  fs(): HostFs {
    this.view ??= new HostFs(this.files, this.state);
    return this.view;
  }

  changed(): void {
    this.view = null;
  }

  tick(seconds = 1): void {
    this.state.clock += seconds;
  }

  log(entry: Omit<JournalEntry, "t" | "priority"> & { priority?: JournalEntry["priority"] }): void {
    this.state.journal.push({ t: this.state.clock, priority: entry.priority ?? "info", ...entry });
  }

  /** A new process; its pid is the next free one. */
  spawn(process: Omit<HostProcess, "pid" | "started" | "listens" | "opens" | "state"> & Partial<Pick<HostProcess, "listens" | "opens" | "state">>): HostProcess {
    const p: HostProcess = { listens: [], opens: [], state: "S", ...process, pid: this.state.next_pid++, started: this.state.clock };
    this.state.processes.push(p);
    return p;
  }

  /** Ends a process and its descendants; files they held open after deletion are released. */
  kill(pid: number): HostProcess[] {
    const gone = new Set<number>([pid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const p of this.state.processes) if (!gone.has(p.pid) && gone.has(p.ppid)) {
        gone.add(p.pid);
        grew = true;
      }
    }
    const killed = this.state.processes.filter((p) => gone.has(p.pid));
    this.state.processes = this.state.processes.filter((p) => !gone.has(p.pid));
    this.state.deleted = this.state.deleted.filter((d) => !gone.has(d.pid));
    this.changed();
    return killed;
  }

  /** Ends one process; its children are handed to init, as the kernel reparents orphans. */
  killOnly(pid: number): void {
    for (const p of this.state.processes) if (p.ppid === pid) p.ppid = 1;
    this.state.processes = this.state.processes.filter((p) => p.pid !== pid);
    this.state.deleted = this.state.deleted.filter((d) => d.pid !== pid);
    this.changed();
  }

  /** Sets a file's content, keeping its mode, owner and (when `grow` is given) an apparent size beyond it. */
  write(key: string, content: string, mode?: number): void {
    const was = this.files.get(key);
    this.files.set(key, { content, mode: mode ?? was?.mode ?? 0o644 });
    const node = this.state.nodes[key];
    if (node?.size !== undefined) {
      delete node.size;
      delete node.of;
    }
    this.changed();
  }

  /**
   * Appends lines a daemon logged to one of its files, keeping the file's apparent size: the lines add to
   * it. Nothing is written when the file's filesystem has no room left for the writer.
   */
  appendLog(key: string, lines: readonly string[], writer: string): void {
    const file = this.files.get(key);
    if (!file || lines.length === 0) return;
    const fs = this.fs();
    const usage = fs.usage(fs.mountOf(key));
    if (writer === "root" ? usage.rootFull : usage.full) return;
    const node = this.state.nodes[key];
    const size = apparentSize(file.content, node);
    const text = lines.map((l) => `${l}\n`).join("");
    const content = file.content + text;
    this.files.set(key, { ...file, content });
    if (node?.size !== undefined) {
      node.size = size + Buffer.byteLength(text, "utf8");
      node.of = fingerprint(content);
    }
    this.changed();
  }

  /** Unlinks a file; while a process still holds it open, its blocks stay in use (lsof +L1 shows it). */
  remove(key: string): void {
    const file = this.files.get(key);
    const holder = this.state.processes.filter((p) => p.opens.includes(key)).sort((a, b) => a.pid - b.pid)[0];
    if (file && holder) this.state.deleted.push({ path: key, size: apparentSize(file.content, this.state.nodes[key]), pid: holder.pid });
    this.files.delete(key);
    delete this.state.nodes[key];
    this.changed();
  }
}
