/**
 * A cron job's next run: sh runs the command line as the job's user, so a redirection needs a file it may
 * write, the program must exist and be executable by that user, and the script then does what its facts say
 * (writes into its directories, dumps a database over the local socket). `flock -n LOCK cmd` runs the
 * command only when no earlier run holds the lock, which is what keeps a slow job from piling up (flock.ts).
 */
import type { HostFs, MountUsage } from "../fs.js";
import { unixListener } from "../network.js";
import { keyOf, parentOf } from "../paths.js";
import { parseScript, type Word } from "../../shell/parse.js";
import { BadSubstitution, expandWord } from "../../shell/expand.js";
import type { HostState, Mount } from "../state.js";
import type { CronJob } from "./crontab.js";
import { intervalSeconds } from "./crontab.js";
import { isFlock, readFlock } from "./flock.js";

export interface JobRun {
  failure: string[] | null;
  overlapping: { interval_s: number; duration_s: number } | null;
  /** The scripts whose work the run does: run (or read by a shell) and still naming the directories they write. */
  runs: string[];
}

const SHELLS = /^(\/usr)?(\/bin\/)?(sh|bash|dash)$/;

/**
 * A mount's usage as the jobs of one reading of the crontabs see it: the same for all of them, and counting it
 * sums every file on the mount, so it is counted once a mount, not at each write of each job (5,000 jobs
 * summed the host's files 10,000 times, half a second a step).
 */
export type UsageOf = (mount: Mount) => MountUsage;

/** `fs.usage`, counted once a mount: for a reading that writes nothing. */
export function usageOnce(fs: HostFs): UsageOf {
  const counted = new Map<Mount, MountUsage>();
  return (mount) => {
    let usage = counted.get(mount);
    if (usage === undefined) counted.set(mount, (usage = fs.usage(mount)));
    return usage;
  };
}

function writable(fs: HostFs, usageOf: UsageOf, user: string, key: string): "ok" | "denied" | "missing" | "full" {
  const exists = fs.files.has(key);
  const dir = parentOf(key);
  if (!fs.isDir(dir)) return "missing";
  if (exists ? !fs.can(user, key, "w") : !fs.can(user, dir, "w")) return "denied";
  const usage = usageOf(fs.mountOf(key));
  if (user === "root" ? usage.rootFull : usage.full) return "full";
  return "ok";
}

/**
 * The command cron hands to sh: up to the first unescaped `%` (the rest is the command's input, its `%`s
 * newlines), with each `\%` a plain `%`, as crontab(5) says (`tar czf /backup/$(date +\%F).tgz` names a file).
 * @example commandLine("gzip -c log > /b/$(date +\\%F).gz % ignored") // "gzip -c log > /b/$(date +%F).gz "
 */
export function commandLine(command: string): string {
  const cut = /(?<!\\)%/.exec(command);
  return (cut === null ? command : command.slice(0, cut.index)).replaceAll("\\%", "%");
}

export function runJob(fs: HostFs, state: HostState, job: CronJob, usageOf: UsageOf = (mount) => fs.usage(mount)): JobRun {
  try {
    return runJobCommands(fs, state, job, usageOf);
  } catch (error) {
    // cron runs the line with /bin/sh (dash), which stops at the substitution.
    if (error instanceof BadSubstitution) return { failure: ["/bin/sh: 1: Bad substitution"], overlapping: null, runs: [] };
    throw error;
  }
}

