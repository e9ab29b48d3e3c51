/** The rules table in docs/ matches the rule modules, and codes are unique and stable in form. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_RULES, rulesTable } from "../simulators/rules.js";
import { loadCatalog } from "../tasks/catalog.js";

describe("rules", () => {
  it("have unique codes of the documented forms", () => {
    const codes = ALL_RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^(DF|GHA|K8S|PIPE|HOST)\d{3}$/);
  });

  it("are listed in docs/rules.md as generated (run npm run docs after changing a rule)", () => {
    expect(fs.readFileSync(new URL("../docs/rules.md", import.meta.url), "utf8")).toBe(rulesTable());
  });

  it("include every code a scenario's detection names", () => {
    const codes = new Set(ALL_RULES.map((r) => r.code));
    for (const s of loadCatalog().scenarios) for (const i of s.issues) for (const d of i.detection) expect(codes, `${s.id}: ${d.code}`).toContain(d.code);
  });
});
