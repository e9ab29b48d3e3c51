/**
 * systemd, for the units the hosts run: units are found on disk and loaded at daemon-reload (a unit file
 * edited since runs as loaded until then, with systemctl's warning), a start resolves the unit's user, working
 * directory and environment files before the daemon itself starts, a failed start is retried as Restart=
 * says until the start limit, and every job writes the journal lines systemd writes. Each operation returns
 * what systemctl prints and whether it succeeded; the draft holds the new state.
 */
import type { HostDraft } from "./draft.js";
import { daemonFor } from "./daemons/index.js";
import type { ProcessSpec, Said, StartInput } from "./daemons/types.js";
import { keyOf, parentOf } from "./paths.js";
import type { Repository } from "../repository.js";
import type { HostState, UnitState } from "./state.js";
import type { UnitFile } from "./units.js";
import { aliasesOf, execArgv, parseEnvironmentFile, parseEnvironmentLines, parseUnit, serviceNames, unitName, unitText, value } from "./units.js";

/** What reading a unit's state needs: the host's files and state (a draft is one). */
export interface HostView {
  readonly files: Repository;
  readonly state: HostState;
}

export interface JobResult {
  ok: boolean;
  output: string[];
  /** A start failed on the daemon's own configuration test (nginx -t, sshd -t, postgresql.conf, rules.v4). */
  configTest?: boolean;
}

const START_LIMIT = 5;
/** Programs the packages of an Ubuntu server install: under these directories a program is assumed to exist. */
const SYSTEM_DIRS = ["usr/bin", "usr/sbin", "bin", "sbin", "usr/lib", "lib"];

/** The canonical name of a unit as typed (`sshd` is `ssh.service`), or null when no unit has it. */
export function findUnit(draft: HostView, raw: string): string | null {
  const name = unitName(raw);
  if (Object.hasOwn(draft.state.units, name) || unitText(draft.files, name) !== undefined) return name;
  for (const candidate of serviceNames(draft.files)) {
    const text = unitText(draft.files, candidate);
    if (text && aliasesOf(text).includes(name)) return candidate;
  }
  for (const [n, u] of Object.entries(draft.state.units)) if (u.unit_file && aliasesOf(u.unit_file).includes(name)) return n;
  return null;
}

/** The unit as systemd has it loaded (the file as of the last daemon-reload), or as on disk when never loaded. */
export function loadedUnit(draft: HostView, name: string): UnitFile | null {
  const text = draft.state.units[name]?.unit_file ?? unitText(draft.files, name);
  if (text === undefined) return null;
  return parseUnit(name, "", text);
}

export function description(unit: UnitFile | null, name: string): string {
  return (unit && value(unit, "Unit.Description")) ?? name;
}

/** The unit's record, created as systemd would list an inactive unit it has never run. */
function record(draft: HostDraft, name: string): UnitState {
  const found = draft.state.units[name];
  if (found) return found;
  const created: UnitState = { active: "inactive", sub: "dead", since: draft.state.clock, enabled: false, unit_file: unitText(draft.files, name) };
  draft.state.units[name] = created;
  return created;
}

function systemdSays(draft: HostDraft, name: string, message: string, priority: "err" | "info" | "notice" | "warning" = "info"): void {
  draft.log({ ident: "systemd", pid: 1, unit: name, message, priority });
}

function daemonSays(draft: HostDraft, name: string, pid: number | undefined, said: readonly Said[]): void {
  for (const s of said) draft.log({ ident: s.ident, ...(pid === undefined ? {} : { pid }), unit: name, message: s.message, priority: s.priority ?? "info" });
}

