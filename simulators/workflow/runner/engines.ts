/**
 * npm's engine check in a job: `npm ci` / `npm install` under the Node version `actions/setup-node` selected
 * (a matrix leg's `node-version`). npm only warns (EBADENGINE) about a package.json `engines` range the running
 * Node does not satisfy, and npm 6 (Node 14) says nothing at all; with `engine-strict=true` in the project's
 * .npmrc (or `--engine-strict`) it refuses to install. Texts from npm 6.14 and npm 10 (real-errors.md §F).
 */
import path from "node:path";
import { nodeOptionUnsupported } from "../rules/node-option-unsupported.js";
import { npmEngineUnsupported } from "../rules/npm-engine-unsupported.js";
import type { CommandResult, RunnerState } from "./state.js";

/** The Node release each major installs on hosted runners, with the npm it ships. */
const RELEASES: Record<number, { node: string; npm: string }> = {
  12: { node: "12.22.12", npm: "6.14.16" },
  14: { node: "14.21.3", npm: "6.14.18" },
  16: { node: "16.20.2", npm: "8.19.4" },
  18: { node: "18.20.8", npm: "10.8.2" },
  20: { node: "20.19.5", npm: "10.8.2" },
  22: { node: "22.20.0", npm: "10.9.3" },
  24: { node: "24.9.0", npm: "11.6.0" },
};

type Version = [number, number, number];

/** The concrete Node version setup-node installs for a `node-version` input (`14`, `18.x`, `20.11.1`); null for aliases. */
export function resolveNode(spec: string): { node: string; npm: string } | null {
  const m = /^v?(\d+)(?:\.(\d+|x))?(?:\.(\d+|x))?$/.exec(spec.trim());
  if (!m) return null;
  const release = RELEASES[Number(m[1])];
  if (m[2] !== undefined && m[2] !== "x" && m[3] !== undefined && m[3] !== "x") return { node: `${m[1]}.${m[2]}.${m[3]}`, npm: release?.npm ?? "10.8.2" };
  return release ?? null;
}

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

function readRepoFile(state: RunnerState, workspaceFile: string): string | undefined {
  const repoPath = state.workspace.get(workspaceFile);
  return repoPath === undefined ? undefined : state.repo.get(repoPath)?.content;
}

/** The refusal of an npm install in `cwd` under the job's Node, or null when npm goes ahead. */
export function engineRefusal(state: RunnerState, cwd: string, args: readonly string[]): CommandResult | null {
  if (state.node === null) return null;
  const running = resolveNode(state.node);
  if (!running) return null;
  const npmrc = readRepoFile(state, path.posix.join(cwd, ".npmrc")) ?? "";
  const strict = args.includes("--engine-strict") || /^\s*engine-strict\s*=\s*true\s*$/m.test(npmrc);
  if (!strict) return null;
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readRepoFile(state, path.posix.join(cwd, "package.json")) ?? "{}") as Record<string, unknown>;
  } catch {
    return null;
  }
  const engines = (pkg["engines"] ?? {}) as Record<string, unknown>;
  const wanted = typeof engines["node"] === "string" ? engines["node"] : null;
  if (wanted === null || satisfies(running.node, wanted)) return null;
  const id = `${String(pkg["name"] ?? "package")}@${String(pkg["version"] ?? "1.0.0")}`;
  const required = JSON.stringify({ node: wanted });
  const lines = running.npm.startsWith("6.")
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
  return { status: 1, output: lines, failure: { rule: npmEngineUnsupported, message: lines[1]!.replace(/^npm (ERR!|error) /, ""), lines, exitCode: 1 } };
}

/** Node options and the major release that introduced them. */
const NODE_OPTIONS_SINCE: Array<{ option: string; major: number }> = [{ option: "--test", major: 18 }];

/**
 * `npm test` / `npm run <script>` under the job's Node: a script that runs `node` with an option this Node does
 * not know stops as node does (`node: bad option: --test`, exit 9).
 */
export function scriptRefusal(state: RunnerState, cwd: string, args: readonly string[]): CommandResult | null {
  if (state.node === null) return null;
  const running = resolveNode(state.node);
  if (!running) return null;
  const major = Number(running.node.split(".")[0]);
  const sub = args[0] ?? "";
  const name = sub === "test" || sub === "t" ? "test" : sub === "start" ? "start" : sub === "run" || sub === "run-script" ? (args[1] ?? "") : "";
  if (name === "") return null;
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readRepoFile(state, path.posix.join(cwd, "package.json")) ?? "{}") as Record<string, unknown>;
  } catch {
    return null;
  }
  const scripts = (pkg["scripts"] ?? {}) as Record<string, unknown>;
  const script = typeof scripts[name] === "string" ? scripts[name] : "";
  for (const { option, major: since } of NODE_OPTIONS_SINCE) {
    if (major >= since || !runsNodeWith(script, option)) continue;
    const text = `node: bad option: ${option}`;
    const lines = [`> ${String(pkg["name"] ?? "package")}@${String(pkg["version"] ?? "1.0.0")} ${name}`, `> ${script}`, "", text];
    return { status: 9, output: lines, failure: { rule: nodeOptionUnsupported, message: text, lines, exitCode: 9 } };
  }
  return null;
}

/** Whether a script runs `node … <option>` in one of its commands. */
function runsNodeWith(script: string, option: string): boolean {
  return script.split(/&&|\|\||[;|]/).some((command) => {
    const words = command.trim().split(/\s+/);
    return words[0] === "node" && words.slice(1).includes(option);
  });
}
