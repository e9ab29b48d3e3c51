/**
 * The runtime versions a repository says it needs, as its package managers read them: package.json's
 * `engines.node` (npm with engine-strict refuses an older Node), `requires-python` in pyproject.toml and
 * `python_requires` in setup.py or setup.cfg (pip refuses an older interpreter), and go.mod's `go`
 * directive (the toolchain refuses an older Go). Keyed `file field`, each with the lowest version it admits.
 */
import type { Repository } from "../repository.js";

export interface RuntimeRequirement {
  /** The range as written (`>=18`, `>=3.11,<4`, `1.22`). */
  range: string;
  /** The lowest version the range admits, as numbers (`[18]`, `[3, 11]`); `[]` when any version will do. */
  minimum: readonly number[];
}

const VERSION = /^v?(\d+(?:\.(?:\d+|x|\*))*)/i;

function numbers(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(".")) {
    if (!/^\d+$/.test(part)) break;
    out.push(Number(part));
  }
  return out;
}

/** The lowest version an npm, PEP 440 or Go range admits: the smallest lower bound across its alternatives. */
export function minimumVersion(range: string): number[] {
  let lowest: number[] | null = null;
  for (const alternative of range.split("||")) {
    let bound: number[] = [];
    // Comparators are separated by spaces (npm) or commas (PEP 440); `- ` ranges start at their first version.
    for (const raw of alternative.split(/[\s,]+/).filter(Boolean)) {
      const m = /^(>=|>|\^|~=|~|==|=)?\s*(.*)$/.exec(raw)!;
      const op = m[1] ?? "";
      if (raw.startsWith("<") || raw.startsWith("!=")) continue;
      const version = VERSION.exec(m[2]!);
      if (!version) continue;
      const found = numbers(version[1]!);
      if (op === "" || op.startsWith(">") || op === "^" || op.startsWith("~") || op.startsWith("=")) {
        if (compareVersions(found, bound) > 0) bound = found;
      }
    }
    if (lowest === null || compareVersions(bound, lowest) < 0) lowest = bound;
  }
  return lowest ?? [];
}

/** Orders versions numerically, a missing part counting as 0. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function nodeEngines(content: string): string | null {
  try {
    const manifest: unknown = JSON.parse(content);
    const engines = typeof manifest === "object" && manifest !== null ? (manifest as Record<string, unknown>)["engines"] : undefined;
    const node = typeof engines === "object" && engines !== null ? (engines as Record<string, unknown>)["node"] : undefined;
    return typeof node === "string" ? node : null;
  } catch {
    return null;
  }
}

const READERS: Array<{ name: RegExp; field: string; read: (content: string) => string | null }> = [
  { name: /(^|\/)package\.json$/, field: "engines.node", read: nodeEngines },
  { name: /(^|\/)pyproject\.toml$/, field: "requires-python", read: (c) => /^\s*requires-python\s*=\s*["']([^"']+)["']/m.exec(c)?.[1] ?? null },
  { name: /(^|\/)setup\.py$/, field: "python_requires", read: (c) => /python_requires\s*=\s*["']([^"']+)["']/.exec(c)?.[1] ?? null },
  { name: /(^|\/)setup\.cfg$/, field: "python_requires", read: (c) => /^\s*python_requires\s*=\s*(.+?)\s*$/m.exec(c)?.[1] ?? null },
  { name: /(^|\/)go\.mod$/, field: "go", read: (c) => /^go\s+(\d+(?:\.\d+)*)\s*$/m.exec(c)?.[1] ?? null },
];

export function runtimeRequirements(repo: Repository): Map<string, RuntimeRequirement> {
  const out = new Map<string, RuntimeRequirement>();
  for (const [path, file] of repo) {
    if (path.includes("node_modules/")) continue;
    for (const reader of READERS) {
      if (!reader.name.test(path)) continue;
      const range = reader.read(file.content);
      if (range !== null) out.set(`${path} ${reader.field}`, { range, minimum: minimumVersion(range) });
    }
  }
  return out;
}