/** What prevents systemd from running the unit's command at all (a step before exec), as systemd reports it. */
function spawnProblem(draft: HostDraft, unit: UnitFile, argv: readonly string[]): { lines: string[]; status?: string; result: string } | null {
  const fs = draft.fs();
  const name = unit.name;
  const user = value(unit, "Service.User") ?? "root";
  const program = argv[0] ?? "";
  if (!fs.accounts.user(user)) {
    return { lines: [`${name}: Failed to determine user credentials: No such process`, `${name}: Failed at step USER spawning ${program}: No such process`], status: "217/USER", result: "exit-code" };
  }
  const group = value(unit, "Service.Group");
  if (group && !fs.accounts.group(group)) {
    return { lines: [`${name}: Failed to determine group credentials: No such process`, `${name}: Failed at step GROUP spawning ${program}: No such process`], status: "216/GROUP", result: "exit-code" };
  }
  const cwd = value(unit, "Service.WorkingDirectory");
  if (cwd && !cwd.startsWith("-")) {
    const key = keyOf(cwd.replace(/^~$/, "/root"));
    if (key === null || !fs.isDir(key) || !fs.can(user, key, "x")) {
      const why = key !== null && fs.isDir(key) ? "Permission denied" : "No such file or directory";
      return { lines: [`${name}: Changing to the requested working directory failed: ${why}`, `${name}: Failed at step CHDIR spawning ${program}: ${why}`], status: "200/CHDIR", result: "exit-code" };
    }
  }
  const key = keyOf(program);
  if (key === null || !program.startsWith("/")) return { lines: [`${name}: Failed to locate executable ${program}: No such file or directory`, `${name}: Failed at step EXEC spawning ${program}: No such file or directory`], status: "203/EXEC", result: "exit-code" };
  const installed = draft.state.facts.programs.includes(program) || SYSTEM_DIRS.some((d) => key.startsWith(`${d}/`));
  if (!installed) {
    if (!draft.files.has(key)) return { lines: [`${name}: Failed to locate executable ${program}: No such file or directory`, `${name}: Failed at step EXEC spawning ${program}: No such file or directory`], status: "203/EXEC", result: "exit-code" };
    if (!fs.can(user, key, "x")) return { lines: [`${name}: Failed to execute ${program}: Permission denied`, `${name}: Failed at step EXEC spawning ${program}: Permission denied`], status: "203/EXEC", result: "exit-code" };
  }
  return null;
}

/** The unit's environment: its EnvironmentFiles (read as root, at start), then Environment= lines. */
function environment(draft: HostDraft, unit: UnitFile): Map<string, string> | { missing: string } {
  const env = new Map<string, string>();
  for (const entry of unit.values.get("Service.EnvironmentFile") ?? []) {
    const optional = entry.startsWith("-");
    const path = entry.replace(/^-/, "");
    const key = keyOf(path);
    const content = key === null ? undefined : draft.files.get(key)?.content;
    if (content === undefined) {
      if (optional) continue;
      return { missing: path };
    }
    for (const [k, v] of parseEnvironmentFile(content)) env.set(k, v);
  }
  for (const [k, v] of parseEnvironmentLines(unit.values.get("Service.Environment") ?? [])) env.set(k, v);
  return env;
}

function spawnTree(draft: HostDraft, spec: ProcessSpec, unit: string, ppid: number): number {
  const p = draft.spawn({ ppid, user: spec.user, command: spec.command, rss_kib: spec.rss_kib, cpu_pct: spec.cpu_pct ?? 0.1, unit, listens: spec.listens ?? [], opens: spec.opens ?? [] });
  for (const child of spec.children ?? []) spawnTree(draft, child, unit, p.pid);
  return p.pid;
}

/**
 * Starts a unit (and the units it Requires or Wants that are not running). One start is one transaction, and
 * systemd gives each unit in it one job: a unit asked for again (named twice, or by a dependency cycle) shares
 * the job it already has, so the walk starts each unit at most once. `jobs` holds the results of the jobs the
 * transaction has, a unit still starting its dependencies counting as a job that has not failed.
 */
export function start(draft: HostDraft, name: string, depth = 0, jobs = new Map<string, JobResult>()): JobResult {
  const merged = jobs.get(name);
  if (merged) return merged;
  jobs.set(name, { ok: true, output: [] });
  const result = startJob(draft, name, depth, jobs);
  jobs.set(name, result);
  return result;
}

