/**
 * The host action: a command line that changes the host (`systemctl restart nginx`, `chmod 755 /var/www/html`,
 * `kill 4242`, `iptables -D INPUT 3`), read with the shared shell parser. Commands may be chained with `&&`,
 * `||` and `;`; globs expand against the host's files as sh expands them; `>`/`>>` write files and `<` reads
 * one. Pipes, subshells, variables and background jobs are refused, as is every program not listed here, and
 * a command that only looks is sent to the inspect action. No real shell ever runs: each program is
 * interpreted on the simulated host, and the whole line is refused (and changes nothing) if any command in
 * it is refused.
 */
import type { Repository } from "../../repository.js";
import { BadSubstitution, expandWord } from "../../shell/expand.js";
import { parseScript } from "../../shell/parse.js";
import type { SimpleCommand } from "../../shell/parse.js";
import { HostDraft } from "../draft.js";
import { expandHostGlob } from "../globs.js";
import { sshdTest } from "./config-tests.js";
import { chgrp, chmod, chown, cp, echo, emptyWith, mkdir, mv, rm, touch, truncate } from "./files.js";
import { iptables, iptablesRestore, iptablesSave, netfilterPersistent } from "./iptables.js";
import { journalctlVacuum } from "./journal.js";
import { kill, killall, nginxSignal, pkill } from "./processes.js";
import { service, systemctl } from "./systemctl.js";
import type { CommandHandler, Redirection } from "./types.js";

export const HOST_PROGRAMS: Readonly<Record<string, CommandHandler>> = {
  systemctl,
  service,
  chmod,
  chown,
  chgrp,
  rm,
  truncate,
  cp,
  mv,
  mkdir,
  touch,
  echo,
  printf: echo,
  ":": emptyWith,
  true: emptyWith,
  cat: emptyWith,
  kill,
  pkill,
  killall,
  nginx: nginxSignal,
  sshd: sshdTest,
  iptables,
  "iptables-restore": iptablesRestore,
  "iptables-save": iptablesSave,
  "netfilter-persistent": netfilterPersistent,
  journalctl: journalctlVacuum,
};

/** The supported commands, for refusals and the docs. */
export const HOST_SUPPORTED = [
  "systemctl start|stop|restart|reload|try-restart|reload-or-restart|enable|disable|mask|unmask [--now] UNIT...; systemctl daemon-reload; systemctl reset-failed UNIT",
  "service NAME start|stop|restart|reload",
  "chmod [-R] MODE PATH...; chown [-R] USER[:GROUP] PATH...; chgrp [-R] GROUP PATH...",
  "rm [-rf] PATH...; truncate -s 0 FILE...; : > FILE; cp [-p] SRC DST; mv SRC DST; mkdir [-p] [-m MODE] DIR; touch FILE",
  "echo/printf TEXT > FILE (or >>)",
  "kill [-SIGNAL] PID...; pkill [-SIGNAL] [-f] [-u USER] [PATTERN]; killall [-SIGNAL] [-u USER] [NAME]",
  "nginx -s reload|stop|quit; nginx -t and sshd -t (change nothing; their status guards `&&`: nginx -t && systemctl reload nginx)",
  "iptables [-t filter] -A|-I|-D|-R|-F|-P|-N|-X ...; iptables-restore < FILE; iptables-save > FILE; netfilter-persistent save|reload|flush",
  "journalctl --vacuum-size=SIZE | --vacuum-files=N",
];

const LOOKING = new Set(["ls", "ps", "top", "free", "df", "du", "ss", "netstat", "dig", "nslookup", "host", "getent", "grep", "head", "tail", "less", "more", "curl", "wget", "last", "lastb", "who", "w", "id", "whoami", "uptime", "stat", "find", "wc", "lsof", "crontab", "ip", "ping", "uname", "hostname", "date", "env", "pwd", "file", "sort", "uniq", "awk"]);
const EDITORS = new Set(["vi", "vim", "nano", "emacs", "ed", "sed", "tee", "awk", "perl", "python", "python3"]);

export type HostCommandOutcome = { ok: true; repo: Repository; output: string } | { ok: false; error: string };

function supported(): string {
  return `Host commands that change things: ${HOST_SUPPORTED.join("; ")}.`;
}

