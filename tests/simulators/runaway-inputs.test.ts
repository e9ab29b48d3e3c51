/**
 * Inputs that grow without bound if a simulator builds what they describe: a matrix of 10^10 legs, a value that
 * doubles itself, an edit distance over a 30,000-character name. Each is answered at once through the public
 * entry point, as the tool would (a refused file, a failed step or build), never as an internal error.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../../simulators/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import { editDistance, withinEdits } from "../../simulators/images/edit-distance.js";
import { FROMJSON_MAX_DEPTH } from "../../simulators/workflow/limits.js";
import { expandMatrix, MAX_MATRIX_LEGS } from "../../simulators/workflow/runner/matrix.js";
import { jobsOf } from "../../simulators/workflow/model.js";
import { order, transitiveNeeds } from "../../simulators/workflow/runner/job-graph.js";
import { readWorkflowSource } from "../../simulators/workflow/source.js";

const simulate = (files: Record<string, string>) => simulateRepository(repositoryFrom(files), EMPTY_WORLD, { worldKnown: false, context: true });

const matrixJob = (matrix: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: echo \${{ matrix.a0 }}\n`;

const axes = (n: number, size: number): string =>
  Array.from({ length: n }, (_, i) => `        a${i}: [${Array.from({ length: size }, (_, v) => v).join(", ")}]\n`).join("");

function legsOf(yaml: string) {
  const source = readWorkflowSource("ci.yml", matrixJob(yaml));
  const jobs = source.doc!.getIn(["jobs", "test", "strategy", "matrix"], true);
  return expandMatrix(jobs, source.doc);
}

describe("a workflow matrix", () => {
  it("of ten axes of ten values is refused as GitHub refuses it, without building a leg", () => {
    const result = simulate({ ".github/workflows/ci.yml": matrixJob(axes(10, 10)) });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toContainEqual(["GHA017", "Strategy expansion exceeded 256 results for job 'test'"]);
    expect(legsOf(axes(10, 10))).toEqual({ refused: "too-many-legs", product: 1e10 });
  });

  it("is counted after its excludes: 260 combinations less 4 is 256 legs, and runs", () => {
    const excluded = "        exclude:\n" + [0, 1, 2, 3].map((b) => `          - a0: 0\n            a1: ${b}\n`).join("");
    const legs = legsOf(`${axes(1, 13)}        a1: [${Array.from({ length: 20 }, (_, v) => v).join(", ")}]\n${excluded}`);
    expect(Array.isArray(legs) && legs.length).toBe(MAX_MATRIX_LEGS);
  });

  it("whose excludes empty a product of millions stops at the walk's bound, saying so", () => {
    // 10^8 combinations, every one excluded by its first axis: the lower bound says nothing, the walk is cut.
    const excludes = "        exclude:\n" + Array.from({ length: 10 }, (_, v) => `          - a0: ${v}\n`).join("");
    expect(legsOf(axes(8, 10) + excludes)).toEqual({ refused: "too-long-to-expand", product: 1e8 });
    const result = simulate({ ".github/workflows/ci.yml": matrixJob(axes(8, 10) + excludes) });
    expect(result.diagnostics.find((d) => d.code === "GHA017")?.message).toMatch(/^Strategy expansion for job 'test' was not finished: its 100000000 combinations/);
  });
});

const quadrupled = (assign: (i: number) => string): string => Array.from({ length: 40 }, (_, i) => assign(i)).join("");

describe("a value that grows by substituting itself", () => {
  it("in a RUN script fails the step as dash fails, out of space", () => {
    const run = `a=x; ${quadrupled(() => "a=$a$a$a$a; ")}echo done > /done`;
    const result = simulate({ Dockerfile: `FROM alpine:3.20\nRUN ${run}\n` });
    const failed = result.diagnostics.find((d) => d.severity === "error");
    expect(failed?.log).toContain("/bin/sh: 1: Out of space");
    expect(failed?.message).toMatch(/exit code: 2/);
  });

  it("in Dockerfile ENV substitution fails the build, naming the bound", () => {
    const dockerfile = `FROM alpine:3.20\nENV A=x\n${quadrupled(() => "ENV A=$A$A$A$A\n")}RUN echo ok\n`;
    const result = simulate({ Dockerfile: dockerfile });
    const failed = result.diagnostics.find((d) => d.code === "DF014");
    expect(failed?.message).toBe('failed to process "$A$A$A$A": the value would grow to 1048576 characters, past the 1048576 the simulator holds (MAX_VALUE_CHARS)'.replace("grow to 1048576", "grow to 4194304"));
    expect(failed?.line).toBe(13);
  });
});

describe("a near-miss name", () => {
  it("of 60,000 characters is compared in a band, not a 3.6-billion-cell table", () => {
    const stage = "b".repeat(60_000);
    const dockerfile = `FROM alpine:3.20 AS ${stage}\nRUN echo built\nFROM alpine:3.20\nCOPY --from=${stage}x /out /out\n`;
    const result = simulate({ Dockerfile: dockerfile });
    // BuildKit reads the near miss as an image reference, one too long to be one.
    expect(result.diagnostics.find((d) => d.code === "DF006")?.message).toMatch(/^failed to parse stage name "b+x": repository name must not be more than 255 characters$/);
  });

  it("is within a bound exactly when its full edit distance is (every pair of short words over a small alphabet)", () => {
    const words = [""];
    for (let length = 1; length <= 4; length++) for (const w of words.filter((x) => x.length === length - 1)) for (const c of "ab") words.push(w + c);
    for (const a of words) for (const b of words) for (const max of [0, 1, 2]) expect(withinEdits(a, b, max)).toBe(editDistance(a, b) <= max);
  });
});

describe("a workflow value that grows by substituting itself", () => {
  const job = (steps: string, env = ""): string => `on: push\n${env}jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;

  it("in a run: script stops bash as running out of memory does, and fails the step", () => {
    const script = `          a=x\n${quadrupled(() => "          a=$a$a$a$a\n")}          echo done\n`;
    const result = simulate({ ".github/workflows/ci.yml": job(`      - run: |\n${script}`) });
    const failed = result.diagnostics.find((d) => d.code === "GHA116");
    expect(failed?.message).toBe("Process completed with exit code 2.");
    expect(failed?.log).toMatch(/\.sh: line 12: xrealloc: cannot allocate 4194304 bytes/);
  });

  it("in a step's env: values and nested format() is held at the bound, without an internal error", () => {
    const env = `        env:\n          A0: x\n${Array.from({ length: 40 }, (_, i) => `          A${i + 1}: \${{ env.A${i} }}\${{ env.A${i} }}\${{ env.A${i} }}\${{ env.A${i} }}\n`).join("")}`;
    const nested = Array.from({ length: 12 }).reduce<string>((inner) => `format('{0}{0}{0}{0}', ${inner})`, "'x'");
    const steps = `      - run: echo "\${{ ${nested} }}" "$A40"\n${env}`;
    const result = simulate({ ".github/workflows/ci.yml": job(steps) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("read by fromJSON past Json.NET's 64 levels is unknown, not walked until the stack overflows", () => {
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    for (const n of [FROMJSON_MAX_DEPTH, 5000]) {
      const steps = `      - run: echo "\${{ fromJSON('${deep(n)}') }}" "\${{ toJSON(fromJSON('${deep(n)}')) }}"\n      - if: contains(fromJSON('${deep(n)}'), 'x')\n        run: exit 1\n`;
      expect(simulate({ ".github/workflows/ci.yml": job(steps) }).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    }
  });
});

describe("a workflow of many jobs", () => {
  /** The jobs of a workflow of `n` one-step jobs, each needing the one written below it, counting how often a job's needs are read. */
  function countedChain(n: number) {
    let text = "on: push\njobs:\n";
    for (let i = 0; i < n; i++) text += `  j${i}: {runs-on: ubuntu-latest, ${i < n - 1 ? `needs: j${i + 1}, ` : ""}steps: [{run: echo}]}\n`;
    const source = readWorkflowSource(`chain-${n}.yml`, text);
    const reads = { count: 0 };
    for (const job of jobsOf(source)) {
      const needs = job.needs;
      Object.defineProperty(job, "needs", { get: () => (reads.count++, needs) });
    }
    return { source, jobs: jobsOf(source), reads };
  }

  it("written bottom-up is ordered reading each job's needs a bounded number of times, not once per pass", () => {
    const { jobs, reads } = countedChain(300);
    const ordered = order(jobs);
    expect(ordered.map((j) => j.id)).toEqual(jobs.map((j) => j.id).reverse());
    // A pass over every job per job taken read them 45,150 times.
    expect(reads.count).toBeLessThanOrEqual(3 * jobs.length);
  });

  it("finds what each job waits for without reading every job again per job", () => {
    const { source, jobs, reads } = countedChain(300);
    expect([...transitiveNeeds("j297", source)]).toEqual(["j298", "j299"]);
    for (const job of jobs.slice(-10)) transitiveNeeds(job.id, source);
    // The needs of all 300 jobs were read again at every call.
    expect(reads.count).toBeLessThanOrEqual(jobs.length);
  });

  it("orders jobs as passes over the file do: a need written above is taken in the same pass, a cycle never", () => {
    const source = readWorkflowSource(
      "passes.yml",
      "on: push\njobs:\n  a: {runs-on: x, needs: b, steps: [{run: echo}]}\n  b: {runs-on: x, steps: [{run: echo}]}\n  c: {runs-on: x, needs: b, steps: [{run: echo}]}\n  d: {runs-on: x, needs: [e], steps: [{run: echo}]}\n  e: {runs-on: x, needs: d, steps: [{run: echo}]}\n  f: {runs-on: x, needs: [nowhere], steps: [{run: echo}]}\n",
    );
    expect(order(jobsOf(source)).map((j) => j.id)).toEqual(["b", "c", "f", "a"]);
  });
});
