/**
 * The clean corpus: well-formed workflows of every shape real projects use must raise no error, both as
 * `breakfix lint` sees them (world unknown) and with a world that has every secret they use.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { EMPTY_WORLD, parseWorld } from "../world.js";
import { isWorkflowPath, looksLikeWorkflow } from "./lint.js";
import { workflowSimulator } from "./simulator.js";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../tests/fixtures/lint-clean/workflows");
const fixtures = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
const files = Object.fromEntries(fixtures.map((f) => [`.github/workflows/${f}`, readFileSync(path.join(dir, f), "utf8")]));
const secretsUsed = [...new Set(Object.values(files).flatMap((text) => [...text.matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!)))];

describe("clean workflow corpus", () => {
  it("has at least 15 workflows, all recognised as workflows", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
    for (const [file, text] of Object.entries(files)) {
      expect(isWorkflowPath(file)).toBe(true);
      expect(looksLikeWorkflow(text), file).toBe(true);
    }
  });

  for (const fixture of fixtures) {
    const file = `.github/workflows/${fixture}`;
    it(`${fixture}: no error with an unknown world (lint)`, () => {
      const result = workflowSimulator.simulate(repositoryFrom(files), EMPTY_WORLD, { worldKnown: false, context: false });
      const errors = result.diagnostics.filter((d) => d.file === file && d.severity === "error");
      expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
    });
    it(`${fixture}: no error with a world that has its secrets`, () => {
      const world = parseWorld({ secrets: secretsUsed.filter((s) => s !== "GITHUB_TOKEN") });
      const result = workflowSimulator.simulate(repositoryFrom(files), world, { worldKnown: true, context: false });
      const errors = result.diagnostics.filter((d) => d.file === file && d.severity === "error");
      expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
    });
  }
});