function startJob(draft: HostDraft, name: string, depth: number, jobs: Map<string, JobResult>): JobResult {
  const state = record(draft, name);
  if (state.masked) return { ok: false, output: [`Failed to start ${name}: Unit ${name} is masked.`] };
  if (state.active === "active") return { ok: true, output: [] };
  const unit = loadedUnit(draft, name);
  if (!unit) return { ok: false, output: [`Failed to start ${name}: Unit ${name} not found.`] };
  state.unit_file ??= unitText(draft.files, name);
  const bad = unit.problems.find((p) => p.severity === "error");
  if (bad) {
    systemdSays(draft, name, `${unitKeyOf(draft, name)}:${bad.line}: ${bad.message}`, "err");
    return { ok: false, output: [`Failed to start ${name}: Unit ${name} has a bad unit file setting.`, `See system logs and 'systemctl status ${name}' for details.`] };
  }
  const output: string[] = [];
  if (depth < 4) {
    for (const [kind, dep] of [...(unit.values.get("Unit.Requires") ?? []).flatMap((l) => l.split(/\s+/)).map((d) => ["Requires", d] as const), ...(unit.values.get("Unit.Wants") ?? []).flatMap((l) => l.split(/\s+/)).map((d) => ["Wants", d] as const)]) {
      const depName = findUnit(draft, dep);
      if (!depName || !dep.endsWith(".service") || depName === name) continue;
      if (draft.state.units[depName]?.active === "active") continue;
      const result = start(draft, depName, depth + 1, jobs);
      if (!result.ok && kind === "Requires") {
        systemdSays(draft, name, `Dependency failed for ${description(unit, name)}.`, "err");
        systemdSays(draft, name, `${name}: Job ${name}/start failed with result 'dependency'.`, "warning");
        Object.assign(state, { active: "failed", sub: "dead", since: draft.state.clock, result: "dependency" });
        delete state.status;
        return { ok: false, output: [`A dependency job for ${name} failed. See 'journalctl -xe' for details.`] };
      }
    }
  }
  return runStart(draft, name, unit, state, output);
}

function unitKeyOf(draft: HostDraft, name: string): string {
  for (const dir of ["etc/systemd/system", "lib/systemd/system"]) if (draft.files.has(`${dir}/${name}`)) return `/${dir}/${name}`;
  return `/etc/systemd/system/${name}`;
}

