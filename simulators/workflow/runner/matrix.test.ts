/** Matrix expansion as GitHub does it, npm's engine ranges, and what a run that stopped early still judged. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey, Findings } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { runWorkflow, simulateWorkflowFile } from "../simulator.js";
import { asMap, get, readWorkflowSource } from "../source.js";
import { satisfies } from "../rules/npm-engine-unsupported.js";
import { legName, matrixCombinations } from "./matrix.js";

function matrixOf(yaml: string) {
  const source = readWorkflowSource("ci.yml", `on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n${yaml}    steps:\n      - run: true\n`);
  const job = asMap(get(asMap(get(source.root, "jobs", source.doc)), "t", source.doc));
  return matrixCombinations(get(asMap(get(job, "strategy", source.doc)), "matrix", source.doc), source.doc);
}

describe("matrixCombinations", () => {
  it("is the product of the keys", () => {
    expect(matrixOf("        os: [ubuntu, macos]\n        node: [18, 20]\n")).toEqual([
      { os: "ubuntu", node: 18 },
      { os: "ubuntu", node: 20 },
      { os: "macos", node: 18 },
      { os: "macos", node: 20 },
    ]);
  });

  it("drops excluded combinations and extends or adds included ones", () => {
    const yaml = "        node: [14, 18, 20]\n        exclude:\n          - node: 14\n        include:\n          - node: 20\n            experimental: true\n          - node: 22\n";
    expect(matrixOf(yaml)).toEqual([{ node: 18 }, { node: 20, experimental: true }, { node: 22 }]);
  });

  it("reads values, items and include entries reached through aliases", () => {
    const ordered = "        include:\n          - &extra { node: 22, tag: &first latest }\n        node: &versions [18, 20]\n        lts: [*first]\n        os: *versions\n";
    expect(matrixOf(ordered)).toEqual([
      { node: 18, lts: "latest", os: 18 },
      { node: 18, lts: "latest", os: 20 },
      { node: 20, lts: "latest", os: 18 },
      { node: 20, lts: "latest", os: 20 },
      { node: 22, tag: "latest" },
    ]);
  });

  it("runs one leg per include entry when the matrix has no other key", () => {
    const yaml = "        include:\n          - platform: linux/amd64\n            arch: amd64\n          - platform: linux/arm64\n            arch: arm64\n";
    expect(matrixOf(yaml)).toEqual([
      { platform: "linux/amd64", arch: "amd64" },
      { platform: "linux/arm64", arch: "arm64" },
    ]);
    // Two entries alike are still two legs, as GitHub runs them.
    expect(matrixOf("        include:\n          - arch: amd64\n          - arch: amd64\n")).toHaveLength(2);
  });

  it("applies an include to the product's combinations only, never to one another include added (GitHub's own example)", () => {
    const yaml =
      "        fruit: [apple, pear]\n        animal: [cat, dog]\n        include:\n          - color: green\n          - color: pink\n            animal: cat\n" +
      "          - fruit: apple\n            shape: circle\n          - fruit: banana\n          - fruit: banana\n            animal: cat\n";
    expect(matrixOf(yaml)).toEqual([
      { fruit: "apple", animal: "cat", color: "pink", shape: "circle" },
      { fruit: "apple", animal: "dog", color: "green", shape: "circle" },
      { fruit: "pear", animal: "cat", color: "pink" },
      { fruit: "pear", animal: "dog", color: "green" },
      { fruit: "banana" },
      { fruit: "banana", animal: "cat" },
    ]);
  });

  it("is one empty leg for an include that is not a list, or a matrix with nothing in it", () => {
    expect(matrixOf("        include: linux\n")).toEqual([{}]);
    expect(matrixOf("        include: []\n")).toEqual([{}]);
  });

  it("keeps objects and arrays as values, matching include and exclude entries by their content", () => {
    // open-telemetry/opentelemetry-demo's component-build-images.yml: one axis of { file, tag_suffix, context } objects.
    const yaml = "        file_tag:\n          - { file: ./src/ad/Dockerfile, context: ./ }\n          - { file: ./src/cart/Dockerfile, context: ./, tags: [a, b] }\n        exclude:\n          - file_tag: { file: ./src/ad/Dockerfile, context: ./ }\n        include:\n          - file_tag: { file: ./src/cart/Dockerfile, context: ./, tags: [a, b] }\n            qemu: true\n";
    expect(matrixOf(yaml)).toEqual([{ file_tag: { file: "./src/cart/Dockerfile", context: "./", tags: ["a", "b"] }, qemu: true }]);
  });

  it("names legs as GitHub does", () => {
    expect(legName("build", { platform: "linux/arm64", arch: "arm64" })).toBe("build (linux/arm64, arm64)");
    expect(legName("build", {})).toBe("build");
  });
});

describe("satisfies", () => {
  it.each([
    ["14.21.3", ">=16", false],
    ["18.20.8", ">=16", true],
    ["20.19.5", "^18 || ^20", true],
    ["22.20.0", "^18 || ^20", false],
    ["18.20.8", ">=18 <23", true],
    ["23.1.0", ">=18 <23", false],
    ["16.20.2", "16.x", true],
    ["18.20.8", "~18.19", false],
  ] as const)("%s in %s: %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe("matrix legs", () => {
  const files = {
    "package.json": JSON.stringify({ name: "web", version: "1.0.0", engines: { node: ">=18" } }),
    "package-lock.json": "{}",
    ".npmrc": "engine-strict=true\n",
    "ci.yml": "",
  };
  const workflow = `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [20, 16]\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n      - run: npm ci\n  report:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n        with:\n          name: coverage\n`;
  const repo = repositoryFrom({ ...files, ".github/workflows/ci.yml": workflow });

  it("run one by one when expanded: a later leg's failure fails the job", () => {
    const first = runWorkflow(repo, parseWorld({}), ".github/workflows/ci.yml")!;
    expect(first.jobs.map((j) => [j.id, j.status])).toEqual([["test", "success"], ["report", "failure"]]);
    const all = runWorkflow(repo, parseWorld({}), ".github/workflows/ci.yml", { expandMatrix: true })!;
    expect(all.jobs.map((j) => [j.id, j.status])).toEqual([["test (20)", "success"], ["test (16)", "failure"], ["report", "failure"]]);
    expect(all.failures.map((f) => f.rule.code)).toEqual(["GHA111", "GHA110"]);
  });

  it("read an object value's fields: the Dockerfile a leg names is the one built, and one that is missing is refused", () => {
    const build = (file: string) =>
      `on: push\njobs:\n  images:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        file_tag:\n          - file: ${file}\n            context: ./\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/setup-buildx-action@v3\n      - uses: docker/build-push-action@v6\n        with:\n          context: \${{ matrix.file_tag.context }}\n          file: \${{ matrix.file_tag.file }}\n`;
    const files = { "src/ad/Dockerfile": "FROM alpine\n" };
    const run = (file: string) => runWorkflow(repositoryFrom({ ...files, ".github/workflows/images.yml": build(file) }), parseWorld({}), ".github/workflows/images.yml", { expandMatrix: true })!;
    expect(run("./src/ad/Dockerfile").failures.map((f) => f.rule.code)).toEqual([]);
    const missing = run("./src/cart/Dockerfile").failures;
    expect(missing.map((f) => f.rule.code)).toEqual(["GHA101"]);
    expect(missing[0]!.message).toContain("open Dockerfile: no such file or directory");
  });

  it("a rule is evaluated when every step it could fire at was reached", () => {
    const fixedEngines = repositoryFrom({ ...files, ".github/workflows/ci.yml": workflow.replace("[20, 16]", "[20, 22]") });
    const findings = new Findings();
    const run = simulateWorkflowFile(".github/workflows/ci.yml", fixedEngines, parseWorld({}), { worldKnown: true }, findings, { expandMatrix: true })!;
    expect(run.complete).toBe(false);
    expect(findings.checked.has(checkKey("GHA111", ".github/workflows/ci.yml"))).toBe(true);
    expect(findings.checked.has(checkKey("GHA104", ".github/workflows/ci.yml"))).toBe(true);
    // The failing download was the report job's last step: no file read was left unreached.
    expect(findings.checked.has(checkKey("GHA101", ".github/workflows/ci.yml"))).toBe(true);
    const readsAfter = repositoryFrom({ ...files, ".github/workflows/ci.yml": `${workflow.replace("[20, 16]", "[20, 22]")}      - run: cat coverage/summary.txt\n` });
    const later = new Findings();
    simulateWorkflowFile(".github/workflows/ci.yml", readsAfter, parseWorld({}), { worldKnown: true }, later, { expandMatrix: true });
    expect(later.checked.has(checkKey("GHA101", ".github/workflows/ci.yml"))).toBe(false);
    expect(later.checked.has(checkKey("GHA111", ".github/workflows/ci.yml"))).toBe(true);
  });
});
