/**
 * Inspecting a simulated host: a read-only command line answered from the host's files and state, as the real
 * tool prints it (the shell runs as root in `/`). The line is read with the shared shell parser; `|` feeds
 * the next command (grep, head, tail, wc, sort, uniq, sed -n, cat), `&&`, `||` and `;` chain on exit status,
 * `sudo` is accepted and changes nothing. A command that would change the host is refused with a pointer to
 * the host action, anything else not simulated with the list of what is.
 */
import { BadSubstitution, expandWord } from "../../shell/expand.js";
import { parseScript } from "../../shell/parse.js";
import type { SimpleCommand } from "../../shell/parse.js";
import type { CommandOutput } from "../../inspect/context.js";
import { cat } from "../../inspect/files.js";
import { grep } from "../../inspect/grep.js";
import { MAX_INSPECT_OUTPUT_CHARS, MAX_INSPECT_PIPELINE_COMMANDS } from "../../inspect/limits.js";
import { heldToBound, pipeCutNote } from "../../inspect/output.js";
import { headTail, sortUniq, wc } from "../../inspect/text.js";
import { find } from "../../inspect/files.js";
import type { Repository } from "../../repository.js";
import { HOST_PROGRAMS } from "../commands/index.js";
import { expandHostGlob } from "../globs.js";
import type { HostCommand } from "./context.js";
import { failed, HostLook, ok } from "./context.js";
import { df, du, ls, lsof, stat } from "./files.js";
import { curl, dig, getent, host, iptables, iptablesSave, netstat, nslookup, ss } from "./network.js";
import { free, ps, top, uptime } from "./processes.js";
import { journalctl, systemctl } from "./services.js";
import { crontab, id, last, nginx, simple, sshd } from "./tools.js";

const text = (fn: (argv: readonly string[], stdin: string | null, reader: HostLook["reader"]) => CommandOutput): HostCommand => (argv, stdin, look) => fn(argv, stdin, look.reader);

/** `sed -n 'A,Bp' [FILE]`, the one sed form that only prints. */
const sed: HostCommand = (argv, stdin, look) => {
  const m = argv[1] === "-n" ? /^(\d+)(?:,(\d+|\$))?p$/.exec(argv[2] ?? "") : null;
  if (!m) return failed("sed: only `sed -n 'A,Bp' [FILE]` prints here; edit files with the edit actions\n");
  let input = stdin ?? "";
  if (argv[3]) {
    const read = look.reader.read("sed", argv[3]);
    if ("error" in read) return failed(read.error, 2);
    input = read.content;
  }
  const lines = input.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === "$" ? lines.length : Number(m[2]);
  const picked = lines.slice(from - 1, to);
  return ok(picked.length > 0 ? `${picked.join("\n")}\n` : "");
};

export const HOST_LOOKS: Readonly<Record<string, HostCommand>> = {
  cat: text(cat),
  grep: text(grep),
  egrep: text(grep),
  zgrep: text(grep),
  head: text(headTail),
  tail: text((argv, stdin, reader) => (argv.includes("-f") || argv.includes("-F") ? failed("tail: -f waits for new lines; use tail -n N\n") : headTail(argv, stdin, reader))),
  wc: text(wc),
  sort: text(sortUniq),
  uniq: text(sortUniq),
  find: (argv, _stdin, look) => find(argv, look.reader),
  sed,
  ls,
  stat,
  du,
  df,
  lsof,
  ps,
  top,
  free,
  uptime,
  systemctl,
  journalctl,
  ss,
  netstat,
  iptables,
  "iptables-save": iptablesSave,
  dig,
  nslookup,
  host,
  getent,
  curl,
  nginx,
  sshd,
  crontab,
  last,
  lastb: last,
  id,
  whoami: simple,
  hostname: simple,
  uname: simple,
  date: simple,
  pwd: simple,
};

const FILTERS = new Set(["grep", "egrep", "head", "tail", "wc", "sort", "uniq", "cat", "sed"]);

export const HOST_LOOK_SUPPORTED = [
  "files: cat, ls -l[a] [-h], stat, find, grep [-rniv...], head/tail -n N, wc -l, sort [-rh], uniq -c, sed -n 'A,Bp', du -sh / du -h --max-depth=1, df -h, lsof +L1 | -i :PORT | PATH",
  "services: systemctl status|is-active|is-enabled|list-units [--failed]|list-unit-files|cat|show UNIT, journalctl [-u UNIT] [-n N] [-e] [-p err] [-k]",
  "processes: ps aux [--sort=-%mem|-%cpu], ps -ef, top -b -n 1, free -m|-h, uptime, cat /proc/meminfo /proc/loadavg",
  "network: ss -tlnp, netstat -tlnp, iptables -S | -L -n [-v] [--line-numbers], iptables-save, dig NAME [@SERVER] [+short], nslookup, host, getent hosts|passwd NAME, curl [-sI] [-w '%{http_code}'] URL",
  "daemons and accounts: nginx -t|-T, sshd -t|-T, crontab -l [-u USER], last, lastb, id USER, whoami, hostname, uname -a, date",
];

function refusal(reason: string): string {
  return `breakfix inspect: ${reason}\nInspections only look. On a host, look with:\n${HOST_LOOK_SUPPORTED.map((l) => `  ${l}`).join("\n")}\nChange the host with the host action (systemctl restart, chmod, kill, iptables, ...) and files with the edit actions.\n`;
}