function runStart(draft: HostDraft, name: string, unit: UnitFile, state: UnitState, output: string[]): JobResult {
  const desc = description(unit, name);
  const restartPolicy = value(unit, "Service.Restart") ?? "no";
  const retries = restartPolicy === "on-failure" || restartPolicy === "always" || restartPolicy === "on-abnormal" ? START_LIMIT - 1 : 0;
  for (let attempt = 0; ; attempt++) {
    draft.tick(1);
    systemdSays(draft, name, `Starting ${desc}...`);
    const env = environment(draft, unit);
    let failure: { lines: Said[]; status?: string; result: string; pre?: boolean; logFile?: string; configTest?: boolean };
    if ("missing" in env) {
      failure = { lines: [{ ident: "systemd", message: `${name}: Failed to load environment files: No such file or directory` }, { ident: "systemd", message: `${name}: Failed to run 'start' task: No such file or directory` }], result: "resources" };
    } else {
      const argv = execArgv(value(unit, "Service.ExecStart") ?? "", env).argv;
      const spawn = spawnProblem(draft, unit, argv);
      if (spawn) failure = { lines: spawn.lines.map((message) => ({ ident: "systemd", message })), ...(spawn.status ? { status: spawn.status } : {}), result: spawn.result };
      else {
        const user = value(unit, "Service.User") ?? "root";
        const input: StartInput = { files: draft.files, fs: draft.fs(), state: draft.state, unit, argv, env, user };
        const outcome = daemonFor(argv[0]!).start(input);
        if (outcome.ok) {
          const pid = outcome.main ? spawnTree(draft, outcome.main, name, 1) : undefined;
          if (outcome.netfilter !== undefined) draft.state.netfilter = outcome.netfilter;
          daemonSays(draft, name, pid, outcome.said);
          if (outcome.logFile) appendDaemonLog(draft, outcome.logFile, pid ?? 0, outcome.said, user);
          Object.assign(state, { active: "active", sub: outcome.main ? "running" : "exited", since: draft.state.clock, loaded: outcome.loaded, result: "success" });
          if (pid === undefined) delete state.main_pid;
          else state.main_pid = pid;
          delete state.status;
          systemdSays(draft, name, `Started ${desc}.`);
          draft.changed();
          return { ok: true, output };
        }
        failure = { lines: outcome.said, status: outcome.status, result: "exit-code", ...(outcome.pre ? { pre: true } : {}), ...(outcome.configTest ? { configTest: true } : {}), ...(outcome.logFile ? { logFile: outcome.logFile } : {}) };
        if (outcome.logFile) appendDaemonLog(draft, outcome.logFile, draft.state.next_pid, outcome.said, user);
      }
    }
    const pid = draft.state.next_pid++;
    daemonSays(draft, name, pid, failure.lines.filter((l) => l.ident !== "systemd"));
    for (const l of failure.lines.filter((x) => x.ident === "systemd")) systemdSays(draft, name, l.message, "err");
    if (failure.status) systemdSays(draft, name, `${name}: ${failure.pre ? "Control" : "Main"} process exited, code=exited, status=${failure.status}`, "notice");
    systemdSays(draft, name, `${name}: Failed with result '${failure.result}'.`, "warning");
    systemdSays(draft, name, `Failed to start ${desc}.`, "err");
    Object.assign(state, { active: "failed", sub: "failed", since: draft.state.clock, result: failure.result });
    if (failure.status) state.status = failure.status;
    else delete state.status;
    delete state.main_pid;
    delete state.loaded;
    const prevented = (value(unit, "Service.RestartPreventExitStatus") ?? "").split(/\s+/).includes(failure.status?.split("/")[0] ?? "-");
    if (attempt >= retries || prevented) {
      if (retries > 0 && !prevented) {
        systemdSays(draft, name, `${name}: Start request repeated too quickly.`, "warning");
        systemdSays(draft, name, `${name}: Failed with result '${failure.result}'.`, "warning");
        systemdSays(draft, name, `Failed to start ${desc}.`, "err");
      }
      const why = failure.pre ? "the control process exited with error code" : failure.result === "resources" ? "of unavailable resources or another system error" : "the control process exited with error code";
      output.push(`Job for ${name} failed because ${why}.`, `See "systemctl status ${name}" and "journalctl -xeu ${name}" for details.`);
      return { ok: false, output, ...(failure.configTest ? { configTest: true } : {}) };
    }
    draft.tick(Number(/^\d+/.exec(value(unit, "Service.RestartSec") ?? "0")?.[0] ?? "0"));
    systemdSays(draft, name, `${name}: Scheduled restart job, restart counter is at ${attempt + 1}.`);
    systemdSays(draft, name, `Stopped ${desc}.`);
  }
}

/** Lines a daemon printed, into its own log file in its format. */
function appendDaemonLog(draft: HostDraft, hostFile: string, pid: number, said: readonly Said[], user: string): void {
  const key = keyOf(hostFile);
  if (key === null) return;
  if (!draft.files.has(key)) {
    if (!draft.fs().isDir(parentOf(key))) return;
    draft.files.set(key, { content: "", mode: 0o644 });
    if (user !== "root") draft.state.nodes[key] = { owner: user };
    draft.changed();
  }
  const stamp = gunicornStamp(draft.state.clock);
  draft.appendLog(key, said.filter((s) => s.ident === "gunicorn").map((s) => `[${stamp}] [${pid}] [${s.priority === "err" ? "ERROR" : "INFO"}] ${s.message}`), user);
}

function gunicornStamp(t: number): string {
  return new Date(t * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " +0000");
}

