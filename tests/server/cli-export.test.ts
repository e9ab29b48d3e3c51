/**
 * `breakfix export` and `breakfix eval --jsonl` over generated scenarios: every export line fits the schema,
 * holds nothing hidden beyond the oracle trajectory, and its oracle solves the scenario its id rebuilds; the
 * count is what was asked; bad usage exits 2; eval's JSONL trajectories replay to their scores.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ExportLineSchema } from "../../generator/export.js";
import { servedCatalog } from "../../generator/family.js";
import { gradeTrajectory } from "../../graders/grade.js";
import type { CliIO } from "../../server/cli/io.js";
import { main } from "../../server/cli/main.js";
import { defaultWorkers } from "../../server/cli/cli-worker.js";

const dir = mkdtempSync(path.join(tmpdir(), "breakfix-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd: dir };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe("breakfix export", () => {
  it("writes one valid line per seed, nothing hidden, each oracle solving its scenario", async () => {
    const out = await run(["export", "--split", "train", "--difficulty", "medium", "--count", "12", "--from", "40", "--out", "train.jsonl", "--quiet"]);
    expect(out.code, out.stderr).toBe(0);
    const lines = readFileSync(path.join(dir, "train.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(12);
    const parsed = lines.map((l) => ExportLineSchema.parse(JSON.parse(l)));
    expect(parsed.map((p) => p.seed)).toEqual(Array.from({ length: 12 }, (_, i) => 40 + i));
    for (const line of parsed) {
      expect(line.scenario_id).toBe(`gen:train:medium:${line.seed}`);
      expect(line.hints).toHaveLength(line.issues_total);
      expect(line.error_message).not.toBeNull();
      expect(line.oracle.at(-1)).toEqual({ action_type: "submit" });
    }
    for (const hidden of ["description", "detection", "world", "issues", "baseFiles", "stage"]) expect(lines[0]).not.toContain(`"${hidden}"`);
    const catalog = servedCatalog();
    for (const line of parsed.slice(0, 3)) {
      const scenario = catalog.scenario(line.scenario_id)!;
      expect(Object.fromEntries(Object.entries(scenario.files).map(([p, f]) => [p, f.content]))).toEqual(line.files);
      expect(gradeTrajectory(catalog, scenario, line.oracle).breakdown.score).toBeGreaterThanOrEqual(0.9);
    }
  }, 120_000);

  it("writes to stdout without --out, and the same seeds give the same bytes", async () => {
    const a = await run(["export", "--split", "test", "--count", "2", "--quiet"]);
    const b = await run(["export", "--split", "test", "--count", "2", "--quiet"]);
    expect(a.code).toBe(0);
    expect(a.stdout.trimEnd().split("\n")).toHaveLength(2);
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout.split("\n")[0]!).split).toBe("test");
  }, 60_000);

  it("writes the same bytes on worker threads as on one thread, in seed order, however the seeds finish", async () => {
    // Seeds of unequal cost on purpose: a later seed may finish first on the other thread, and waits its turn.
    const args = ["export", "--split", "validation", "--difficulty", "hard", "--count", "4", "--from", "11", "--quiet"];
    const one = await run([...args, "--workers", "1"]);
    const two = await run([...args, "--workers", "2"]);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).seed)).toEqual([11, 12, 13, 14]);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  }, 120_000);

  it("starts one thread per core but one by default, none for few seeds", () => {
    expect(defaultWorkers(10_000, 200, 2)).toBe(1); // two cores: generating in-process keeps them busy
    expect(defaultWorkers(10_000, 200, 8)).toBe(7);
    expect(defaultWorkers(500, 200, 8)).toBe(2);
    expect(defaultWorkers(12, 200, 8)).toBe(1);
    expect(defaultWorkers(12, 200, 1)).toBe(1);
  });

  it("refuses bad usage with exit status 2", async () => {
    expect((await run(["export", "--count", "2", "--workers", "0"])).code).toBe(2);
    expect((await run(["export", "--split", "train"])).code).toBe(2);
    expect((await run(["export", "--count", "3", "--split", "holdout"])).code).toBe(2);
    expect((await run(["export", "--count", "0"])).code).toBe(2);
    expect((await run(["export", "--count", "2", "--difficulty", "nightmare"])).code).toBe(2);
    expect((await run(["export", "--count", "1", "--out", "no/such/dir/x.jsonl"])).code).toBe(2);
  });
});

describe("breakfix eval --jsonl", () => {
  it("plays the same episodes on worker threads as on one thread: results, tables and trajectories", async () => {
    const args = ["eval", "--agent", "baseline", "--split", "train", "--difficulty", "easy,expert", "--count", "2", "--from", "5", "--jsonl", "--quiet"];
    const one = await run([...args, "--workers", "1", "--out", "one"]);
    const two = await run([...args, "--workers", "2", "--out", "two"]);
    expect(two.code, two.stderr).toBe(0);
    const undated = (table: string) => table.replace(/^\| date \| .* \|$/m, "");
    expect(undated(two.stdout)).toBe(undated(one.stdout));
    // Episode ids are fresh per episode, and the provenance has the date: the rest is the same bytes.
    const read = (folder: string, file: string) => readFileSync(path.join(dir, folder, file), "utf8").replace(/"episode_id":"[^"]+"/g, "").replace(/"episode_id": "[^"]+"/g, "");
    const report = (folder: string) => JSON.parse(read(folder, "baseline.json")) as { provenance: unknown; episodes: { scenario_id: string }[] };
    expect({ ...report("two"), provenance: null }).toEqual({ ...report("one"), provenance: null });
    expect(report("two").episodes.map((e) => e.scenario_id)).toEqual(["gen:train:easy:5", "gen:train:easy:6", "gen:train:expert:5", "gen:train:expert:6"]);
    expect(read("two", "baseline.jsonl")).toBe(read("one", "baseline.jsonl"));
  }, 120_000);

  it("writes one trajectory per generated episode, replaying to its score", async () => {
    const out = await run(["eval", "--agent", "oracle", "--split", "validation", "--difficulty", "easy,hard", "--count", "2", "--jsonl", "--out", "results", "--quiet"]);
    expect(out.code, out.stderr).toBe(0);
    const lines = readFileSync(path.join(dir, "results", "oracle.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { scenario_id: string; score: number; actions: never[]; turns: unknown[] });
    expect(lines.map((l) => l.scenario_id)).toEqual(["gen:validation:easy:0", "gen:validation:easy:1", "gen:validation:hard:0", "gen:validation:hard:1"]);
    const catalog = servedCatalog();
    for (const line of lines) {
      expect(line.turns.length).toBe(line.actions.length);
      expect(line.score).toBeGreaterThanOrEqual(0.9);
      expect(gradeTrajectory(catalog, catalog.scenario(line.scenario_id)!, line.actions).breakdown.score).toBe(line.score);
    }
  }, 120_000);

  it("refuses generated selection mixed with --task, or without --count", async () => {
    expect((await run(["eval", "--agent", "noop", "--split", "train", "--task", "generated", "--count", "1"])).code).toBe(2);
    expect((await run(["eval", "--agent", "noop", "--difficulty", "easy"])).code).toBe(2);
  });
});
