/**
 * What PyPI serves for the packages the catalogue's apps use: each package's release series, their versions
 * and the oldest Python each series installs on (its `Requires-Python`). pip picks only versions whose
 * Requires-Python the image's interpreter meets, so `flask==3.0.3` on python:2.7 is not installable. A package
 * the catalogue does not list is unknown: pip is assumed to find it.
 *
 * The lists are what a scenario's world serves (a closed catalogue: a release not listed was never published).
 * For a user's own files (lint) they are a sample of PyPI, which publishes every day: a release not listed there
 * is unknown, not missing (fastapi 0.137.1 came out after the sample was taken).
 */

interface Series {
  versions: readonly string[];
  /** The oldest Python the series installs on, as major.minor. */
  python: string;
}

const range = (prefix: string, last: number, first = 0): string[] => Array.from({ length: last - first + 1 }, (_, i) => `${prefix}.${first + i}`);

const PACKAGES: Record<string, readonly Series[]> = {
  flask: [
    { versions: ["0.10", "0.10.1", "0.11", "0.11.1", ...range("0.12", 5, 0).map((v) => v.replace(/\.0$/, "")), "1.0", ...range("1.0", 4, 1), ...range("1.1", 4)], python: "2.7" },
    { versions: range("2.0", 3), python: "3.6" },
    { versions: [...range("2.1", 3), ...range("2.2", 5)], python: "3.7" },
    { versions: [...range("2.3", 3), ...range("3.0", 3)], python: "3.8" },
    { versions: range("3.1", 2), python: "3.9" },
  ],
  werkzeug: [
    { versions: ["0.16.1", ...range("1.0", 1)], python: "2.7" },
    { versions: range("2.0", 3), python: "3.6" },
    { versions: [...range("2.1", 2), ...range("2.2", 3)], python: "3.7" },
    { versions: [...range("2.3", 8), ...range("3.0", 6)], python: "3.8" },
    { versions: range("3.1", 3), python: "3.9" },
  ],
  gunicorn: [
    { versions: range("19.9", 0).concat(["19.10.0"]), python: "2.7" },
    { versions: [...range("20.0", 4), "20.1.0", "21.2.0"], python: "3.5" },
    { versions: ["22.0.0", "23.0.0"], python: "3.7" },
  ],
  sqlalchemy: [
    { versions: range("1.3", 24), python: "2.7" },
    { versions: range("1.4", 54), python: "2.7" },
    { versions: range("2.0", 36), python: "3.7" },
  ],
  "psycopg2-binary": [
    { versions: ["2.8.6"], python: "2.7" },
    { versions: range("2.9", 8), python: "3.6" },
    { versions: ["2.9.9"], python: "3.7" },
    { versions: ["2.9.10"], python: "3.8" },
  ],
  psycopg2: [
    { versions: ["2.8.6"], python: "2.7" },
    { versions: range("2.9", 8), python: "3.6" },
    { versions: ["2.9.9"], python: "3.7" },
    { versions: ["2.9.10"], python: "3.8" },
  ],
  requests: [
    { versions: [...range("2.25", 1), ...range("2.26", 0), ...range("2.27", 1)], python: "2.7" },
    { versions: [...range("2.28", 2), ...range("2.29", 0), ...range("2.30", 0), ...range("2.31", 0)], python: "3.7" },
    { versions: range("2.32", 3), python: "3.8" },
  ],
  django: [
    { versions: range("1.11", 29), python: "2.7" },
    { versions: range("2.2", 28), python: "3.5" },
    { versions: range("3.2", 25), python: "3.6" },
    { versions: [...range("4.1", 13), ...range("4.2", 16)], python: "3.8" },
    { versions: [...range("5.0", 9), ...range("5.1", 3)], python: "3.10" },
  ],
  celery: [
    { versions: range("4.4", 7), python: "2.7" },
    { versions: range("5.2", 7), python: "3.7" },
    { versions: [...range("5.3", 6), ...range("5.4", 0)], python: "3.8" },
  ],
  redis: [
    { versions: ["3.5.3"], python: "2.7" },
    { versions: range("4.6", 0).concat(range("5.0", 8)), python: "3.7" },
    { versions: range("5.1", 1).concat(["5.2.0", "5.2.1"]), python: "3.8" },
  ],
  fastapi: [
    { versions: ["0.95.2", "0.99.1", "0.103.2"], python: "3.7" },
    { versions: ["0.104.1", "0.109.2", "0.110.3", "0.111.1", "0.112.4", "0.115.0", "0.115.6"], python: "3.8" },
  ],
  uvicorn: [
    { versions: ["0.16.0"], python: "3.6" },
    { versions: ["0.20.0", "0.22.0"], python: "3.7" },
    { versions: ["0.24.0", "0.27.1", "0.29.0", "0.30.6", "0.32.1"], python: "3.8" },
  ],
  pydantic: [
    { versions: ["1.10.18", "2.5.3"], python: "3.7" },
    { versions: ["2.6.4", "2.7.4", "2.8.2", "2.9.2", "2.10.3"], python: "3.8" },
  ],
};

/**
 * A release as PEP 440 compares it: trailing zero segments do not count, so `django==4.2` is the release listed
 * as 4.2.0, and `flask==3.0` is 3.0.0.
 * @example releaseKey("4.2.0") === releaseKey("4.2") // "4.2"
 */
function releaseKey(version: string): string {
  return version.replace(/(\.0+)+$/, "");
}

function minorKey(version: string): number {
  const [major = "0", minor = "0"] = version.split(".");
  return Number(major) * 100 + Number(minor);
}

/** Whether release `version` exists and installs on Python `python` (major.minor or a full version). */
export type Installability =
  | { kind: "ok" }
  | { kind: "unknown" }
  | { kind: "no-such-version"; available: readonly string[] }
  | { kind: "needs-newer-python"; needs: string; available: readonly string[] };

/**
 * What pip makes of `name==version` on an image whose Python is `python`; `catalogue` says whether the lists are
 * all of PyPI (a scenario's closed world) or a sample of it (a user's files).
 */
export function installability(name: string, version: string, python: string, catalogue: "closed" | "open" = "closed"): Installability {
  const series = PACKAGES[name.toLowerCase()];
  if (!series) return { kind: "unknown" };
  const available = series.filter((s) => minorKey(python) >= minorKey(s.python)).flatMap((s) => s.versions);
  const release = releaseKey(version);
  const holding = series.find((s) => s.versions.some((v) => releaseKey(v) === release));
  if (!holding) return catalogue === "closed" ? { kind: "no-such-version", available } : { kind: "unknown" };
  if (minorKey(python) < minorKey(holding.python)) return { kind: "needs-newer-python", needs: holding.python, available };
  return { kind: "ok" };
}

/**
 * The lines pip prints when it cannot install `requirement`, as pip 20.3 (the last for Python 2) and later
 * versions print them.
 */
export function unsatisfiable(requirement: string, from: string | null, result: Exclude<Installability, { kind: "ok" | "unknown" }>, python: string): string[] {
  const where = from ? ` (from -r ${from} (line 1))` : "";
  const versions = result.available.length > 0 ? result.available.join(", ") : "none";
  const lines: string[] = [];
  if (result.kind === "needs-newer-python" && minorKey(python) >= 300) {
    lines.push(`ERROR: Ignored the following versions that require a different python version: ${requirement.split("==")[1]} Requires-Python >=${result.needs}`);
  }
  lines.push(`ERROR: Could not find a version that satisfies the requirement ${requirement}${where} (from versions: ${versions})`);
  lines.push(`ERROR: No matching distribution found for ${requirement}${where}`);
  return lines;
}
