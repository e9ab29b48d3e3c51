/**
 * `breakfix eval` and `breakfix baseline`: the benchmark gates (the oracle at ≥ 0.9 and do-nothing at ≤ 0.05
 * on every scenario, through the command a user runs), the files eval writes, and bad usage.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Provenance } from "../../baseline/provenance.js";
import type { EvaluationReport } from "../../baseline/report.js";
import { main } from "../../server/cli/main.js";
import { gitCommit } from "../../server/git-commit.js";
import { packageInfo, packageRoot } from "../../server/package-info.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { fakeOpenAI } from "./fake-openai.js";

const dir = mkdtempSync(path.join(tmpdir(), "breakfix-eval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}, stderrIsTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env, cwd: dir, stderrIsTTY });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

/** The progress lines of a run's stderr (everything but the closing `wrote …`). */
const progressLines = (stderr: string) => stderr.split("\n").filter((l) => l !== "" && !l.startsWith("wrote "));

const report = (agent: string, out = "out"): EvaluationReport & { provenance: Provenance } => JSON.parse(readFileSync(path.join(dir, out, `${agent}.json`), "utf8"));
const catalog = loadCatalog();

describe("breakfix eval", () => {
  it("the oracle scores at least 0.9 on every scenario, and its table says it reads hidden data", async () => {
    const res = await cli(["eval", "--agent", "oracle", "--out", "out"]);
    expect(res.code).toBe(0);
    const oracle = report("oracle");
    expect(oracle.episodes).toHaveLength(catalog.scenarios.length);
    for (const e of oracle.episodes) expect({ id: e.scenario_id, ok: e.score >= 0.9 && e.solved }).toEqual({ id: e.scenario_id, ok: true });
    expect(oracle.reads_hidden_data).toBe(true);
    const md = readFileSync(path.join(dir, "out", "oracle.md"), "utf8");
    expect(md).toContain("oracle¹");
    expect(md).toContain("reference solution");
    expect(res.stdout).toBe(md);
  });

  it("do-nothing scores at most 0.05 and fixes nothing on every scenario", async () => {
    expect((await cli(["eval", "--agent", "noop", "--out", "out"])).code).toBe(0);
    for (const e of report("noop").episodes) expect({ id: e.scenario_id, score: e.score <= 0.05, fixed: e.issues_fixed }).toEqual({ id: e.scenario_id, score: true, fixed: 0 });
  });

  it("the baseline's table has a row per task and an overall row, between the floor and the oracle", async () => {
    expect((await cli(["eval", "--agent", "baseline", "--out", "out"])).code).toBe(0);
    const baseline = report("baseline");
    expect(baseline.tasks.map((t) => t.task_id)).toEqual(catalog.tasks.map((t) => t.task_id));
    expect(baseline.reads_hidden_data).toBe(false);
    const md = readFileSync(path.join(dir, "out", "baseline.md"), "utf8");
    expect(md).toMatch(/\| task \| difficulty \| episodes \| mean score \| solve rate \| mean steps \| hints \| issues fixed \|/);
    expect(md).toContain("| **overall** |");
    expect(md).not.toContain("¹");
    for (const e of baseline.episodes) {
      expect(e.score).toBeGreaterThanOrEqual(0.01);
      expect(e.score).toBeLessThanOrEqual(0.99);
      expect(e.hints_used).toBe(0);
    }
    // The honest baseline does well where faults are single and named by the log.
    const easy = baseline.tasks.filter((t) => t.difficulty === "easy");
    for (const t of easy) expect(t.mean_score).toBeGreaterThanOrEqual(0.6);
  });

  it("several agents give a comparison table, the floor and the oracle beside the baseline", async () => {
    const task = catalog.tasks[0]!.task_id;
    const res = await cli(["eval", "--agent", "baseline,oracle,noop", "--task", task, "--out", "cmp"]);
    expect(res.code).toBe(0);
    const md = readFileSync(path.join(dir, "cmp", "comparison.md"), "utf8");
    expect(md).toContain("| baseline score | baseline solved | oracle¹ score | oracle¹ solved | noop score | noop solved |");
    expect(md).toContain(`| ${task} |`);
    expect(md).toContain("| **overall** |");
    expect(res.stdout).toBe(md);
  });

  it("one task, one scenario; bad usage exits 2", async () => {
    const one = await cli(["eval", "--agent", "noop", "--scenario", catalog.scenarios[0]!.id, "--out", "one"]);
    expect(one.code).toBe(0);
    expect((await cli(["eval"])).stderr).toContain("--agent is required");
    expect((await cli(["eval", "--agent", "genius"])).code).toBe(2);
    expect((await cli(["eval", "--agent", "noop", "--task", "nope"])).stderr).toContain("unknown task 'nope'");
    const llm = await cli(["eval", "--agent", "llm"]);
    expect(llm.code).toBe(2);
    expect(llm.stderr).toContain("MODEL_NAME");
  });
});