function bounded(out: string): string {
  if (out.length <= MAX_INSPECT_OUTPUT_CHARS) return out;
  return `${out.slice(0, MAX_INSPECT_OUTPUT_CHARS)}\n[output cut at ${MAX_INSPECT_OUTPUT_CHARS} characters; ${out.length - MAX_INSPECT_OUTPUT_CHARS} more not shown: narrow it with grep, head or tail]\n`;
}

/** Whether a command only reads: a program that changes things, or a verb of one that does, is not a look. */
function changes(argv: readonly string[]): boolean {
  const [program, verb] = argv;
  if (program === "systemctl") return ["start", "stop", "restart", "reload", "enable", "disable", "mask", "unmask", "daemon-reload", "reset-failed", "kill", "try-restart", "reload-or-restart"].includes(verb ?? "");
  if (program === "iptables") return argv.some((a) => /^-[AIDRFPNXZ]$/.test(a) || /^--(append|insert|delete|replace|flush|policy|new-chain|delete-chain|zero)$/.test(a));
  if (program === "nginx") return argv.includes("-s");
  if (program === "journalctl") return argv.some((a) => a.startsWith("--vacuum") || a === "--rotate");
  if (program === "crontab") return argv.some((a) => a === "-r" || a === "-e");
  return Object.hasOwn(HOST_PROGRAMS, program!) && !Object.hasOwn(HOST_LOOKS, program!);
}

function argvOf(command: SimpleCommand, look: HostLook): string[] {
  const words = command.words.flatMap((w) => {
    const fields = expandWord(w, { env: new Map() });
    const unquoted = w.parts.every((p) => p.kind === "lit" && !p.quoted);
    return unquoted ? fields.flatMap((f) => expandHostGlob(look.fs, f)) : fields;
  });
  while (words[0] === "sudo") words.shift();
  return words;
}

export function inspectHost(commandLine: string, repo: Repository): string {
  try {
    return inspectCommands(commandLine, repo);
  } catch (error) {
    // bash stops the line there: `bash: ${{ x }}: bad substitution`.
    if (error instanceof BadSubstitution) return `bash: ${error.message}\n`;
    throw error;
  }
}

function inspectCommands(commandLine: string, repo: Repository): string {
  const look = new HostLook(repo);
  const lists = parseScript(commandLine, { githubExpressions: false });
  if (lists.length === 0) return refusal("no command given.");
  const commands = lists.flatMap((l) => l.pipelines.flatMap((p) => p.commands));
  if (commands.some((c) => c.conditional)) return refusal("compound commands (if, for, while, subshells) are not supported.");
  if (lists.some((l) => l.background)) return refusal("background jobs ('&') are not supported.");
  for (const c of commands) {
    const write = c.redirects.find((r) => !(r.op === ">&" || ((r.op === ">" || r.op === "&>") && r.target?.raw === "/dev/null") || r.op === "<"));
    if (write) return refusal(`the redirection '${write.op}${write.target ? ` ${write.target.raw}` : ""}' would write a file: change files with the edit actions or the host action.`);
  }
  let out = "";
  // Where a command stopped at MAX_INSPECT_PIPE_CHARS, said after the answer so the output cap cannot cut it.
  let notes = "";
  let status = 0;
  for (const list of lists) {
    for (const [i, pipeline] of list.pipelines.entries()) {
      const op = list.ops[i - 1];
      if ((op === "&&" && status !== 0) || (op === "||" && status === 0)) continue;
      if (pipeline.commands.length > MAX_INSPECT_PIPELINE_COMMANDS) return bounded(out + refusal(`a pipeline may have at most ${MAX_INSPECT_PIPELINE_COMMANDS} commands.`)) + notes;
      let stdin: string | null = null;
      let result: CommandOutput = { out: "", status: 0 };
      for (const [j, command] of pipeline.commands.entries()) {
        const argv = argvOf(command, look);
        if (argv.length === 0) return bounded(out + refusal("an empty command.")) + notes;
        const program = argv[0]!;
        if (changes(argv)) return bounded(out + refusal(`'${argv.slice(0, 2).join(" ")}' changes the host: run it with the host action.`)) + notes;
        const handler = Object.hasOwn(HOST_LOOKS, program) ? HOST_LOOKS[program] : undefined;
        if (!handler) return bounded(out + refusal(`'${program}' is not a command the simulated host answers.`)) + notes;
        if (j > 0 && !FILTERS.has(program)) return bounded(out + refusal(`'${program}' cannot read a pipe here: after '|' use grep, head, tail, wc, sort, uniq or sed -n.`)) + notes;
        const input = command.redirects.find((r) => r.op === "<");
        if (input?.target) {
          const read = look.reader.read(program, expandWord(input.target, { env: new Map() }).join(" "));
          if ("error" in read) return bounded(out + read.error.replace(/^[^:]+: /, "sh: ")) + notes;
          stdin = read.content;
        }
        // What one command hands the next is bounded (MAX_INSPECT_PIPE_CHARS), as in a repository's inspection.
        result = heldToBound(handler(argv, stdin, look));
        if (result.cut) notes += pipeCutNote(program);
        stdin = result.out;
      }
      out += result.out;
      status = pipeline.negated ? (result.status === 0 ? 1 : 0) : result.status;
      if (out.length > MAX_INSPECT_OUTPUT_CHARS) return bounded(out) + notes;
    }
  }
  return bounded(out === "" ? (status === 0 ? "" : `(no output; exit status ${status})\n`) : out) + notes;
}
