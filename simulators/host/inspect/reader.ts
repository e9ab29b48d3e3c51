/**
 * The host's files as the shell in `/` sees them, for the file tools the repository inspector already has
 * (cat, grep, head, tail, wc, sort, sed): absolute paths and paths relative to `/` name the same file, the
 * reserved state is not there, and /proc answers with the kernel's view of memory and load.
 */
import type { Repository } from "../../repository.js";
import type { Resolved } from "../../inspect/files.js";
import { RepoReader } from "../../inspect/files.js";
import type { HostFs } from "../fs.js";
import { memoryUsage } from "../memory.js";
import { keyOf } from "../paths.js";
import type { HostState } from "../state.js";
import { cpuLoad } from "../app/serve.js";

function procFiles(state: HostState): Record<string, string> {
  const m = memoryUsage(state);
  const load = cpuLoad(state).toFixed(2);
  const up = state.clock - state.booted;
  return {
    "proc/meminfo": `MemTotal:       ${String(m.total).padStart(8)} kB\nMemFree:        ${String(Math.max(0, m.available - 420_000)).padStart(8)} kB\nMemAvailable:   ${String(m.available).padStart(8)} kB\nBuffers:           48212 kB\nCached:           371788 kB\nSwapTotal:      ${String(state.facts.swap_kib).padStart(8)} kB\nSwapFree:       ${String(state.facts.swap_kib).padStart(8)} kB\n`,
    "proc/loadavg": `${load} ${load} ${load} ${state.processes.filter((p) => p.state === "R").length + 1}/${state.processes.length + 180} ${state.next_pid}\n`,
    "proc/uptime": `${up}.42 ${(up * 1.7).toFixed(2)}\n`,
  };
}

export class HostReader extends RepoReader {
  constructor(readonly fs: HostFs) {
    super(withProc(fs.files, fs.state));
  }

  override directories(): Set<string> {
    const dirs = new Set<string>(["."]);
    for (const d of this.fs.directories()) dirs.add(d === "" ? "." : d);
    dirs.add("proc");
    return dirs;
  }

  override resolve(operand: string): Resolved {
    const key = keyOf(operand);
    if (key === null) return { kind: "missing", path: operand };
    const p = key === "" ? "." : key;
    if (this.repo.has(p)) return { kind: "file", path: p };
    if (this.directories().has(p)) return { kind: "dir", path: p };
    return { kind: "missing", path: p };
  }
}

function withProc(files: Repository, state: HostState): Repository {
  const repo = new Map(files);
  for (const [k, content] of Object.entries(procFiles(state))) repo.set(k, { content, mode: 0o444 });
  return repo;
}
