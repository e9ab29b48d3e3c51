/**
 * What GitHub's own parser decides at the parse stage, on shapes real workflows use: files it accepts get no
 * parse-stage error, files it refuses get its reason at its position under the rule that owns it.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";

const CI = ".github/workflows/ci.yml";

function parseFindings(yaml: string): string[] {
  const result = simulateRepository(repositoryFrom({ [CI]: yaml }), EMPTY_WORLD, { worldKnown: false, context: false });
  return result.diagnostics.filter((d) => d.stage === "parse").map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);
}

const job = (body: string, head = "on: push\n"): string => `${head}jobs:\n  a:\n    runs-on: ubuntu-latest\n${body}`;

describe("GitHub's parser accepts", () => {
  it.each([
    ["a literal expression as a step's shell", job("    steps:\n      - run: echo hi\n        shell: ${{ 'sh {0}' }}\n")],
    ["a snapshot of the runner", job("    snapshot:\n      image-name: my-image\n      version: 2.*\n    steps:\n      - run: echo\n")],
    ["an expression as a key where the mapping takes expressions", job("    env:\n      ${{ 'NAME' }}: value\n    steps:\n      - run: echo\n")],
    [
      "dispatch inputs of every type",
      job(
        "    steps:\n      - run: echo\n",
        "on:\n  workflow_dispatch:\n    inputs:\n      level:\n        type: choice\n        options: [info, debug]\n        default: info\n      dry:\n        type: boolean\n        default: false\n      count:\n        type: number\n      env:\n        type: environment\n",
      ),
    ],
    ["an anchored mapping reused by alias in `with:`", job("    steps:\n      - uses: actions/setup-node@v4\n        with: &node\n          node-version: 20\n      - uses: actions/setup-node@v4\n        with: *node\n")],
    ["matrix values reused by alias", job("    strategy:\n      matrix:\n        node: &versions [18, 20]\n        lts: *versions\n        include:\n          - &extra { node: 22, experimental: true }\n          - *extra\n    steps:\n      - run: echo ${{ matrix.node }}\n")],
    ["an aliased service and an aliased job", `on: push\njobs:\n  a: &job\n    runs-on: ubuntu-latest\n    services:\n      db: &db\n        image: postgres:16\n      replica: *db\n    steps:\n      - run: echo\n  b: *job\n`],
    ["aliased dispatch inputs", job("    steps:\n      - run: echo\n", "on:\n  workflow_dispatch:\n    inputs:\n      from: &env\n        type: choice\n        options: [staging, production]\n      to: *env\n")],
    ["expressions as keys of `with:`, a matrix and a job's env", job("    strategy:\n      matrix:\n        ${{ github.event_name }}: [1]\n    env:\n      ${{ matrix.n }}: x\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ${{ github.event_name }}: x\n")],
  ])("%s", (_, yaml) => {
    expect(parseFindings(yaml)).toEqual([]);
  });
});

describe("GitHub's parser refuses", () => {
  it.each([
    ["a matrix-context shell, which GitHub reads before the matrix exists", job("    strategy:\n      matrix:\n        sh: [bash]\n    steps:\n      - run: echo\n        shell: ${{ matrix.sh }}\n"), "GHA013 10:16 Unrecognized named-value: 'matrix'. Located at position 1 within expression: matrix.sh"],
    ["a snapshot with an unknown key", job("    snapshot:\n      bogus: 1\n    steps:\n      - run: echo\n"), "GHA005 6:7 Unexpected value 'bogus'"],
    ["a container without an image", job("    container:\n      options: --cpus 1\n    steps:\n      - run: echo\n"), "GHA005 6:7 Container image cannot be empty"],
    [
      "a choice input without options",
      job("    steps:\n      - run: echo\n", "on:\n  workflow_dispatch:\n    inputs:\n      level:\n        type: choice\n"),
      "GHA004 5:9 Missing 'options' for choice input",
    ],
    [
      "a boolean input with a default that is no boolean",
      job("    steps:\n      - run: echo\n", "on:\n  workflow_dispatch:\n    inputs:\n      dry:\n        type: boolean\n        default: maybe\n"),
      "GHA004 6:18 Unexpected type 'StringToken' encountered while reading 'input default'. The type 'BooleanToken' was expected.",
    ],
    [
      "a choice input in a reusable workflow's inputs",
      job("    steps:\n      - run: echo\n", "on:\n  workflow_call:\n    inputs:\n      level:\n        type: choice\n        options: [a]\n"),
      "GHA004 5:15 Unexpected value 'choice'",
    ],
    ["an expression as a job's id", "on: push\njobs:\n  ${{ 1 }}:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n", "GHA005 3:3 A template expression is not allowed in this context"],
    ["an expression as a top-level key", `on: push\n\${{ 1 }}: x\n${job("    steps:\n      - run: echo\n", "")}`, "GHA005 2:1 A template expression is not allowed in this context"],
    ["a merge key, which GitHub's YAML does not have", job("    steps:\n      - &s\n        run: echo\n      - <<: *s\n        name: again\n"), "GHA005 8:9 Unexpected value '<<'"],
    ["a wrong value reached through an alias", job("    steps:\n      - uses: actions/checkout@v4\n        with: &w\n          paths: [a, b]\n      - uses: actions/checkout@v4\n        with: *w\n"), "GHA005 8:18 A sequence was not expected"],
  ])("%s", (_, yaml, finding) => {
    const found = parseFindings(yaml);
    expect(found, found.join("\n")).toContain(finding);
  });

  it("reports a job the converter gives up on once, without its needs read as missing", () => {
    const findings = parseFindings(job("    services:\n      ${{ github.ref }}:\n        image: redis\n    steps:\n      - run: echo\n"));
    expect(findings).toEqual(["GHA005 6:7 Unexpected type 'BasicExpressionToken' encountered while reading 'service key'. The type 'StringToken' was expected."]);
  });

  it("lists each problem once, without the converter's echo of a refused value", () => {
    const findings = parseFindings(job("    steps:\n      - run: echo\n        continue-on-error: maybe\n"));
    expect(findings).toEqual(["GHA005 7:28 Unexpected value 'maybe'"]);
  });
});
