/**
 * Hostile and malformed workflow files: each yields diagnostics and never throws. (Timings are measured
 * outside the tests, which must not depend on machine speed.)
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";
import { workflowSimulator } from "./simulator.js";

const FILE = ".github/workflows/ci.yml";

/** The inputs, also used by the timing script in the report. */
export const HOSTILE: Record<string, () => string> = {
  "invalid YAML": () => "on: push\njobs:\n  build:\n    runs-on: [ubuntu-latest\n    steps: {\n",
  "billion laughs": () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    return `${lines.join("\n")}\non: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n`;
  },
  "5 MB file": () => {
    const step = "      - name: step\n        run: echo 'hello world'\n";
    return `on: push\njobs:\n  big:\n    runs-on: ubuntu-latest\n    steps:\n${step.repeat(Math.ceil((5 * 1024 * 1024) / step.length))}      - bogus: 1\n`;
  },
  "10 000-deep block mappings": () => {
    let text = "on: push\njobs:\n  deep:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n        env:\n";
    for (let i = 0; i < 10_000; i++) text += `${" ".repeat(10 + i)}k${i}:\n`;
    return text;
  },
  "10 000-deep compact block sequences": () => `on: push\njobs:\n  deep:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n        env:\n          ${"- ".repeat(10_000)}x\n`,
  "500 KB of steps (just under GitHub's limit)": () => {
    const step = "      - name: step\n        run: echo \"$HOME\" ${{ github.sha }}\n";
    return `on: push\njobs:\n  big:\n    runs-on: ubuntu-latest\n    steps:\n${step.repeat(Math.floor(500_000 / step.length))}      - bogus: 1\n`;
  },
  "10 000-deep flow mappings": () => `on: push\njobs: ${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}\n`,
  "a sequence document": () => "- on: push\n- jobs: {}\n",
  "a scalar document": () => "just a string\n",
  "an empty file": () => "",
  "binary junk": () => "\u0000\u0001\u0002jobs:\u00ff\n\t\t: :\n",
};

describe("hostile workflow files", () => {
  for (const [name, make] of Object.entries(HOSTILE)) {
    it(`${name}: diagnostics, no exception`, () => {
      const repo = repositoryFrom({ [FILE]: make() });
      let result: ReturnType<typeof workflowSimulator.simulate> | undefined;
      expect(() => {
        result = workflowSimulator.simulate(repo, EMPTY_WORLD, { worldKnown: false });
      }).not.toThrow();
      expect(result!.diagnostics.length).toBeGreaterThan(0);
      expect(result!.diagnostics.every((d) => d.stage === "parse" && d.file === FILE)).toBe(true);
    });
  }
});
