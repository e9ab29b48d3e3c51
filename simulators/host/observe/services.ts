/**
 * Each unit as systemctl sees it now, and each running one tried again on the files as they are (a scratch
 * copy of the host is restarted, and thrown away): a service that runs but would not come back after a
 * restart or a reboot is not recovered. The running daemons' configuration is compared with the disk too.
 */
import type { Repository } from "../../repository.js";
import type { RuleEngine } from "../../engine/engine.js";
import { HostDraft } from "../draft.js";
import type { HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import { statusText } from "../status.js";
import type { HostState } from "../state.js";
import { changedOnDisk, description, loadedUnit, start, stop } from "../systemd.js";
import { serviceNames, unitFileKey } from "../units.js";

/** What a restart of `name` would do now: null when it comes back, else why not. */
function wouldRestart(repo: Repository, name: string): { failure: string[]; configTest: boolean } | null {
  const draft = HostDraft.of(repo);
  const mark = draft.state.journal.length;
  stop(draft, name);
  const result = start(draft, name);
  if (result.ok) return null;
  const said = draft.state.journal.slice(mark).filter((e) => e.unit === name && e.ident !== "systemd");
  const lines = said.length > 0 ? said.map((e) => e.message) : draft.state.journal.slice(mark).filter((e) => e.unit === name && e.priority === "err").map((e) => e.message);
  return { failure: lines.slice(0, 8), configTest: result.configTest === true };
}

export function observeServices(engine: RuleEngine, repo: Repository, fs: HostFs, state: HostState): void {
  const view = { files: fs.files, state };
  const names = new Set([...serviceNames(fs.files), ...Object.keys(state.units)]);
  for (const name of [...names].sort()) {
    const key = unitFileKey(fs.files, name);
    if (!key) continue;
    const u = state.units[name];
    const unit = engine.unit<HostEvent>(HOST_DOMAIN, key);
    unit.enter("services");
    const active = u?.active ?? "inactive";
    const main = u?.main_pid === undefined ? undefined : state.processes.find((p) => p.pid === u.main_pid);
    unit.emit({
      type: "unit-status",
      unit: name,
      description: description(loadedUnit(view, name), name),
      wanted: u?.enabled === true && u.masked !== true,
      active,
      result: u?.result ?? null,
      masked: u?.masked === true,
      user: main?.user ?? null,
      users: [...new Set(state.processes.filter((p) => p.unit === name).map((p) => p.user))].sort(),
      status: statusText(fs.files, state, name, 12),
    });
    const running = active === "active";
    const again = running ? wouldRestart(repo, name) : null;
    unit.emit({ type: "restart-check", unit: name, running, failure: again?.failure ?? [], configCause: again?.configTest ?? false });
    const changed = Object.entries(u?.loaded ?? {}).filter(([k, content]) => fs.content(k) !== content).map(([k]) => k);
    unit.emit({ type: "config-drift", unit: name, unitFileChanged: changedOnDisk(view, name), changed: running ? changed : [] });
    unit.finish();
  }
}
