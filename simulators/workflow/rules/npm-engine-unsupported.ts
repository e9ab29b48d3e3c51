/**
 * GHA111: `npm ci` refuses to install because the job's Node (setup-node, often a matrix leg) is outside the
 * package's `engines.node` range and the project's .npmrc sets `engine-strict=true`. Without engine-strict npm
 * only warns, so that is no failure here either.
 */
import { workflowRule } from "../events.js";
import type { NodeRelease } from "../events.js";
import { CI, workflowCase } from "./cases.js";
import { CHECKOUT } from "./run-cases.js";

const PACKAGE = JSON.stringify({ name: "web", version: "1.2.0", engines: { node: ">=16" } });

const matrixJob = (versions: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [${versions}]\n    steps:\n${CHECKOUT}      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n      - run: npm ci\n`;

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const m = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(text.trim());
  if (!m) return null;
  const n = (s: string | undefined) => (s === undefined || s === "x" || s === "*" ? 0 : Number(s));
  return [Number(m[1]), n(m[2]), n(m[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One comparator of a range (`>=16`, `^18.2`, `~20.1`, `18.x`, `*`). Unknown syntax satisfies: never invent a failure. */
function satisfiesComparator(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(comparator);
  if (!m || m[2] === "*" || m[2] === "x") return true;
  const target = parseVersion(m[2]!);
  if (!target) return true;
  const c = compare(v, target);
  const majorOnly = /^v?\d+(\.(x|\*))?$/.test(m[2]!.trim());
  switch (m[1]) {
    case ">=": return c >= 0;
    case "<=": return c <= 0;
    case ">": return majorOnly ? v[0] > target[0] : c > 0;
    case "<": return c < 0;
    case "^": return c >= 0 && v[0] === target[0];
    case "~": return c >= 0 && v[0] === target[0] && (majorOnly || v[1] === target[1]);
    default: return majorOnly ? v[0] === target[0] : c === 0;
  }
}

/**
 * Whether a version satisfies an npm range (`>=16`, `^18 || ^20`, `>=18 <23`).
 * @example satisfies("14.21.3", ">=16") // false
 */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return true;
  return range.split("||").some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1").split(/\s+/).filter(Boolean);
    return comparators.every((c) => satisfiesComparator(v, c));
  });
}

/** What npm prints when it refuses: npm 6 (ENOTSUP) and npm 7+ (EBADENGINE) word it differently. */
function refusalLines(id: string, wanted: string, running: NodeRelease): string[] {
  const required = JSON.stringify({ node: wanted });
  return running.npm.startsWith("6.")
    ? [
        "npm ERR! code ENOTSUP",
        `npm ERR! notsup Unsupported engine for ${id}: wanted: ${required} (current: {"node":"${running.node}","npm":"${running.npm}"})`,
        `npm ERR! notsup Not compatible with your version of node/npm: ${id}`,
        `npm ERR! notsup Required: ${required}`,
        `npm ERR! notsup Actual:   {"npm":"${running.npm}","node":"${running.node}"}`,
      ]
    : [
        "npm error code EBADENGINE",
        "npm error engine Unsupported engine",
        `npm error engine Not compatible with your version of node/npm: ${id}`,
        `npm error notsup Required: ${required}`,
        `npm error notsup Actual:   {"npm":"${running.npm}","node":"v${running.node}"}`,
      ];
}

export const npmEngineUnsupported = workflowRule({
  code: "GHA111",
  name: "npm-engine-unsupported",
  stage: "build",
  summary: "npm ci under a Node version outside package.json `engines` fails when .npmrc sets engine-strict=true",
  severity: "error",
  phase: "run",
  on: {
    "npm-install"(e, ctx) {
      if (e.node === null || e.manifest === null) return;
      const strict = e.argv.includes("--engine-strict") || /^\s*engine-strict\s*=\s*true\s*$/m.test(e.npmrc);
      if (!strict) return;
      const engines = (e.manifest["engines"] ?? {}) as Record<string, unknown>;
      const wanted = typeof engines["node"] === "string" ? engines["node"] : null;
      if (wanted === null || satisfies(e.node.node, wanted)) return;
      const id = `${String(e.manifest["name"] ?? "package")}@${String(e.manifest["version"] ?? "1.0.0")}`;
      const lines = refusalLines(id, wanted, e.node);
      ctx.report(e.at, lines[1]!.replace(/^npm (ERR!|error) /, ""), { output: lines, exitCode: 1 });
    },
  },
  cases: {
    valid: [
      workflowCase(matrixJob("18, 20"), { files: { "package.json": PACKAGE, "package-lock.json": "{}", ".npmrc": "engine-strict=true\n" } }),
      workflowCase(matrixJob("14, 18"), { files: { "package.json": PACKAGE, "package-lock.json": "{}" } }),
    ],
    invalid: [
      workflowCase(matrixJob("14, 18"), {
        files: { "package.json": PACKAGE, "package-lock.json": "{}", ".npmrc": "engine-strict=true\n" },
        file: CI,
        line: 13,
        message: 'Unsupported engine for web@1.2.0: wanted: {"node":">=16"}',
      }),
    ],
  },
});
