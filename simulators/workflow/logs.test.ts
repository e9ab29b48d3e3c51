/**
 * Every workflow finding carries the log a user reads on GitHub: a refused file's "Invalid workflow file"
 * annotation listing every error in file order, a failed step's log ending in the runner's last line.
 */
import { describe, expect, it } from "vitest";
import { runCase } from "../engine/rule-tester.js";
import { CI } from "./rules/cases.js";
import { WORKFLOW_RULES } from "./rules/index.js";

describe.each(WORKFLOW_RULES.map((r) => [r.code, r] as const))("%s", (_, rule) => {
  it.each(rule.cases.invalid.map((c, i) => [c.name ?? `invalid ${i + 1}`, c] as const))("logs its finding: %s", (_, c) => {
    const own = runCase(c).diagnostics.filter((d) => d.code === rule.code);
    expect(own.length).toBeGreaterThan(0);
    for (const d of own) {
      expect(d.log, d.message).toBeTruthy();
      if (rule.stage === "parse") expect(d.log!.split("\n")[0]).toMatch(/^Invalid workflow file: /);
      else expect(d.log).toContain(d.message);
    }
  });
});

describe("a refused file's annotation", () => {
  it("lists every error in file order, unpositioned ones without (Line, Col)", () => {
    const result = runCase({ files: { [CI]: "name: CI\njobs:\n  1build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout\n" } });
    const log = result.diagnostics[0]!.log!;
    expect(result.diagnostics.every((d) => d.log === log)).toBe(true);
    expect(log.split("\n")).toEqual([
      `Invalid workflow file: ${CI}#L1`,
      "The workflow is not valid. No event triggers defined in `on`",
      `${CI} (Line: 3, Col: 3): The identifier '1build' is invalid. IDs may only contain alphanumeric characters, '_', and '-'. IDs must start with a letter or '_' and and must be less than 100 characters.`,
      `${CI} (Line: 6, Col: 15): Expected format {org}/{repo}[/path]@ref. Actual 'actions/checkout'`,
    ]);
  });
});
