/**
 * The filter table as iptables-save writes it and iptables-restore reads it: chains with their policies and
 * rules, each rule's matches (-i/-o, -s/-d, -p, --dport/--sport, multiport, conntrack/state, comment) and
 * target. Reading fails the way iptables-restore fails (the line, and why), and a ruleset written back reads
 * the same, with the normal forms iptables prints (`/32` on a bare address, `-m tcp` before `--dport`).
 */
import { jumpProblem } from "./jumps.js";

export interface Match {
  iface?: { name: string; negate: boolean };
  outIface?: { name: string; negate: boolean };
  source?: { cidr: string; negate: boolean };
  destination?: { cidr: string; negate: boolean };
  protocol?: { name: string; negate: boolean };
  dports?: { ports: [number, number][]; negate: boolean };
  sports?: { ports: [number, number][]; negate: boolean };
  states?: string[];
  comment?: string;
}

export interface FilterRule {
  chain: string;
  match: Match;
  target: string;
  /** REJECT's --reject-with. */
  rejectWith?: string;
  /** The rule as iptables -S prints it, after `-A CHAIN `. */
  spec: string;
}

export interface Chain {
  name: string;
  policy: "ACCEPT" | "DROP" | null;
}

export interface Ruleset {
  chains: Chain[];
  rules: FilterRule[];
}

export const BUILTIN_CHAINS = ["INPUT", "FORWARD", "OUTPUT"] as const;
const TARGETS = new Set(["ACCEPT", "DROP", "REJECT", "RETURN", "LOG"]);
const STATES = new Set(["NEW", "ESTABLISHED", "RELATED", "INVALID", "UNTRACKED"]);

export type RulesetResult = { ok: true; ruleset: Ruleset } | { ok: false; line: number; message: string };

export function emptyRuleset(): Ruleset {
  return { chains: BUILTIN_CHAINS.map((name) => ({ name, policy: "ACCEPT" as const })), rules: [] };
}

/** Splits a rule line into words, honouring double quotes (comments). */
export function words(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]!);
  return out;
}

/** Reads an iptables-save file (only the filter table is modelled; other tables are read and kept out). */
export function readRuleset(text: string): RulesetResult {
  const lines = text.split("\n");
  let ruleset: Ruleset | null = null;
  let table: string | null = null;
  let filter: Ruleset | null = null;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("*")) {
      if (table !== null) return { ok: false, line: n, message: `iptables-restore: line ${n} failed` };
      table = line.slice(1);
      ruleset = { chains: [], rules: [] };
      continue;
    }
    if (table === null || ruleset === null) return { ok: false, line: n, message: `iptables-restore: line ${n} failed` };
    if (line === "COMMIT") {
      // The kernel takes the table at COMMIT, and refuses jumps that loop or nest too deep (jumps.ts).
      if (table === "filter" && jumpProblem(ruleset) !== null) return { ok: false, line: n, message: `iptables-restore: line ${n} failed` };
      if (table === "filter") filter = ruleset;
      table = null;
      ruleset = null;
      continue;
    }
    if (line.startsWith(":")) {
      const m = /^:(\S+)\s+(\S+)(?:\s+\[\d+:\d+\])?$/.exec(line);
      if (!m) return { ok: false, line: n, message: `iptables-restore: line ${n} failed` };
      const builtin = (BUILTIN_CHAINS as readonly string[]).includes(m[1]!);
      if (builtin && m[2] !== "ACCEPT" && m[2] !== "DROP") return { ok: false, line: n, message: `iptables-restore: line ${n} failed` };
      ruleset.chains.push({ name: m[1]!, policy: builtin ? (m[2] as "ACCEPT" | "DROP") : null });
      continue;
    }
    const parsed = parseRule(words(line), ruleset, table === "filter");
    if (typeof parsed === "string") return { ok: false, line: n, message: `${parsed}\nError occurred at line: ${n}\nTry \`iptables-restore -h' or 'iptables-restore --help' for more information.` };
    if (table === "filter") ruleset.rules.push(parsed);
  }
  if (table !== null) return { ok: false, line: lines.length, message: `iptables-restore: COMMIT expected at line ${lines.length + 1}` };
  const out = filter ?? emptyRuleset();
  for (const name of BUILTIN_CHAINS) if (!out.chains.some((c) => c.name === name)) out.chains.push({ name, policy: "ACCEPT" });
  return { ok: true, ruleset: out };
}

const V = "iptables-restore v1.8.7 (nf_tables)";

function ports(text: string, multi: boolean): [number, number][] | null {
  const parts = multi ? text.split(",") : [text];
  const out: [number, number][] = [];
  for (const p of parts) {
    const m = /^(\d+)(?::(\d+))?$/.exec(p);
    if (!m) return null;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > 65535 || b > 65535) return null;
    out.push([a, b]);
  }
  return out;
}

function cidr(text: string): string | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/.exec(text);
  if (!m || [m[1], m[2], m[3], m[4]].some((x) => Number(x) > 255) || (m[5] !== undefined && Number(m[5]) > 32)) return null;
  return `${m[1]}.${m[2]}.${m[3]}.${m[4]}/${m[5] ?? "32"}`;
}

/**
 * Reads one rule's words (`-A INPUT -p tcp --dport 22 -j ACCEPT`, or without `-A CHAIN` when `chain` is
 * given); a string is iptables' complaint.
 */