/** Stops a unit: its processes end, and the files they held open after deletion are released. */
export function stop(draft: HostDraft, name: string): JobResult {
  const state = record(draft, name);
  const unit = loadedUnit(draft, name);
  if (state.active !== "active") return { ok: true, output: [] };
  draft.tick(1);
  const desc = description(unit, name);
  systemdSays(draft, name, `Stopping ${desc}...`);
  if (unit && value(unit, "Service.KillMode") === "process") {
    // Only the main process is stopped; what it started keeps running (cron's jobs survive a cron restart).
    if (state.main_pid !== undefined) draft.killOnly(state.main_pid);
  } else for (const p of draft.state.processes.filter((x) => x.unit === name && !draft.state.processes.some((q) => q.pid === x.ppid && q.unit === name))) draft.kill(p.pid);
  Object.assign(state, { active: "inactive", sub: "dead", since: draft.state.clock, result: "success" });
  delete state.main_pid;
  delete state.loaded;
  delete state.status;
  systemdSays(draft, name, `${name}: Deactivated successfully.`);
  systemdSays(draft, name, `Stopped ${desc}.`);
  return { ok: true, output: [] };
}

export function restart(draft: HostDraft, name: string): JobResult {
  const state = record(draft, name);
  if (state.masked) return { ok: false, output: [`Failed to restart ${name}: Unit ${name} is masked.`] };
  stop(draft, name);
  return start(draft, name);
}

export function reload(draft: HostDraft, name: string): JobResult {
  const state = record(draft, name);
  const unit = loadedUnit(draft, name);
  if (!unit) return { ok: false, output: [`Failed to reload ${name}: Unit ${name} not found.`] };
  if ((unit.values.get("Service.ExecReload") ?? []).length === 0) return { ok: false, output: [`Failed to reload ${name}: Job type reload is not applicable for unit ${name}.`] };
  if (state.active !== "active") return { ok: false, output: [`${name} is not active, cannot reload.`] };
  draft.tick(1);
  const desc = description(unit, name);
  systemdSays(draft, name, `Reloading ${desc}...`);
  const env = environment(draft, unit);
  const argv = execArgv(value(unit, "Service.ExecStart") ?? "", "missing" in env ? new Map() : env).argv;
  const daemon = daemonFor(argv[0] ?? "");
  const input: StartInput = { files: draft.files, fs: draft.fs(), state: draft.state, unit, argv, env: "missing" in env ? new Map() : env, user: value(unit, "Service.User") ?? "root" };
  const outcome = daemon.reload ? daemon.reload(input, state.loaded ?? {}) : { ok: true as const, loaded: state.loaded ?? {}, said: [] };
  daemonSays(draft, name, state.main_pid, outcome.said);
  if (!outcome.ok) {
    systemdSays(draft, name, `${name}: Control process exited, code=exited, status=1/FAILURE`, "notice");
    systemdSays(draft, name, `Reload failed for ${desc}.`, "err");
    return { ok: false, output: [`Job for ${name} failed because the control process exited with error code.`, `See "systemctl status ${name}" and "journalctl -xeu ${name}" for details.`] };
  }
  state.loaded = outcome.loaded;
  if (outcome.netfilter !== undefined) draft.state.netfilter = outcome.netfilter;
  if (outcome.listens && state.main_pid !== undefined) {
    const main = draft.state.processes.find((p) => p.pid === state.main_pid);
    if (main) main.listens = outcome.listens;
  }
  if (outcome.workers !== undefined && state.main_pid !== undefined) {
    for (const p of draft.state.processes) if (p.ppid === state.main_pid) p.user = outcome.workers;
  }
  systemdSays(draft, name, `Reloaded ${desc}.`);
  draft.changed();
  return { ok: true, output: [] };
}

