/**
 * `breakfix eval` and `breakfix baseline`: the benchmark gates (the oracle at ≥ 0.9 and do-nothing at ≤ 0.05
 * on every scenario, through the command a user runs), the files eval writes, and bad usage.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EvaluationReport } from "../../baseline/report.js";
import { main } from "../../server/cli/main.js";
import { loadCatalog } from "../../tasks/catalog.js";

const dir = mkdtempSync(path.join(tmpdir(), "breakfix-eval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env, cwd: dir });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

const report = (agent: string): EvaluationReport => JSON.parse(readFileSync(path.join(dir, "out", `${agent}.json`), "utf8")) as EvaluationReport;
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

describe("breakfix baseline", () => {
  const task = catalog.tasks[0]!;
  it("prints per-scenario rows and per-task means as a table, or the report as JSON", async () => {
    const table = await cli(["baseline", "--task", task.task_id]);
    expect(table.code).toBe(0);
    for (const s of task.scenarios) expect(table.stdout).toContain(s.scenario_id);
    expect(table.stdout).toMatch(/overall\s+\d\.\d{3}/);
    const json = await cli(["baseline", "--scenario", task.scenarios[0]!.scenario_id, "--format", "json"]);
    const parsed = JSON.parse(json.stdout) as EvaluationReport;
    expect(parsed.episodes[0]).toMatchObject({ scenario_id: task.scenarios[0]!.scenario_id, steps: expect.any(Number), issues_fixed: expect.any(Number) });
  });

  it("exit 2 for an unknown task or format", async () => {
    expect((await cli(["baseline", "--task", "nope"])).code).toBe(2);
    expect((await cli(["baseline", "--format", "xml"])).code).toBe(2);
  });
});
