/**
 * MAX_WORKFLOW_JOBS and MAX_WORKFLOW_STEPS: a repository whose workflows hold more jobs or steps than the
 * simulator runs has the file that takes it past refused (GHA001, naming the bound) before GitHub's parser
 * reads it, none of its jobs run, and nothing about it reads as clean; files within the bounds run as before.
 */
import { describe, expect, it } from "vitest";
import { lintFiles, simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";
import { forgetSections, keptSections } from "../incremental/sections.js";
import { MAX_WORKFLOW_JOBS, MAX_WORKFLOW_STEPS } from "./limits.js";
import { runWorkflow } from "./simulator.js";

const jobs = (n: number, steps = 1): string =>
  `on: push\njobs:\n${Array.from({ length: n }, (_, i) => `  j${i}: {runs-on: ubuntu-latest, steps: [${Array(steps).fill("{run: echo}").join(", ")}]}`).join("\n")}\n`;

function lint(files: Record<string, string>) {
  return simulateRepository(repositoryFrom(files), EMPTY_WORLD, { worldKnown: false }).diagnostics;
}

describe("the jobs and steps the simulator runs across a repository's workflows", () => {
  it("refuses a file of more than MAX_WORKFLOW_JOBS jobs, naming the bound, and runs none of them", () => {
    const file = ".github/workflows/ci.yml";
    const [d, ...rest] = lint({ [file]: jobs(MAX_WORKFLOW_JOBS + 1) });
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: "GHA001", severity: "error", file, line: 1 });
    expect(d!.message).toBe(`The repository's workflows come to 1001 jobs with this file's 1001, past the 1000 the simulator runs (MAX_WORKFLOW_JOBS): this file is not run`);
    expect(runWorkflow(repositoryFrom({ [file]: jobs(MAX_WORKFLOW_JOBS + 1) }), EMPTY_WORLD, file)).toBeNull();
    // At the bound the file runs: every job has its trace.
    expect(runWorkflow(repositoryFrom({ [file]: jobs(MAX_WORKFLOW_JOBS) }), EMPTY_WORLD, file)?.jobs).toHaveLength(MAX_WORKFLOW_JOBS);
  });

  it("counts the files in turn: the one that takes the total past the bound is refused, the ones before run", () => {
    // c.yml adds no job: past the bound still, it is read (and refused by GitHub for having none).
    const d = lint({ ".github/workflows/a.yml": jobs(600), ".github/workflows/b.yml": jobs(600), ".github/workflows/c.yml": "on: push\n" });
    expect(d.map((x) => [x.code, x.file])).toEqual([["GHA001", ".github/workflows/b.yml"], ["GHA005", ".github/workflows/c.yml"]]);
    expect(d[0]!.message).toContain("come to 1200 jobs with this file's 600");
  });

  it("holds each workflow lint was named outside .github/workflows/ to the bounds alone: no repository runs them together", () => {
    const named = (dir: string) =>
      lintFiles([{ path: `${dir}/a.yml`, content: jobs(600), mode: 0o644 }, { path: `${dir}/b.yml`, content: jobs(600), mode: 0o644 }], { kind: "auto", context: true }).filter((d) => d.code === "GHA001");
    expect(named("corpus")).toEqual([]);
    expect(named(".github/workflows").map((d) => d.file)).toEqual([".github/workflows/b.yml"]);
  });

  it("refuses a file past MAX_WORKFLOW_STEPS", () => {
    const d = lint({ ".github/workflows/ci.yml": jobs(2, MAX_WORKFLOW_STEPS / 2 + 1) });
    expect(d.map((x) => x.message)).toEqual([`The repository's workflows come to 5002 steps with this file's 5002, past the 5000 the simulator runs (MAX_WORKFLOW_STEPS): this file is not run`]);
  });

  it("counts each matrix leg of a delivery's run as a job: four 256-leg jobs are past the bound", () => {
    const matrix = `strategy: {matrix: {a: [${Array.from({ length: 16 }, (_, i) => i)}], b: [${Array.from({ length: 16 }, (_, i) => i)}]}}`;
    const legs = Array.from({ length: 4 }, (_, i) => `  t${i}: {runs-on: ubuntu-latest, ${matrix}, steps: [{run: echo}]}`).join("\n");
    const workflow = `on: push\njobs:\n${legs}\n  image: {runs-on: ubuntu-latest, steps: [{uses: actions/checkout@v4}, {run: docker build -t app .}]}\n`;
    const d = lint({ ".github/workflows/ci.yml": workflow, Dockerfile: "FROM alpine:3.19\n" });
    expect(d.map((x) => [x.code, x.message])).toEqual([["GHA001", expect.stringContaining("come to 1025 jobs with this file's 1025")]]);
  });

  it("keeps a later workflow's run when an earlier one within the bounds gains a step (its section is not run again)", () => {
    forgetSections();
    const later = ".github/workflows/release.yml";
    lint({ ".github/workflows/ci.yml": jobs(2), [later]: jobs(3) });
    const kept = keptSections();
    // ci.yml now has one step more: its own run is new, release.yml's is replayed, not run and kept again.
    lint({ ".github/workflows/ci.yml": jobs(2, 2), [later]: jobs(3) });
    expect(keptSections()).toBe(kept + 1);
  });
});
