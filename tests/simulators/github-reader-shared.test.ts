/**
 * GitHub's reader over the document source.ts parsed (github-parser.ts's readerOf) finds exactly what GitHub's
 * reader parsing the text itself finds, on every workflow the project holds (the curated scenarios' broken and
 * repaired files, generated scenarios' files, the clean lint corpus) and on shapes whose reading depends on the
 * parse: block scalars with every indicator, aliases, comments, flow style, expressions inside block scalars.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateScenario } from "../../generator/generate.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { GENERATED_DIFFICULTIES } from "../../tasks/generator/task.js";
import { readUncached } from "../../simulators/workflow/github-parser.js";
import { readWorkflowSource } from "../../simulators/workflow/source.js";

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "lint-clean");

function fixtureWorkflows(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name) && /workflows/.test(full)) out.push([path.relative(FIXTURES, full), readFileSync(full, "utf8")]);
    }
  };
  walk(FIXTURES);
  return out;
}

const isWorkflow = (p: string): boolean => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p);

function projectWorkflows(): [string, string][] {
  const out: [string, string][] = [];
  for (const scenario of loadCatalog().scenarios) {
    for (const files of [scenario.files, scenario.baseFiles]) {
      for (const [p, f] of Object.entries(files)) if (isWorkflow(p)) out.push([`${scenario.id} ${p}`, f.content]);
    }
  }
  for (const difficulty of GENERATED_DIFFICULTIES) {
    for (let seed = 0; seed < 6; seed++) {
      const scenario = generateScenario({ split: seed % 2 === 0 ? "train" : "test", difficulty, seed });
      for (const files of [scenario.files, scenario.baseFiles]) {
        for (const [p, f] of Object.entries(files)) if (isWorkflow(p)) out.push([`${scenario.id} ${p}`, f.content]);
      }
    }
  }
  return out;
}

const job = (steps: string, head = "on: push\n"): string => `${head}jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;

const SHAPES: [string, string][] = [
  ["literal block, strip", job("      - run: |-\n          echo ${{ github.sha }}\n          echo ${{ secrets.TOKEN }}\n")],
  ["literal block, keep", job("      - run: |+\n          echo ${{ github.ref }}\n\n")],
  ["folded block with indentation indicator", job("      - run: >2\n           echo ${{ github.actor\n           }}\n")],
  ["an unknown context inside a block scalar", job("      - run: |\n          echo ${{ secretz.X }}\n")],
  ["an unclosed expression inside a folded block", job("      - run: >\n          echo ${{ github.sha\n")],
  ["anchors and aliases", job("      - &s\n        run: echo ${{ github.sha }}\n      - *s\n")],
  ["comments everywhere", `# head\non: push # trigger\njobs: # jobs\n  a: # job\n    runs-on: ubuntu-latest # runner\n    steps: # steps\n      - run: echo # step\n`],
  ["flow style", `{on: [push], jobs: {a: {runs-on: ubuntu-latest, steps: [{run: "echo \${{ github.sha }}"}]}}}\n`],
  ["quoted scalars", job(`      - run: "echo \${{ github.sha }}"\n      - run: 'echo \${{ github.ref }}'\n`)],
  ["a duplicate key", job("      - run: echo\n        run: echo again\n")],
  ["a key GitHub does not know", job("      - run: echo\n        runs: echo\n")],
  ["a tab in indentation", "on: push\njobs:\n  a:\n\truns-on: ubuntu-latest\n"],
  ["a YAML error", job("      - run: echo\n    - broken: [\n")],
  ["a document marker and a second document", `---\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n---\nfoo: bar\n`],
  ["multi-line plain scalars", job("      - run: echo one\n          two ${{ github.sha }}\n")],
  ["an expression as the whole if", job("      - if: ${{ github.event_name == 'push' }}\n        run: echo\n      - if: github.ref == 'refs/heads/main' &&\n          success()\n        run: echo\n")],
];

function expectSameReading(name: string, text: string): void {
  const file = `.github/workflows/${path.basename(name.split(" ").pop()!)}`;
  const source = readWorkflowSource(file, text);
  expect(readUncached(source, true), name).toEqual(readUncached(source, false));
}

describe("GitHub's reader over the shared parse", () => {
  it("reads every workflow the project holds as GitHub's reader does", () => {
    const all = [...projectWorkflows(), ...fixtureWorkflows()];
    expect(all.length).toBeGreaterThan(150);
    for (const [name, text] of all) expectSameReading(name, text);
  });

  it.each(SHAPES)("reads %s as GitHub's reader does", (_, text) => {
    expectSameReading("shape.yml", text);
  });

  it("finds the problems of a block scalar's expressions at GitHub's positions", () => {
    // The reader reads a block scalar's indicator from its source token: shared, it must still place the
    // expression where GitHub does (a parse without source tokens would shift it).
    const source = readWorkflowSource(".github/workflows/shape.yml", job("      - run: |-\n          echo ${{ secretz.X }}\n"));
    const findings = readUncached(source, true);
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining("Unrecognized named-value: 'secretz'")]);
    expect(findings.map((f) => f.message)).toEqual(readUncached(source, false).map((f) => f.message));
  });
});