describe("progress and provenance", () => {
  it("an eval over every scenario prints a progress line each and writes its provenance into the JSON and the Markdown", async () => {
    const total = catalog.scenarios.length;
    const before = new Date();
    const res = await cli(["eval", "--agent", "oracle", "--out", "prov"]);
    expect(res.code).toBe(0);
    const lines = progressLines(res.stderr);
    expect(lines).toHaveLength(total);
    lines.forEach((line, i) => expect(line).toMatch(new RegExp(`^\\[\\s*${i + 1}/${total}\\] oracle [a-z0-9_]+/[a-z0-9_]+ score 0\\.\\d{3} solved \\d+ steps?$`)));
    expect(new Set(lines.map((l) => / oracle (\S+) /.exec(l)?.[1]))).toEqual(new Set(catalog.scenarios.map((s) => `${s.task_id}/${s.id}`)));

    const { provenance } = report("oracle", "prov");
    const commit = gitCommit(packageRoot());
    expect(provenance).toEqual({
      breakfix_version: packageInfo().version,
      ...(commit === undefined ? {} : { git_commit: commit }),
      date: expect.any(String),
      node_version: process.version,
      agent: "oracle",
      selection: { task_id: null, scenario_id: null, scenarios: catalog.scenarios.map((s) => s.id) },
      seeds: null,
    });
    expect(new Date(provenance.date).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const md = readFileSync(path.join(dir, "prov", "oracle.md"), "utf8");
    for (const row of [`| breakfix | ${packageInfo().version} |`, `| date | ${provenance.date} |`, `| Node.js | ${process.version} |`, "| agent | oracle |", `| scenarios | every scenario (${total}) |`, "| seeds | none: each scenario once, chosen by id |"]) {
      expect(md).toContain(row);
    }
    if (commit !== undefined) expect(md).toContain(`| git commit | ${commit} |`);
  });

  it("a checkout's commit is recorded: this one's, read from .git", () => {
    const commit = gitCommit(packageRoot());
    if (existsSync(path.join(packageRoot(), ".git"))) expect(commit).toMatch(/^[0-9a-f]{40}$/);
    else expect(commit).toBeUndefined();
  });

  it("--quiet silences the progress; on a terminal it is a bar redrawn once per episode", async () => {
    const task = catalog.tasks[0]!;
    const quiet = await cli(["eval", "--agent", "noop", "--task", task.task_id, "--out", "quiet", "--quiet"]);
    expect(progressLines(quiet.stderr)).toEqual([]);
    const tty = await cli(["eval", "--agent", "noop", "--task", task.task_id, "--out", "tty"], {}, true);
    const redraws = tty.stderr.split("\r\x1b[2K").slice(1);
    expect(redraws).toHaveLength(task.scenarios.length);
    expect(redraws.at(-1)).toMatch(/^\[#{24}\] 5\/5 noop \w+ 0\.050\n/);
    expect(redraws[0]).toMatch(/^\[#{5}-{19}\] 1\/5 noop /);
  });

  it("an LLM run records its model and base URL, and a task selection, in both files and the comparison", async () => {
    const fake = await fakeOpenAI([]);
    try {
      const task = catalog.tasks[2]!;
      const env = { API_BASE_URL: fake.url, MODEL_NAME: "fake-model", OPENAI_API_KEY: "sk-test" };
      const res = await cli(["eval", "--agent", "llm,noop", "--task", task.task_id, "--out", "llm"], env);
      expect(res.code).toBe(0);
      expect(progressLines(res.stderr)).toHaveLength(2 * task.scenarios.length);
      const { provenance } = report("llm", "llm");
      expect(provenance).toMatchObject({ agent: "llm:fake-model", model: "fake-model", base_url: fake.url, selection: { task_id: task.task_id, scenario_id: null } });
      expect(JSON.stringify(provenance)).not.toContain("sk-test");
      const md = readFileSync(path.join(dir, "llm", "llm.md"), "utf8");
      expect(md).toContain("| model | fake-model |");
      expect(md).toContain(`| base URL | ${fake.url} |`);
      expect(md).toContain(`| scenarios | task ${task.task_id} (5 scenarios) |`);
      expect(readFileSync(path.join(dir, "llm", "comparison.md"), "utf8")).toContain("| agent | llm:fake-model, noop |");
    } finally {
      await fake.close();
    }
  });
});

describe("breakfix baseline", () => {
  const task = catalog.tasks[0]!;
  it("prints per-scenario rows and per-task means as a table, or the report as JSON", async () => {
    const table = await cli(["baseline", "--task", task.task_id]);
    expect(table.code).toBe(0);
    for (const s of task.scenarios) expect(table.stdout).toContain(s.scenario_id);
    expect(table.stdout).toMatch(/overall\s+\d\.\d{3}/);
    expect(table.stdout).toContain(`breakfix ${packageInfo().version}`);
    expect(progressLines(table.stderr)).toHaveLength(task.scenarios.length);
    const json = await cli(["baseline", "--scenario", task.scenarios[0]!.scenario_id, "--format", "json", "--quiet"]);
    const parsed = JSON.parse(json.stdout) as EvaluationReport & { provenance: Provenance };
    expect(parsed.episodes[0]).toMatchObject({ scenario_id: task.scenarios[0]!.scenario_id, steps: expect.any(Number), issues_fixed: expect.any(Number) });
    expect(parsed.provenance).toMatchObject({ agent: "baseline", selection: { scenario_id: task.scenarios[0]!.scenario_id, scenarios: [task.scenarios[0]!.scenario_id] } });
    expect(json.stderr).toBe("");
  });

  it("exit 2 for an unknown task or format", async () => {
    expect((await cli(["baseline", "--task", "nope"])).code).toBe(2);
    expect((await cli(["baseline", "--format", "xml"])).code).toBe(2);
  });
});
