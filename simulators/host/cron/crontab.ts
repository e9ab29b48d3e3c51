/**
 * Crontabs as Debian's cron reads them: /etc/crontab and /etc/cron.d/* (with a user field; a file in cron.d
 * whose name is not made of letters, digits, `_` and `-` is skipped, one that is not root's or is writable by
 * group or others is refused), and /var/spool/cron/crontabs/USER (without one). A line cron cannot read, an
 * unknown user or a missing final newline makes cron ignore the whole file, with the lines it logs.
 */
import type { HostFs } from "../fs.js";

export interface CronJob {
  line: number;
  schedule: string;
  user: string;
  command: string;
}

export interface Crontab {
  key: string;
  /** How cron names the file in its log: `*system*backup`, `root`. */
  label: string;
  /** Why cron ignores the file (its log lines), or null. */
  ignored: string[] | null;
  /** The line cron stopped at. */
  line: number;
  jobs: CronJob[];
  /** A file cron never reads at all (a name with a dot in /etc/cron.d). */
  skipped: boolean;
}

const RANGES: Record<string, [number, number]> = { minute: [0, 59], hour: [0, 23], "day of month": [1, 31], month: [1, 12], "day of week": [0, 7] };
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const SPECIALS = new Set(["@reboot", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);

/** One comma-separated part of a field: the values from `from` to `to`, every `step`th. */
interface FieldPart {
  from: number;
  to: number;
  step: number;
}

/**
 * A field as cron reads it (`*`, `5`, `1-5`, a step, `mon-fri`), or null where cron refuses it ("bad minute"):
 * a value out of range, a range backwards, a step that is not a whole number of at least 1.
 */
function fieldParts(text: string, name: string): FieldPart[] | null {
  const [lo, hi] = RANGES[name]!;
  const names = name === "month" ? MONTHS : name === "day of week" ? DAYS : [];
  const value = (v: string) => {
    const i = names.indexOf(v.toLowerCase());
    if (i >= 0) return name === "month" ? i + 1 : i;
    return /^\d+$/.test(v) ? Number(v) : NaN;
  };
  const parts: FieldPart[] = [];
  for (const part of text.split(",")) {
    const [range, stepText] = part.split("/") as [string, string | undefined];
    // cron refuses a step of 0 as it refuses a malformed one.
    if (stepText !== undefined && (!/^\d+$/.test(stepText) || Number(stepText) === 0)) return null;
    const step = Number(stepText ?? 1);
    if (range === "*") {
      parts.push({ from: lo, to: hi, step });
      continue;
    }
    const [a, b] = range.split("-") as [string, string | undefined];
    const x = value(a);
    const y = b === undefined ? x : value(b);
    if (!(Number.isInteger(x) && Number.isInteger(y) && x >= lo && y <= hi && x <= y)) return null;
    // `5/15` is 5, 20, 35, 50: a start with a step runs to the end of the range.
    parts.push({ from: x, to: b === undefined && stepText !== undefined ? hi : y, step });
  }
  return parts;
}

export function readCrontab(fs: HostFs, key: string, system: boolean): Crontab {
  const name = key.split("/").pop()!;
  const label = system ? `*system*${key === "etc/crontab" ? "" : name}` : name;
  const out: Crontab = { key, label, ignored: null, line: 1, jobs: [], skipped: false };
  if (key.startsWith("etc/cron.d/") && !/^[A-Za-z0-9_-]+$/.test(name)) {
    out.skipped = true;
    return out;
  }
  const stat = fs.stat(key)!;
  const ignore = (line: number, lines: string[]) => {
    out.ignored = lines;
    out.line = line;
    out.jobs = [];
    return out;
  };
  if (system && stat.owner !== "root") return ignore(1, [`(${label}) WRONG FILE OWNER (/${key})`]);
  if (system && (stat.mode & 0o022) !== 0) return ignore(1, [`(${label}) INSECURE MODE (group/other writable) (/${key})`]);
  if (!system && stat.owner !== name) return ignore(1, [`(${name}) WRONG FILE OWNER (/${key})`]);
  const content = fs.content(key) ?? "";
  const lines = content.split("\n");
  if (content !== "" && !content.endsWith("\n")) return ignore(lines.length, [`(${label}) ERROR (Missing newline before EOF, this crontab file will be ignored)`]);
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (/^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
    const words = line.split(/\s+/);
    let schedule: string;
    let rest: string[];
    if (words[0]!.startsWith("@")) {
      if (!SPECIALS.has(words[0]!)) return ignore(n, [`Error: bad time specifier; while reading /${key}`, `(${label}) ERROR (Syntax error, this crontab file will be ignored)`]);
      schedule = words[0]!;
      rest = words.slice(1);
    } else {
      const fields = words.slice(0, 5);
      const names = Object.keys(RANGES);
      for (let f = 0; f < 5; f++) {
        if (fields[f] === undefined || fieldParts(fields[f]!, names[f]!) === null) {
          // cron's own words: "bad day-of-month", "bad day-of-week".
          return ignore(n, [`Error: bad ${names[f]!.replace(/ /g, "-")}; while reading /${key}`, `(${label}) ERROR (Syntax error, this crontab file will be ignored)`]);
        }
      }
      schedule = fields.join(" ");
      rest = words.slice(5);
    }
    const user = system ? rest[0] : name;
    if (system) rest = rest.slice(1);
    if (!user || !fs.accounts.user(user)) return ignore(n, [`Error: bad username; while reading /${key}`, `(${label}) ERROR (Syntax error, this crontab file will be ignored)`]);
    if (rest.length === 0) return ignore(n, [`Error: no command; while reading /${key}`, `(${label}) ERROR (Syntax error, this crontab file will be ignored)`]);
    const at = lines[i]!.indexOf(rest[0]!, lines[i]!.indexOf(schedule.split(" ").pop()!) + 1);
    out.jobs.push({ line: n, schedule, user, command: lines[i]!.slice(at >= 0 ? at : 0).trim() });
  }
  return out;
}

/** Every crontab cron reads, in the order it reads them. */
export function crontabKeys(fs: HostFs): { key: string; system: boolean }[] {
  const out: { key: string; system: boolean }[] = [];
  if (fs.files.has("etc/crontab")) out.push({ key: "etc/crontab", system: true });
  for (const e of fs.entries("etc/cron.d")) if (!e.dir) out.push({ key: e.key, system: true });
  for (const e of fs.entries("var/spool/cron/crontabs")) if (!e.dir) out.push({ key: e.key, system: false });
  return out;
}

/** Seconds between two runs of a schedule, for the overlap check (null when it is not a fixed interval). */
export function intervalSeconds(schedule: string): number | null {
  if (schedule === "@hourly") return 3600;
  if (schedule === "@daily" || schedule === "@midnight") return 86400;
  const [minute, hour] = schedule.split(" ");
  if (minute === "*" && hour === "*") return 60;
  const m = /^\*\/(\d+)$/.exec(minute ?? "");
  if (m && hour === "*") return Number(m[1]) * 60;
  if (/^\d+$/.test(minute ?? "") && hour === "*") return 3600;
  return null;
}

/** The values a field's parts match (`1-5/2` → 1, 3, 5). */
function valuesOf(parts: readonly FieldPart[]): number[] {
  const out = new Set<number>();
  for (const { from, to, step } of parts) for (let v = from; v <= to; v += step) out.add(v);
  return [...out];
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether cron would never run a (valid) schedule: with the day of week left as `*`, only the day of month
 * decides, and no month it names has that day (`0 0 30 2 *`, `0 0 31 4,6 *`).
 */
export function neverRuns(schedule: string): boolean {
  if (schedule.startsWith("@")) return false;
  const [, , dom, month, dow] = schedule.split(" ") as [string, string, string, string, string];
  if (!dow.startsWith("*") || dom.startsWith("*")) return false;
  const [days, months] = [fieldParts(dom, "day of month"), fieldParts(month, "month")];
  if (days === null || months === null) return false;
  const dates = valuesOf(days);
  return valuesOf(months).every((m) => dates.every((d) => d > DAYS_IN_MONTH[m - 1]!));
}
