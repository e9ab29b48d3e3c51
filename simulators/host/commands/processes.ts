/**
 * Signalling processes: kill, pkill and killall. SIGTERM and SIGKILL end a process (a unit's main process
 * ending is systemd's business: it records the exit and restarts the unit when Restart= says so; a worker
 * that dies is replaced by its master); SIGHUP asks nginx, sshd and postgres to reload. A pid or pattern that
 * matches nothing is refused.
 */
import { compilePattern, PatternError } from "../../inspect/pattern.js";
import type { Pattern } from "../../inspect/pattern.js";
import type { HostDraft } from "../draft.js";
import type { HostProcess } from "../state.js";
import { processDied, reload } from "../systemd.js";
import { nginxTest } from "./config-tests.js";
import type { CommandHandler, CommandResult } from "./types.js";
import { done, refuse } from "./types.js";

const SIGNALS: Record<string, number> = { HUP: 1, INT: 2, QUIT: 3, KILL: 9, TERM: 15, USR1: 10, USR2: 12, STOP: 19, CONT: 18 };

function signalOf(flag: string): number | null {
  const name = flag.replace(/^-/, "").replace(/^s /, "").toUpperCase().replace(/^SIG/, "");
  if (/^\d+$/.test(name)) return Object.values(SIGNALS).includes(Number(name)) ? Number(name) : null;
  return SIGNALS[name] ?? null;
}

/** The short name ps and pkill match on: the program's base name. */
export function commOf(p: HostProcess): string {
  const first = p.command.split(" ")[0]!;
  if (first.endsWith(":")) return first.slice(0, -1);
  return first.split("/").pop()!.slice(0, 15);
}

function signal(draft: HostDraft, p: HostProcess, sig: number): void {
  draft.tick(1);
  if (sig === 18 || sig === 19 || sig === 10 || sig === 12) return;
  const unit = p.unit;
  const isMain = unit !== undefined && draft.state.units[unit]?.main_pid === p.pid;
  if (sig === 1) {
    if (isMain && unit) reload(draft, unit);
    return;
  }
  if (isMain && unit) {
    draft.killOnly(p.pid);
    processDied(draft, unit, p.pid, sig);
    return;
  }
  const parent = draft.state.processes.find((q) => q.pid === p.ppid);
  draft.kill(p.pid);
  // A master (nginx, gunicorn, postgres) replaces a worker it lost.
  if (unit && parent && parent.unit === unit && draft.state.units[unit]?.main_pid === parent.pid) {
    draft.spawn({ ppid: parent.pid, user: p.user, command: p.command, rss_kib: Math.min(p.rss_kib, 90_000), cpu_pct: 0.1, unit, listens: p.listens, opens: p.opens });
  }
}

function parseSignal(args: string[]): { sig: number; rest: string[] } | string {
  let sig = 15;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-s" || a === "--signal") {
      const s = signalOf(args[++i] ?? "");
      if (s === null) return `invalid signal specification '${args[i] ?? ""}'`;
      sig = s;
    } else if (/^-(\d+|[A-Z]+|SIG[A-Z]+)$/i.test(a) && rest.length === 0 && !["-f", "-u", "-x", "-e"].includes(a)) {
      const s = signalOf(a);
      if (s === null) return `invalid signal specification '${a}'`;
      sig = s;
    } else rest.push(a);
  }
  return { sig, rest };
}

export const kill: CommandHandler = ({ draft, argv }) => {
  const parsed = parseSignal(argv.slice(1));
  if (typeof parsed === "string") return refuse(`kill: ${parsed}`);
  if (parsed.rest.length === 0) return refuse("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]");
  const targets: HostProcess[] = [];
  for (const a of parsed.rest) {
    if (!/^\d+$/.test(a)) return refuse(`kill: ${a}: arguments must be process or job IDs`);
    if (a === "1") return refuse("kill: (1) - Operation not permitted: pid 1 is systemd itself");
    const p = draft.state.processes.find((x) => x.pid === Number(a));
    if (!p) return refuse(`kill: (${a}) - No such process`);
    targets.push(p);
  }
  for (const p of targets) if (draft.state.processes.some((x) => x.pid === p.pid)) signal(draft, p, parsed.sig);
  return done();
};