/** Runs a host command line on `repo`. */
export function runHostCommand(repo: Repository, line: string): HostCommandOutcome {
  try {
    return runCommands(repo, line);
  } catch (error) {
    // bash refuses the line before running any of it; nothing changes.
    if (error instanceof BadSubstitution) return { ok: false, error: `bash: ${error.message}` };
    throw error;
  }
}

function runCommands(repo: Repository, line: string): HostCommandOutcome {
  const lists = parseScript(line, { githubExpressions: false });
  if (lists.length === 0) return { ok: false, error: `no command given. ${supported()}` };
  const draft = HostDraft.of(repo);
  const commands = lists.flatMap((l) => l.pipelines.flatMap((p) => p.commands));
  if (lists.some((l) => l.background)) return { ok: false, error: "background jobs ('&') are not simulated: run the command in the foreground" };
  if (lists.some((l) => l.pipelines.some((p) => p.commands.length > 1))) return { ok: false, error: "pipes are not simulated in host commands: run one command, and look at output with the inspect action" };
  if (commands.some((c) => c.conditional)) return { ok: false, error: "compound commands (if, for, while, subshells) are not simulated: run one command at a time" };
  const output: string[] = [];
  let status = 0;
  for (const list of lists) {
    for (const [i, pipeline] of list.pipelines.entries()) {
      const op = list.ops[i - 1];
      if (op === "&&" && status !== 0) continue;
      if (op === "||" && status === 0) continue;
      const result = runOne(draft, pipeline.commands[0]!);
      if ("refused" in result) return { ok: false, error: result.refused };
      output.push(...result.output);
      status = result.status;
    }
  }
  const text = output.length > 0 ? `${output.join("\n")}\n` : status === 0 ? "" : `(exit status ${status})\n`;
  return { ok: true, repo: draft.repository(), output: text };
}

function expandGlobs(draft: HostDraft, word: string): string[] {
  return expandHostGlob(draft.fs(), word);
}

function runOne(draft: HostDraft, command: SimpleCommand): ReturnType<CommandHandler> {
  if (command.assignments.length > 0) return { refused: "variable assignments are not simulated in host commands" };
  const words: string[] = [];
  for (const w of command.words) {
    if (w.parts.some((p) => p.kind === "var" || p.kind === "subst" || p.kind === "expr")) return { refused: `'${w.raw}': variables and command substitution are not simulated; write the value itself` };
    const fields = expandWord(w, { env: new Map() });
    const unquoted = w.parts.every((p) => p.kind === "lit" && !p.quoted);
    words.push(...(unquoted ? fields.flatMap((f) => expandGlobs(draft, f)) : fields));
  }
  while (words[0] === "sudo") {
    words.shift();
    if (words[0]?.startsWith("-")) return { refused: "sudo's options are not simulated: commands already run as root" };
  }
  const redirects: Redirection[] = [];
  for (const r of command.redirects) {
    const target = r.target ? expandWord(r.target, { env: new Map() }).join(" ") : "";
    if (r.op === ">&" && (target === "1" || target === "2")) continue;
    if ((r.op === ">" || r.op === "&>") && target === "/dev/null" && words[0] !== ":" && words[0] !== "true") continue;
    if (r.op !== ">" && r.op !== ">>" && r.op !== "<") return { refused: `the redirection '${r.op}' is not simulated` };
    redirects.push({ op: r.op, target });
  }
  const program = words[0];
  if (program === undefined) {
    if (redirects.some((r) => r.op === ">")) return HOST_PROGRAMS[":"]!({ draft, argv: [":"], redirects });
    return { refused: "an empty command" };
  }
  const handler = Object.hasOwn(HOST_PROGRAMS, program) ? HOST_PROGRAMS[program] : undefined;
  if (!handler) {
    if (LOOKING.has(program)) return { refused: `'${program}' only reads: use the inspect action for it (host actions change the host)` };
    if (EDITORS.has(program)) return { refused: `'${program}' is not simulated: change file contents with edit_file, replace_line or apply_patch (paths like etc/nginx/nginx.conf)` };
    return { refused: `'${program}' is not a command the simulated host runs. ${supported()}` };
  }
  return handler({ draft, argv: words, redirects });
}
