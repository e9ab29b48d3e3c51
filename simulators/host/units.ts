/**
 * systemd unit files as systemd reads them: /etc/systemd/system overrides /lib/systemd/system, drop-ins in
 * NAME.d/*.conf are applied in name order (an empty `ExecStart=` resets the list), values are split into
 * words with quotes, and an unknown key or section is logged and ignored. A service with no ExecStart is
 * refused, as systemd refuses it ("Service has no ExecStart=...").
 */
import type { Repository } from "../repository.js";
import { parseScript } from "../shell/parse.js";
import type { Word } from "../shell/parse.js";
import { BadSubstitution, expandWord } from "../shell/expand.js";
import { memoByContent } from "../parse-cache.js";

const UNIT_DIRS = ["etc/systemd/system", "lib/systemd/system"] as const;

export interface UnitProblem {
  line: number;
  message: string;
  severity: "error" | "warning";
}

export interface UnitFile {
  /** `nginx.service` */
  name: string;
  /** The repository key of the unit file systemd uses. */
  key: string;
  /** The text systemd read: the file and its drop-ins. */
  text: string;
  values: Map<string, string[]>;
  problems: UnitProblem[];
}

const KNOWN: Record<string, readonly string[]> = {
  Unit: ["Description", "Documentation", "After", "Before", "Wants", "Requires", "BindsTo", "PartOf", "Conflicts", "ConditionPathExists", "DefaultDependencies", "StartLimitIntervalSec", "StartLimitBurst"],
  Service: [
    "Type", "User", "Group", "WorkingDirectory", "Environment", "EnvironmentFile", "ExecStartPre", "ExecStart", "ExecStartPost", "ExecReload",
    "ExecStop", "Restart", "RestartSec", "RestartPreventExitStatus", "PIDFile", "KillMode", "KillSignal", "TimeoutStopSec", "TimeoutStartSec",
    "RemainAfterExit", "RuntimeDirectory", "RuntimeDirectoryMode", "LimitNOFILE", "MemoryMax", "Nice", "IgnoreSIGPIPE", "NoNewPrivileges",
    "PrivateTmp", "ProtectSystem", "ReadWritePaths", "StandardOutput", "StandardError", "SyslogIdentifier", "UMask", "OOMScoreAdjust",
  ],
  Install: ["WantedBy", "RequiredBy", "Alias", "Also"],
};

/** Keys whose values accumulate (each line adds; an empty value resets). */
const LISTS = new Set(["ExecStartPre", "ExecStartPost", "ExecReload", "ExecStop", "Environment", "EnvironmentFile", "After", "Before", "Wants", "Requires", "WantedBy", "Alias", "Documentation", "ReadWritePaths"]);

/** The unit's canonical name: `nginx` → `nginx.service`. */
export function unitName(raw: string): string {
  return /\.(service|socket|timer|target|mount|path)$/.test(raw) ? raw : `${raw}.service`;
}

/** The key of the unit file systemd would load for `name`, or undefined when there is none. */
export function unitFileKey(files: Repository, name: string): string | undefined {
  for (const dir of UNIT_DIRS) {
    const key = `${dir}/${name}`;
    if (files.has(key)) return key;
  }
  return undefined;
}

/** Every service unit on the host, by name, in name order. */
export function serviceNames(files: Repository): string[] {
  const names = new Set<string>();
  for (const key of files.keys()) {
    for (const dir of UNIT_DIRS) {
      if (!key.startsWith(`${dir}/`)) continue;
      const rest = key.slice(dir.length + 1);
      if (!rest.includes("/") && rest.endsWith(".service")) names.add(rest);
    }
  }
  return [...names].sort();
}

/** The text of a unit as systemd assembles it (the file, then its drop-ins), or undefined without a file. */
export function unitText(files: Repository, name: string): string | undefined {
  const key = unitFileKey(files, name);
  if (!key) return undefined;
  const dropIns = [...files.keys()].filter((k) => k.startsWith(`etc/systemd/system/${name}.d/`) && k.endsWith(".conf")).sort();
  return [files.get(key)!.content, ...dropIns.map((k) => files.get(k)!.content)].join("\n");
}