/** systemctl daemon-reload: every unit file is read again. */
export function daemonReload(draft: HostDraft): JobResult {
  draft.tick(1);
  for (const name of serviceNames(draft.files)) record(draft, name).unit_file = unitText(draft.files, name);
  for (const [name, u] of Object.entries(draft.state.units)) if (unitText(draft.files, name) === undefined && u.active !== "active") delete draft.state.units[name];
  systemdSays(draft, "", "Reloading.");
  return { ok: true, output: [] };
}

/** Whether the unit file on disk differs from the one systemd loaded (systemctl's daemon-reload warning). */
export function changedOnDisk(draft: HostView, name: string): boolean {
  const loaded = draft.state.units[name]?.unit_file;
  return loaded !== undefined && loaded !== unitText(draft.files, name);
}

export function enable(draft: HostDraft, name: string, on: boolean): JobResult {
  const state = record(draft, name);
  const unit = loadedUnit(draft, name);
  const wantedBy = unit?.values.get("Install.WantedBy")?.[0] ?? "multi-user.target";
  const key = unitKeyOf(draft, name);
  if (state.enabled === on) return { ok: true, output: [] };
  state.enabled = on;
  return {
    ok: true,
    output: on ? [`Created symlink /etc/systemd/system/${wantedBy}.wants/${name} → ${key}.`] : [`Removed /etc/systemd/system/${wantedBy}.wants/${name}.`],
  };
}

export function mask(draft: HostDraft, name: string, on: boolean): JobResult {
  const state = record(draft, name);
  if (Boolean(state.masked) === on) return { ok: true, output: [] };
  if (on) state.masked = true;
  else delete state.masked;
  return { ok: true, output: on ? [`Created symlink /etc/systemd/system/${name} → /dev/null.`] : [`Removed /etc/systemd/system/${name}.`] };
}

export function resetFailed(draft: HostDraft, name: string): JobResult {
  const state = record(draft, name);
  if (state.active === "failed") Object.assign(state, { active: "inactive", sub: "dead" });
  return { ok: true, output: [] };
}

/**
 * A unit's main process ended by a signal: systemd records it and, when Restart= covers it, starts the unit
 * again; a worker that dies is replaced by its master.
 */
export function processDied(draft: HostDraft, unitName_: string, pid: number, signal: number): void {
  const state = draft.state.units[unitName_];
  if (!state || state.main_pid !== pid) return;
  const unit = loadedUnit(draft, unitName_);
  const desc = description(unit, unitName_);
  const names: Record<number, string> = { 1: "HUP", 2: "INT", 3: "QUIT", 6: "ABRT", 9: "KILL", 11: "SEGV", 15: "TERM" };
  const sig = `${signal}/${names[signal] ?? "SIG"}`;
  delete state.main_pid;
  delete state.loaded;
  // The rest of the unit's control group goes with its main process, unless KillMode=process leaves it.
  if (!unit || value(unit, "Service.KillMode") !== "process") for (const p of draft.state.processes.filter((x) => x.unit === unitName_)) draft.kill(p.pid);
  if (signal === 15) {
    Object.assign(state, { active: "inactive", sub: "dead", since: draft.state.clock, result: "success" });
    systemdSays(draft, unitName_, `${unitName_}: Deactivated successfully.`);
    return;
  }
  systemdSays(draft, unitName_, `${unitName_}: Main process exited, code=killed, status=${sig}`, "notice");
  systemdSays(draft, unitName_, `${unitName_}: Failed with result 'signal'.`, "warning");
  Object.assign(state, { active: "failed", sub: "failed", since: draft.state.clock, result: "signal", status: sig });
  const policy = unit ? value(unit, "Service.Restart") ?? "no" : "no";
  if (unit && ["on-failure", "always", "on-abnormal", "on-abort"].includes(policy)) {
    draft.tick(Number(/^\d+/.exec(value(unit, "Service.RestartSec") ?? "0")?.[0] ?? "0"));
    systemdSays(draft, unitName_, `${unitName_}: Scheduled restart job, restart counter is at 1.`);
    systemdSays(draft, unitName_, `Stopped ${desc}.`);
    runStart(draft, unitName_, unit, state, []);
  }
}
