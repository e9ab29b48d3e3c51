/**
 * Faults on a host, beyond edits of its files: what happened to it before the incident was noticed. A
 * command an operator or a script ran (through the same interpreter as the host action), a crash (a
 * signal, or the OOM killer), processes that appeared (a runaway job, a stray server, a CPU hog), a file
 * that grew (a log flood), someone new knocking (an attacker), journal lines, and time passing.
 */
import { z } from "zod";
import { repositoryFrom } from "../repository.js";
import { runHostCommand } from "./commands/index.js";
import { HostDraft } from "./draft.js";
import { apparentSize } from "./fs.js";
import { keyOf } from "./paths.js";
import { ClientSchema, fingerprint } from "./state.js";
import { processDied } from "./systemd.js";
import type { HostFiles } from "./boot.js";

export const HostFaultSchema = z.union([
  z.object({ run: z.string().min(1) }).strict(),
  z.object({ crash: z.string(), signal: z.number().int().default(9), oom: z.boolean().default(false) }).strict(),
  z
    .object({
      spawn: z
        .object({
          user: z.string(),
          command: z.string(),
          rss_kib: z.number().int().min(0),
          cpu_pct: z.number().min(0).default(0),
          count: z.number().int().min(1).max(16).default(1),
          unit: z.string().optional().describe("the unit whose control group it runs in (cron.service for a job)"),
          listens: z.array(z.string()).default([]),
        })
        .strict(),
    })
    .strict(),
  z.object({ grow: z.string(), bytes: z.number().int().positive() }).strict(),
  z.object({ client: ClientSchema }).strict(),
  z.object({ journal: z.array(z.object({ ident: z.string(), unit: z.string().optional(), message: z.string(), priority: z.enum(["err", "warning", "notice", "info"]).default("info") }).strict()).min(1) }).strict(),
  z.object({ wait: z.number().int().positive() }).strict(),
]);
export type HostFault = z.input<typeof HostFaultSchema>;

function toFiles(draft: HostDraft): HostFiles {
  return Object.fromEntries([...draft.repository()].map(([k, f]) => [k, { content: f.content, mode: f.mode }]));
}

/** The host's files after `fault`; throws (at scenario load) when the fault cannot happen as written. */
export function applyHostFault(files: HostFiles, input: HostFault, where: string): HostFiles {
  const fault = HostFaultSchema.parse(input);
  const repo = repositoryFrom(files);
  if ("run" in fault) {
    const out = runHostCommand(repo, fault.run);
    if (!out.ok) throw new Error(`${where}: host fault '${fault.run}' was refused: ${out.error}`);
    return Object.fromEntries([...out.repo].map(([k, f]) => [k, { content: f.content, mode: f.mode }]));
  }
  const draft = HostDraft.of(repo);
  if ("crash" in fault) {
    const unit = draft.state.units[fault.crash];
    const pid = unit?.main_pid;
    if (pid === undefined) throw new Error(`${where}: ${fault.crash} is not running, it cannot crash`);
    const main = draft.state.processes.find((p) => p.pid === pid)!;
    if (fault.oom) {
      draft.log({ ident: "kernel", message: `Out of memory: Killed process ${pid} (${main.command.split(" ")[0]!.split("/").pop()}) total-vm:${main.rss_kib * 2}kB, anon-rss:${main.rss_kib}kB, file-rss:0kB, shmem-rss:0kB, UID:${draft.fs().accounts.user(main.user)?.uid ?? 0} pgtables:1204kB oom_score_adj:0`, priority: "err" });
      draft.log({ ident: "systemd", pid: 1, unit: fault.crash, message: `${fault.crash}: A process of this unit has been killed by the OOM killer.`, priority: "warning" });
    }
    draft.killOnly(pid);
    processDied(draft, fault.crash, pid, fault.signal);
    if (fault.oom && draft.state.units[fault.crash]!.active !== "active") draft.state.units[fault.crash]!.result = "oom-kill";
  } else if ("spawn" in fault) {
    const s = fault.spawn;
    const parent = s.unit ? draft.state.units[s.unit]?.main_pid ?? 1 : 1;
    for (let i = 0; i < s.count; i++) draft.spawn({ ppid: parent, user: s.user, command: s.command, rss_kib: s.rss_kib, cpu_pct: s.cpu_pct, listens: s.listens, ...(s.unit ? { unit: s.unit } : {}), state: s.cpu_pct > 50 ? "R" : "S" });
    draft.tick(60);
  } else if ("grow" in fault) {
    const key = keyOf(fault.grow);
    const file = key === null ? undefined : draft.files.get(key);
    if (!key || !file) throw new Error(`${where}: cannot grow ${fault.grow}: no such file`);
    const size = apparentSize(file.content, draft.state.nodes[key]) + fault.bytes;
    draft.state.nodes[key] = { ...(draft.state.nodes[key] ?? {}), size, of: fingerprint(file.content) };
  } else if ("client" in fault) {
    draft.state.facts.clients.push(fault.client);
  } else if ("journal" in fault) {
    for (const e of fault.journal) draft.log({ ident: e.ident, ...(e.unit ? { unit: e.unit } : {}), message: e.message, priority: e.priority });
  } else {
    draft.tick(fault.wait);
  }
  draft.changed();
  return toFiles(draft);
}