function killMatching(draft: HostDraft, program: string, args: string[]): CommandResult {
  const parsed = parseSignal(args);
  if (typeof parsed === "string") return refuse(`${program}: ${parsed}`);
  let full = false;
  let user: string | undefined;
  let exact = program === "killall";
  const patterns: string[] = [];
  for (let i = 0; i < parsed.rest.length; i++) {
    const a = parsed.rest[i]!;
    if (a === "-f" || a === "--full") full = true;
    else if (a === "-x" || a === "--exact") exact = true;
    else if (a === "-u" || a === "--euid") {
      user = parsed.rest[++i];
      if (user === undefined) return refuse(`${program}: option requires an argument -- 'u'`);
    } else if (a.startsWith("-")) return refuse(`${program}: invalid option -- '${a.slice(1)}'`);
    else patterns.push(a);
  }
  // `-u USER` is a criterion of its own: `pkill -u shop` signals every process of shop.
  if (patterns.length > 1 || (patterns.length === 0 && user === undefined)) return refuse(`${program}: ${patterns.length === 0 ? "no matching criteria specified" : "only one pattern can be provided"}`);
  const pattern = patterns[0];
  // pgrep's patterns are extended regular expressions; they are matched in linear time (no backtracking).
  let re: Pattern | null = null;
  try {
    if (pattern !== undefined) re = compilePattern(pattern, { extended: true, fixed: program === "killall", ignoreCase: false, word: false, line: exact && !full });
  } catch (error) {
    if (error instanceof PatternError) return refuse(`${program}: invalid pattern '${pattern}': ${error.message}`);
    throw error;
  }
  const matched = draft.state.processes.filter((p) => p.pid !== 1 && (user === undefined || p.user === user) && (re === null || re.test(full ? p.command : commOf(p))));
  if (matched.length === 0) {
    if (pattern === undefined) return refuse(`${program}: no process of user '${user}' (${program} exits 1)`);
    return refuse(program === "killall" ? `${pattern}: no process found` : `${program}: no process matched '${pattern}' (pkill exits 1)`);
  }
  for (const p of matched) if (draft.state.processes.some((x) => x.pid === p.pid)) signal(draft, p, parsed.sig);
  return done();
}

export const pkill: CommandHandler = ({ draft, argv }) => killMatching(draft, "pkill", argv.slice(1));
export const killall: CommandHandler = ({ draft, argv }) => killMatching(draft, "killall", argv.slice(1));

/** `nginx -s reload|stop|quit|reopen`: signals to the running master; `nginx -t` tests the configuration. */
export const nginxSignal: CommandHandler = (input) => {
  const { draft, argv } = input;
  if (argv[1] === "-t" || (argv[1] === "-q" && argv[2] === "-t")) return argv.length <= 3 ? nginxTest(input) : refuse(`'${argv.join(" ")}' is not simulated: 'nginx -t [-q]' tests the configuration`);
  if (argv[1] !== "-s" || !argv[2]) return refuse(`'${argv.join(" ")}' is not simulated: use 'nginx -s reload|stop|quit' or 'nginx -t'; nginx -T looks (inspect action)`);
  const master = draft.state.units["nginx.service"]?.main_pid;
  const p = master === undefined ? undefined : draft.state.processes.find((x) => x.pid === master);
  if (!p) return done(['nginx: [error] open() "/run/nginx.pid" failed (2: No such file or directory)'], 1);
  if (argv[2] === "reload") {
    const r = reload(draft, "nginx.service");
    return done(r.ok ? [] : r.output, r.ok ? 0 : 1);
  }
  if (argv[2] === "stop" || argv[2] === "quit") {
    signal(draft, p, 15);
    return done();
  }
  if (argv[2] === "reopen") return done();
  return refuse(`nginx: invalid option: "-s ${argv[2]}"`);
};
