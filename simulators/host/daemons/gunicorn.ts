/**
 * The app: a Django project served by gunicorn. Before it starts, ExecStartPre runs the migrations, which
 * need the database; gunicorn then opens its error log as the unit's user, binds its socket and boots its
 * workers, each importing the app (which reads its required settings and files). Every failure is the
 * message gunicorn or Django prints, and its exit status (a worker that cannot boot makes the master exit 3;
 * a fork that fails, for want of memory or tasks, ends it with 255).
 */
import { keyOf, parentOf } from "../paths.js";
import { listener, unixListener } from "../network.js";
import { connectionProblem } from "../app/database.js";
import type { AppFacts } from "../state.js";
import { value } from "../units.js";
import type { Daemon, Said, StartInput, StartOutcome } from "./types.js";

export interface GunicornArgs {
  bind: string;
  workers: number;
  errorLog: string | null;
  app: string;
}

export function gunicornArgs(argv: readonly string[]): GunicornArgs {
  const out: GunicornArgs = { bind: "127.0.0.1:8000", workers: 1, errorLog: null, app: "" };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes("=") && a.startsWith("--") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i] ?? "";
    if (flag === "--bind" || flag === "-b") out.bind = value();
    else if (flag === "--workers" || flag === "-w") out.workers = Number(value()) || 1;
    else if (flag === "--error-logfile" || flag === "--log-file") out.errorLog = value();
    else if (flag === "--access-logfile" || flag === "--timeout" || flag === "--worker-class" || flag === "-k" || flag === "--chdir") value();
    else if (!a.startsWith("-")) out.app = a;
  }
  return out;
}

const say = (message: string, priority: Said["priority"] = "info"): Said => ({ ident: "gunicorn", message, priority });

/** The app's facts for a unit (a unit the scenario names as its app). */
export function appFacts(state: StartInput["state"], unit: string): AppFacts | undefined {
  return Object.hasOwn(state.facts.apps, unit) ? state.facts.apps[unit] : undefined;
}

function startApp(input: StartInput): StartOutcome {
  const { fs, state, argv, env, user, unit } = input;
  const facts = appFacts(state, unit.name);
  const args = gunicornArgs(argv);
  const migrates = (unit.values.get("Service.ExecStartPre") ?? []).some((l) => /manage\.py\b.*\bmigrate\b/.test(l));
  if (migrates) {
    const problem = connectionProblem(fs.files, state, facts?.database_env ? env.get(facts.database_env) : undefined);
    if (problem) {
      return {
        ok: false,
        pre: true,
        status: "1/FAILURE",
        said: ["Traceback (most recent call last):", `  File "${value(unit, "Service.WorkingDirectory") ?? "/opt/app"}/manage.py", line 5, in <module>`, ...problem.map((l) => l.replace(/^psycopg2\./, "django.db.utils."))].map((m) => ({ ident: "python", message: m, priority: "err" as const })),
      };
    }
  }
  if (args.errorLog && args.errorLog !== "-") {
    const key = keyOf(args.errorLog)!;
    const dir = parentOf(key);
    const exists = fs.files.has(key);
    if (!fs.isDir(dir)) return { ok: false, status: "1/FAILURE", said: [say(`Error: Error: '${args.errorLog}' isn't writable [FileNotFoundError(2, 'No such file or directory')]`, "err")] };
    if (exists ? !fs.can(user, key, "w") : !fs.can(user, dir, "w")) {
      return { ok: false, status: "1/FAILURE", said: [say(`Error: Error: '${args.errorLog}' isn't writable [PermissionError(13, 'Permission denied')]`, "err")] };
    }
  }
  const logFile = args.errorLog && args.errorLog !== "-" ? args.errorLog : undefined;
  const said: Said[] = [say("Starting gunicorn 21.2.0")];
  let socket: string;
  if (args.bind.startsWith("unix:")) {
    const path = args.bind.slice(5);
    const key = keyOf(path)!;
    if (!fs.isDir(parentOf(key)) || !fs.can(user, parentOf(key), "w")) {
      return { ok: false, status: "1/FAILURE", logFile, said: [...said, say(`Retrying in 1 second.`, "err"), say(`Can't connect to ${path}`, "err")] };
    }
    if (unixListener(state, path)) return { ok: false, status: "1/FAILURE", logFile, said: [...said, say(`Connection in use: ${path}`, "err"), say(`Can't connect to ${path}`, "err")] };
    socket = `unix ${path}`;
    said.push(say(`Listening at: unix:${path} (${state.next_pid})`));
  } else {
    const [host, port] = [args.bind.slice(0, args.bind.lastIndexOf(":")) || "127.0.0.1", Number(args.bind.slice(args.bind.lastIndexOf(":") + 1))];
    if (listener(state, host, port)) {
      const inUse = say(`Connection in use: ('${host}', ${port})`, "err");
      return { ok: false, status: "1/FAILURE", logFile, said: [...said, inUse, say("Retrying in 1 second.", "err"), inUse, say("Retrying in 1 second.", "err"), say(`Can't connect to ('${host}', ${port})`, "err")] };
    }
    socket = `tcp ${host}:${port}`;
    said.push(say(`Listening at: http://${host}:${port} (${state.next_pid})`));
  }
  said.push(say("Using worker: sync"));
  const bootFailure = workerBootProblem(input, facts);
  if (bootFailure) {
    return {
      ok: false,
      status: "3/NOTIMPLEMENTED",
      logFile,
      said: [...said, say(`Booting worker with pid: ${state.next_pid + 1}`), say("Exception in worker process", "err"), ...bootFailure.map((l) => say(l, "err")), say(`Worker (pid:${state.next_pid + 1}) exited with code 3`, "err"), say("Shutting down: Master"), say("Reason: Worker failed to boot.")],
    };
  }
  const rss = facts?.rss_kib ?? 90_000;
  const room = forkRoom(state, rss);
  for (let w = 1; w <= Math.min(args.workers, room.workers); w++) said.push(say(`Booting worker with pid: ${state.next_pid + w}`));
  if (args.workers > room.workers) {
    // The arbiter forks one worker after another; the fork that fails ends the master's main loop.
    return {
      ok: false,
      status: "255/EXCEPTION",
      logFile,
      said: [...said, say("Unhandled exception in main loop", "err"), ...["Traceback (most recent call last):", '  File "/usr/lib/python3/dist-packages/gunicorn/arbiter.py", in spawn_worker', "    pid = os.fork()", room.error].map((l) => say(l, "err"))],
    };
  }
  const envKeys = (unit.values.get("Service.EnvironmentFile") ?? []).map((f) => keyOf(f.replace(/^-/, ""))).filter((k): k is string => k !== null && fs.files.has(k));
  const loaded: Record<string, string> = {};
  for (const k of envKeys) loaded[k] = fs.content(k)!;
  const opens = logFile ? [keyOf(logFile)!] : [];
  const worker = { user, command: `${argv.join(" ")}`, rss_kib: rss, opens };
  return {
    ok: true,
    loaded,
    said,
    logFile,
    main: { user, command: argv.join(" "), rss_kib: MASTER_RSS_KIB, listens: [socket], opens, children: Array.from({ length: args.workers }, () => ({ ...worker })) },
  };
}