function runJobCommands(fs: HostFs, state: HostState, job: CronJob, usageOf: UsageOf): JobRun {
  const cronRunning = Object.entries(state.units).some(([name, u]) => /^cron(d)?\.service$/.test(name) && u.active === "active");
  const lists = parseScript(commandLine(job.command), { githubExpressions: false });
  const commands = lists.flatMap((l) => l.pipelines.flatMap((p) => p.commands));
  let locked = false;
  let duration = 0;
  const runs: string[] = [];
  for (const c of commands) {
    for (const r of c.redirects) {
      if (r.op !== ">" && r.op !== ">>") continue;
      const target = r.target ? expandWord(r.target, { env: new Map() }).join(" ") : "";
      if (target === "/dev/null" || !target.startsWith("/")) continue;
      const result = writable(fs, usageOf, job.user, keyOf(target)!);
      if (result === "denied") return { failure: [`/bin/sh: 1: cannot create ${target}: Permission denied`], overlapping: null, runs };
      if (result === "missing") return { failure: [`/bin/sh: 1: cannot create ${target}: Directory nonexistent`], overlapping: null, runs };
    }
    const expand = (w: Word) => expandWord(w, { env: new Map() });
    let argv = c.words.flatMap(expand);
    if (isFlock(argv[0])) {
      const call = readFlock(c.words, expand);
      locked ||= call.excludes;
      // `-c TEXT` runs TEXT with sh: its first command is the program.
      const words = call.shellCommand === null ? call.command : (parseScript(call.shellCommand, { githubExpressions: false })[0]?.pipelines[0]?.commands[0]?.words ?? []);
      argv = words.flatMap(expand);
    }
    // `sh SCRIPT` reads the script instead of executing it (`sh -c TEXT` runs TEXT, not a script).
    const shell = argv[0] !== undefined && SHELLS.test(argv[0]) ? argv[0].split("/").pop()! : null;
    if (shell !== null) {
      if (argv.includes("-c")) continue;
      argv = argv.slice(1).filter((a) => !a.startsWith("-"));
    }
    const program = argv[0];
    if (!program) continue;
    if (!program.startsWith("/")) continue;
    const key = keyOf(program)!;
    if (!fs.files.has(key)) {
      if (shell !== null) return { failure: [`${shell}: 0: cannot open ${program}: No such file`], overlapping: null, runs };
      if (state.facts.programs.includes(program) || /^(usr\/)?s?bin\//.test(key)) continue;
      return { failure: [`/bin/sh: 1: ${program}: not found`], overlapping: null, runs };
    }
    if (shell !== null ? !fs.can(job.user, key, "r") : !fs.can(job.user, key, "x")) {
      return { failure: [shell !== null ? `${shell}: 0: cannot open ${program}: Permission denied` : `/bin/sh: 1: ${program}: Permission denied`], overlapping: null, runs };
    }
    const facts = state.facts.scripts[program];
    if (!facts) continue;
    duration = Math.max(duration, facts.duration_s);
    const script = fs.content(key) ?? "";
    // The facts describe the script as written; one that no longer names where it writes does other work.
    if (facts.writes.every((dir) => script.includes(dir))) runs.push(program);
    const lineOf = (text: string) => Math.max(1, script.split("\n").findIndex((l) => l.includes(text)) + 1);
    if (facts.database) {
      const socket = "/var/run/postgresql/.s.PGSQL.5432";
      if (!unixListener(state, socket)) return { failure: [`pg_dump: error: connection to server on socket "${socket}" failed: No such file or directory`, "\tIs the server running locally and accepting connections on that socket?"], overlapping: null, runs };
      // Over the socket, pg_hba.conf's `local all all peer` maps the job's user to the role of the same name.
      if (!Object.hasOwn(state.facts.postgres?.roles ?? {}, job.user)) return { failure: [`pg_dump: error: connection to server on socket "${socket}" failed: FATAL:  role "${job.user}" does not exist`], overlapping: null, runs };
    }
    for (const dir of facts.writes) {
      const dirKey = keyOf(dir)!;
      const file = `${dirKey}/.${job.user}-run`;
      const result = fs.isDir(dirKey) ? writable(fs, usageOf, job.user, file) : "missing";
      const name = `${dir}/${facts.database ?? "output"}-${new Date(state.clock * 1000).toISOString().slice(0, 10)}.sql.gz`;
      if (result === "denied") return { failure: [`${program}: line ${lineOf(dir)}: ${name}: Permission denied`], overlapping: null, runs };
      if (result === "missing") return { failure: [`${program}: line ${lineOf(dir)}: ${name}: No such file or directory`], overlapping: null, runs };
      if (result === "full") return { failure: [`${program}: line ${lineOf(dir)}: ${name}: No space left on device`], overlapping: null, runs };
    }
  }
  if (!cronRunning) return { failure: ["cron.service is not running: no job runs"], overlapping: null, runs };
  const interval = intervalSeconds(job.schedule);
  const overlapping = !locked && interval !== null && duration > interval ? { interval_s: interval, duration_s: duration } : null;
  return { failure: null, overlapping, runs };
}