/** Reads a unit's text. */
export function parseUnit(name: string, key: string, text: string): UnitFile {
  const values = new Map<string, string[]>();
  const problems: UnitProblem[] = [];
  let section: string | null = null;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.trim();
    if (line.endsWith("\\") && i + 1 < lines.length) {
      // The pieces are gathered and joined once: testing the end of a line grown piece by piece copied it
      // whole at every piece (20,000 continued lines took 30 s).
      const pieces = [line.slice(0, -1)];
      let piece = line;
      while (piece.endsWith("\\") && i + 1 < lines.length) {
        piece = lines[++i]!.trim();
        pieces.push(piece.endsWith("\\") && i + 1 < lines.length ? piece.slice(0, -1) : piece);
      }
      line = pieces.join(" ");
    }
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      if (!(section in KNOWN)) problems.push({ line: i + 1, severity: "warning", message: `Unknown section '${section}'. Ignoring.` });
      continue;
    }
    const eq = line.indexOf("=");
    if (section === null || eq < 0) {
      problems.push({ line: i + 1, severity: "warning", message: section === null ? "Assignment outside of section. Ignoring." : `Missing '=', ignoring line.` });
      continue;
    }
    const name_ = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (!(section in KNOWN)) continue;
    if (!KNOWN[section]!.includes(name_)) {
      problems.push({ line: i + 1, severity: "warning", message: `Unknown key name '${name_}' in section '${section}', ignoring.` });
      continue;
    }
    const k = `${section}.${name_}`;
    // A list grows in place: copied at every line, 20,000 After= lines cost 200 million copies.
    if (LISTS.has(name_) || name_ === "ExecStart") {
      const listed = values.get(k);
      if (value === "") values.set(k, []);
      else if (listed) listed.push(value);
      else values.set(k, [value]);
    }
    else values.set(k, [value]);
  }
  const starts = values.get("Service.ExecStart") ?? [];
  const type = values.get("Service.Type")?.[0] ?? "simple";
  if (name.endsWith(".service") && starts.length === 0) {
    problems.push({ line: 1, severity: "error", message: "Service has no ExecStart=, ExecStop=, or SuccessAction=. Refusing." });
  } else if (starts.length > 1 && type !== "oneshot") {
    problems.push({ line: 1, severity: "error", message: "Service has more than one ExecStart= setting, which is only allowed for Type=oneshot services. Refusing." });
  }
  return { name, key, text, values, problems };
}

export function value(unit: UnitFile, key: string): string | undefined {
  const v = unit.values.get(key);
  return v && v.length > 0 ? v[v.length - 1] : undefined;
}

export function list(unit: UnitFile, key: string): string[] {
  return (unit.values.get(key) ?? []).flatMap((v) => v.split(/\s+/).filter(Boolean));
}

/** A word as systemd reads it: `${X}` expanded; what bash would call a bad substitution is systemd's literal text. */
function systemdWord(word: Word, env: ReadonlyMap<string, string>): string[] {
  try {
    return expandWord(word, { env: new Map(env) });
  } catch (error) {
    if (error instanceof BadSubstitution) return [word.raw];
    throw error;
  }
}

/** An Exec line's argv: systemd's prefixes (`-`, `@`, `+`, `!`) stripped, words split as systemd splits them. */
export function execArgv(line: string, env: ReadonlyMap<string, string> = new Map()): { argv: string[]; ignoreFailure: boolean } {
  const prefix = /^[-@+!:]*/.exec(line)![0];
  const rest = line.slice(prefix.length);
  const command = parseScript(rest, { githubExpressions: false })[0]?.pipelines[0]?.commands[0];
  const argv = command ? command.words.flatMap((w) => systemdWord(w, env)) : [];
  return { argv, ignoreFailure: prefix.includes("-") };
}

/** The unit's main command line (its last ExecStart). */
export function mainArgv(unit: UnitFile, env: ReadonlyMap<string, string> = new Map()): string[] {
  const line = value(unit, "Service.ExecStart");
  return line === undefined ? [] : execArgv(line, env).argv;
}

/** The unit's aliases (`ssh.service` is also `sshd.service`). */
export function aliases(unit: UnitFile): string[] {
  return list(unit, "Install.Alias");
}

/**
 * The Alias= names of a unit file's text, read once per text: every unit name systemctl is given that no file
 * has is looked for among all the units' aliases, and reading every unit file again for each of a thousand
 * unknown names (`systemctl status z0 z1 …`) took 18 s.
 */
export const aliasesOf: (text: string) => readonly string[] = memoByContent((text: string) => aliases(parseUnit("alias.service", "", text)), { name: "unit aliases" });

/** Reads an EnvironmentFile as systemd does: KEY=VALUE lines, comments, optional quotes. */
export function parseEnvironmentFile(content: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of content.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let v = m[2]!;
    if ((v.startsWith('"') && v.endsWith('"') && v.length >= 2) || (v.startsWith("'") && v.endsWith("'") && v.length >= 2)) v = v.slice(1, -1);
    out.set(m[1]!, v);
  }
  return out;
}

/** `Environment=` assignments: `A=1 "B=two words"`. */
export function parseEnvironmentLines(lines: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines) {
    const words = parseScript(line, { githubExpressions: false })[0]?.pipelines[0]?.commands[0];
    const fields = words ? [...words.assignments.map((a) => `${a.name}=${a.value.raw.replace(/^["']|["']$/g, "")}`), ...words.words.map((w) => systemdWord(w, new Map()).join(" "))] : [];
    for (const f of fields) {
      const eq = f.indexOf("=");
      if (eq > 0) out.set(f.slice(0, eq), f.slice(eq + 1));
    }
  }
  return out;
}