/** RSS of gunicorn's master process, in KiB. */
const MASTER_RSS_KIB = 24_000;

/**
 * systemd's default TasksMax for a service: 15% of the kernel's default pid_max (32768). A fork past it fails
 * with EAGAIN, however much memory is left.
 */
const UNIT_TASKS_MAX = 4915;

/**
 * How many workers the master can fork before a fork fails, counted rather than tried one by one (`--workers
 * 1000000000`): no more than the host's RAM could ever hold at the app's RSS each (the kernel's heuristic
 * overcommit refuses those with ENOMEM; forks within it succeed, copy-on-write, even when another process holds
 * the memory now), and no more tasks than the unit may have.
 */
function forkRoom(state: StartInput["state"], rssKib: number): { workers: number; error: string } {
  const byMemory = Math.max(0, Math.floor((state.facts.memory_kib - MASTER_RSS_KIB) / Math.max(1, rssKib)));
  const byTasks = UNIT_TASKS_MAX - 1;
  return byMemory < byTasks ? { workers: byMemory, error: "OSError: [Errno 12] Cannot allocate memory" } : { workers: byTasks, error: "BlockingIOError: [Errno 11] Resource temporarily unavailable" };
}

/** Why the app cannot be imported by a worker (a missing setting, an unreadable file), as its traceback ends. */
function workerBootProblem({ fs, env, user }: StartInput, facts: AppFacts | undefined): string[] | null {
  if (!facts) return null;
  for (const name of facts.required_env) {
    if (!env.has(name) || env.get(name) === "") return ["Traceback (most recent call last):", '  File "/opt/app/shop/settings.py", line 14, in <module>', `    SECRET_KEY = os.environ["${name}"]`, `KeyError: '${name}'`];
  }
  for (const file of facts.reads) {
    const key = keyOf(file)!;
    if (!fs.files.has(key)) return ["Traceback (most recent call last):", `FileNotFoundError: [Errno 2] No such file or directory: '${file}'`];
    if (!fs.can(user, key, "r")) return ["Traceback (most recent call last):", `PermissionError: [Errno 13] Permission denied: '${file}'`];
  }
  return null;
}

export const GUNICORN: Daemon = {
  kind: "gunicorn",
  runs: (program) => program.endsWith("/gunicorn"),
  start: startApp,
};
