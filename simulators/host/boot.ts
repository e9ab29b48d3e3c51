/**
 * Building a host: its files (with owners, modes and apparent sizes), the directories that are not root's
 * 0755, the facts of its world, and a boot: systemd starts the enabled units in order with the same start
 * logic every later `systemctl start` uses, so a base host is exactly what its configuration makes of it.
 */
import type { z } from "zod";
import { repositoryFrom } from "../repository.js";
import type { Repository } from "../repository.js";
import { HostDraft } from "./draft.js";
import { emptyRuleset, writeRuleset } from "./netfilter/ruleset.js";
import type { FactsSchema, HostNode, HostState } from "./state.js";
import { fingerprint, FactsSchema as Facts, HOST_STATE_PATH, HostStateSchema, serializeState } from "./state.js";
import { daemonReload, enable, start } from "./systemd.js";

export type FileDeclaration = string | { content: string; mode?: number; owner?: string; group?: string; size?: number };

export interface HostDeclaration {
  files: Record<string, FileDeclaration>;
  dirs?: Record<string, { mode?: number; owner?: string; group?: string }>;
  facts: z.input<typeof FactsSchema>;
  /** The units enabled at boot, in the order systemd starts them. */
  boot: readonly string[];
  /** Unix seconds of the boot, and of the moment the incident is looked at. */
  booted: number;
  now: number;
}

export type HostFiles = Record<string, { content: string; mode: number }>;

/** The repository of a freshly booted host. */
export function bootHost(decl: HostDeclaration): HostFiles {
  const files: HostFiles = {};
  const nodes: Record<string, HostNode> = {};
  for (const [key, f] of Object.entries(decl.files)) {
    const spec = typeof f === "string" ? { content: f } : f;
    files[key] = { content: spec.content, mode: spec.mode ?? 0o644 };
    const node: HostNode = {};
    if (spec.owner) node.owner = spec.owner;
    if (spec.group) node.group = spec.group;
    if (spec.size !== undefined) Object.assign(node, { size: spec.size, of: fingerprint(spec.content) });
    if (Object.keys(node).length > 0) nodes[key] = node;
  }
  for (const [key, d] of Object.entries(decl.dirs ?? {})) nodes[key] = { dir: true, mode: d.mode ?? 0o755, ...(d.owner ? { owner: d.owner } : {}), ...(d.group ? { group: d.group } : {}) };
  const state: HostState = HostStateSchema.parse({
    version: 1,
    clock: decl.booted,
    booted: decl.booted,
    next_pid: 1,
    facts: Facts.parse(decl.facts),
    nodes,
    netfilter: writeRuleset(emptyRuleset()),
  });
  files[HOST_STATE_PATH] = { content: serializeState(state), mode: 0o600 };
  const draft = HostDraft.of(repositoryFrom(files));
  draft.spawn({ ppid: 0, user: "root", command: "/sbin/init", rss_kib: 11_800, cpu_pct: 0 });
  draft.state.next_pid = 290;
  draft.spawn({ ppid: 1, user: "root", command: "/lib/systemd/systemd-journald", rss_kib: 24_600, cpu_pct: 0 });
  draft.spawn({ ppid: 1, user: "root", command: "/lib/systemd/systemd-logind", rss_kib: 7_400, cpu_pct: 0 });
  daemonReload(draft);
  for (const name of decl.boot) {
    enable(draft, name, true);
    start(draft, name);
  }
  draft.state.clock = decl.now;
  draft.state.next_pid += 1200;
  const repo: Repository = draft.repository();
  return Object.fromEntries([...repo].map(([k, f]) => [k, { content: f.content, mode: f.mode }]));
}