export function parseRule(w: readonly string[], ruleset: Ruleset, checkTargets: boolean, chain?: string): FilterRule | string {
  let i = 0;
  let ruleChain = chain;
  if (ruleChain === undefined) {
    if (w[0] !== "-A" || w[1] === undefined) return `${V}: unknown command "${w[0] ?? ""}"`;
    ruleChain = w[1];
    i = 2;
  }
  if (!ruleset.chains.some((c) => c.name === ruleChain)) return `${V}: Chain '${ruleChain}' does not exist`;
  const match: Match = {};
  let target: string | undefined;
  let rejectWith: string | undefined;
  const modules = new Set<string>();
  const out: string[] = [];
  let negate = false;
  for (; i < w.length; i++) {
    const a = w[i]!;
    const v = w[i + 1];
    if (a === "!") {
      negate = true;
      continue;
    }
    const need = (): string | null => (v === undefined ? `${V}: option "${a}" requires an argument` : null);
    switch (a) {
      case "-i":
      case "--in-interface":
      case "-o":
      case "--out-interface": {
        const e = need();
        if (e) return e;
        const key = a === "-i" || a === "--in-interface" ? "iface" : "outIface";
        match[key] = { name: v!, negate };
        out.push(`${negate ? "! " : ""}${key === "iface" ? "-i" : "-o"} ${v}`);
        i++;
        break;
      }
      case "-s":
      case "--source":
      case "-d":
      case "--destination": {
        const e = need();
        if (e) return e;
        const c = cidr(v!);
        if (!c) return `${V}: host/network \`${v}' not found`;
        const key = a === "-s" || a === "--source" ? "source" : "destination";
        match[key] = { cidr: c, negate };
        out.push(`${negate ? "! " : ""}${key === "source" ? "-s" : "-d"} ${c}`);
        i++;
        break;
      }
      case "-p":
      case "--protocol": {
        const e = need();
        if (e) return e;
        const p = v!.toLowerCase();
        if (!["tcp", "udp", "icmp", "all"].includes(p)) return `${V}: unknown protocol "${v}" specified`;
        match.protocol = { name: p, negate };
        out.push(`${negate ? "! " : ""}-p ${p}`);
        i++;
        break;
      }
      case "-m":
      case "--match": {
        const e = need();
        if (e) return e;
        if (!["tcp", "udp", "multiport", "conntrack", "state", "comment", "limit"].includes(v!)) return `${V}: Couldn't load match \`${v}':No such file or directory`;
        modules.add(v!);
        out.push(`-m ${v}`);
        i++;
        break;
      }
      case "--dport":
      case "--destination-port":
      case "--sport":
      case "--source-port":
      case "--dports":
      case "--sports": {
        const e = need();
        if (e) return e;
        const multi = a === "--dports" || a === "--sports";
        if (multi && !modules.has("multiport")) return `${V}: unknown option "${a}"`;
        if (!multi && !match.protocol) return `${V}: unknown option "${a}"`;
        const list = ports(v!, multi);
        if (!list) return `${V}: invalid port/service \`${v}' specified`;
        const key = a.startsWith("--d") ? "dports" : "sports";
        match[key] = { ports: list, negate };
        if (!multi && !modules.has(match.protocol!.name)) {
          modules.add(match.protocol!.name);
          out.push(`-m ${match.protocol!.name}`);
        }
        out.push(`${negate ? "! " : ""}${multi ? a : key === "dports" ? "--dport" : "--sport"} ${v}`);
        i++;
        break;
      }
      case "--ctstate":
      case "--state": {
        const e = need();
        if (e) return e;
        if ((a === "--ctstate" && !modules.has("conntrack")) || (a === "--state" && !modules.has("state"))) return `${V}: unknown option "${a}"`;
        const states = v!.split(",");
        const bad = states.find((s) => !STATES.has(s));
        if (bad) return `${V}: Bad ctstate "${bad}"`;
        match.states = states;
        out.push(`${a} ${v}`);
        i++;
        break;
      }
      case "--comment": {
        const e = need();
        if (e) return e;
        match.comment = v!;
        out.push(`--comment ${/\s/.test(v!) ? `"${v}"` : v}`);
        i++;
        break;
      }
      case "--limit":
      case "--limit-burst":
        out.push(`${a} ${v ?? ""}`);
        i++;
        break;
      case "-j":
      case "--jump": {
        const e = need();
        if (e) return e;
        if (checkTargets && !TARGETS.has(v!) && !ruleset.chains.some((c) => c.name === v && c.policy === null)) {
          return `${V}: Couldn't load target \`${v}':No such file or directory`;
        }
        target = v!;
        out.push(`-j ${v}`);
        i++;
        break;
      }
      case "--reject-with":
        rejectWith = v;
        out.push(`--reject-with ${v ?? ""}`);
        i++;
        break;
      case "--log-prefix":
        out.push(`--log-prefix ${/\s/.test(v ?? "") ? `"${v}"` : v}`);
        i++;
        break;
      default:
        return `${V}: unknown option "${a}"`;
    }
    negate = false;
  }
  if (target === undefined) return `${V}: no target given`;
  return { chain: ruleChain, match, target, ...(rejectWith ? { rejectWith } : {}), spec: out.join(" ") };
}

/** The ruleset as iptables-save writes it. */
export function writeRuleset(ruleset: Ruleset): string {
  const lines = ["*filter"];
  for (const c of ruleset.chains) lines.push(`:${c.name} ${c.policy ?? "-"} [0:0]`);
  for (const r of ruleset.rules) lines.push(`-A ${r.chain} ${r.spec}`);
  lines.push("COMMIT");
  return `${lines.join("\n")}\n`;
}
