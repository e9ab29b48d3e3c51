/**
 * The package as a user gets it: a copy of the project is packed (`npm pack`, which builds through `prepare`),
 * the tarball is installed into an empty project, and there `breakfix --help` and `breakfix lint` run, a
 * TypeScript file importing the library API type-checks with the project's tsc, and every scenario's reference
 * solution still solves it (the base repositories ship inside the package). One pack per run.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../tasks/catalog.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);
/** npm's own variables of the `npm test` around this run stay out of the nested npm commands. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));

const CONSUMER_TS = `import { gradeTrajectory, lint, loadCatalog, simulate, startEpisode, type Action, type Diagnostic, type Observation, type ScoreBreakdown } from "breakfix";

const scenarioId: string = loadCatalog().scenarios[0]!.id;
const episode = startEpisode({ scenario_id: scenarioId });
const observation: Observation = episode.observe().observation;
const submit: Action = { action_type: "submit" };
const done: boolean = episode.step(submit).done;
const breakdown: ScoreBreakdown = gradeTrajectory(scenarioId, episode.state().actions).breakdown;
const found: Diagnostic[] = simulate({ Dockerfile: "FROM python:3.12-slim\\n" }).diagnostics.concat(lint(["Dockerfile"]));
// @ts-expect-error: the types are real: an action needs a known action_type
const wrong: Action = { action_type: "rm -rf" };
export const summary = [observation.error_message, done, breakdown.score, found.length, wrong];
`;

const CONSUMER_RUN = `import { gradeTrajectory, loadCatalog, startEpisode } from "breakfix";
const catalog = loadCatalog();
const unsolved = catalog.scenarios.filter((s) => !gradeTrajectory(s.id, s.solution).breakdown.solved).map((s) => s.id);
const files = startEpisode({ scenario_id: "matrix_version_failure" }).observe().observation.files;
console.log(JSON.stringify({ scenarios: catalog.scenarios.length, unsolved, npmrc: ".npmrc" in files }));
`;

let work: string;
let consumer: string;
let packed: Array<{ path: string }>;

async function sh(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "breakfix-package-"));
  // Packing builds dist/ afresh; a copy keeps the working tree's own dist/ out of it.
  const source = path.join(work, "source");
  const skipped = new Set(["node_modules", "dist", ".git", "results", "coverage"]);
  cpSync(ROOT, source, { recursive: true, filter: (from) => !skipped.has(path.relative(ROOT, from).split(path.sep)[0]!) });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(source, "node_modules"), "dir");
  const pack = await sh("npm", ["pack", "--json", "--pack-destination", work], source);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = info!.files;

  consumer = path.join(work, "consumer");
  cpSync(path.join(ROOT, "tests", "fixtures", "lint-clean"), path.join(consumer, "clean"), { recursive: true });
  writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
  const install = await sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", path.join(work, info!.filename)], consumer);
  if (install.code !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr}`);
}, 300_000);

// Removing an installed package's node_modules takes a while on a loaded machine.
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

describe("the packed package", () => {
  it("holds the built code, its declarations and the base repositories; no tests, bench, CI or scripts", () => {
    const paths = packed.map((f) => f.path);
    for (const needed of ["package.json", "README.md", "LICENSE", "dist/server/bin.js", "dist/lib/index.js", "dist/lib/index.d.ts", "dist/tasks/bases.json"]) {
      expect(paths).toContain(needed);
    }
    expect(paths.filter((p) => /^(tests|bench|\.ci|scripts|docs|node_modules)\//.test(p) || /\.test\.|(^|\/)tsconfig/.test(p))).toEqual([]);
    expect(paths.filter((p) => !p.startsWith("dist/") && !["package.json", "README.md", "LICENSE"].includes(p))).toEqual([]);
  });

  it("installs a breakfix command: --help, and lint with its exit status", async () => {
    const help = await sh("npx", ["--no", "--", "breakfix", "--help"], consumer);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: breakfix <command>");
    writeFileSync(path.join(consumer, "Dockerfile"), 'FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD ["python", "app.py"]\n');
    const broken = await sh("npx", ["--no", "--", "breakfix", "lint", "--format", "json", "Dockerfile"], consumer);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout)).toEqual([expect.objectContaining({ file: "Dockerfile", line: 3, code: "DF004", severity: "error" })]);
    const clean = await sh("npx", ["--no", "--", "breakfix", "lint", "clean"], consumer);
    expect({ code: clean.code, stdout: clean.stdout }).toEqual({ code: 0, stdout: "" });
  }, 120_000);

  it("exports generated scenarios on worker threads from the installed build", async () => {
    // The threads load dist/server/cli/export-worker.js: a build that left it out would fail here, not in the sources.
    const args = ["--no", "--", "breakfix", "export", "--count", "2", "--from", "3", "--quiet"];
    const threads = await sh("npx", [...args, "--workers", "2"], consumer);
    const one = await sh("npx", [...args, "--workers", "1"], consumer);
    expect(threads.code, threads.stderr).toBe(0);
    expect(threads.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).scenario_id)).toEqual(["gen:train:easy:3", "gen:train:easy:4"]);
    expect(threads.stdout).toBe(one.stdout);
  }, 120_000);

  it("imports as a typed library: a consumer's TypeScript type-checks with tsc", async () => {
    writeFileSync(path.join(consumer, "check.ts"), CONSUMER_TS);
    // skipLibCheck spares checking zod's and hono's own declarations; the @ts-expect-error line still fails the
    // check if breakfix's types were lost (everything `any`).
    const config = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: [], skipLibCheck: true }, files: ["check.ts"] };
    writeFileSync(path.join(consumer, "tsconfig.json"), JSON.stringify(config));
    const tsc = await sh(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], consumer);
    expect({ code: tsc.code, output: tsc.stdout + tsc.stderr }).toEqual({ code: 0, output: "" });
  }, 120_000);

  it("finds its base repositories where it is installed: every reference solution still solves its scenario", async () => {
    writeFileSync(path.join(consumer, "play.mjs"), CONSUMER_RUN);
    const played = await sh(process.execPath, ["play.mjs"], consumer);
    expect(played.stderr).toBe("");
    expect(JSON.parse(played.stdout)).toEqual({ scenarios: loadCatalog().scenarios.length, unsolved: [], npmrc: true });
  }, 120_000);
});
