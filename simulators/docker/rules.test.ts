/** Runs every Dockerfile rule's valid and invalid cases through the simulator. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";
import { dockerSimulator } from "./index.js";
import { DOCKER_RULES } from "./rules/index.js";

describe.each(DOCKER_RULES.map((r) => [`${r.code} ${r.name}`, r] as const))("%s", (_, rule) => {
  const run = (c: (typeof rule.cases.valid)[number]) =>
    dockerSimulator.simulate(repositoryFrom(c.files), parseWorld(c.world ?? {}), { worldKnown: true, context: true }).diagnostics;

  it("has valid and invalid cases, none repeated", () => {
    expect(rule.cases.valid.length).toBeGreaterThan(0);
    expect(rule.cases.invalid.length).toBeGreaterThan(0);
    const keys = [...rule.cases.valid, ...rule.cases.invalid].map((c) => JSON.stringify([c.files, c.world]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(rule.cases.valid.map((c, i) => [c.name ?? `valid ${i + 1}`, c] as const))("stays silent: %s", (_, c) => {
    expect(run(c).filter((d) => d.code === rule.code)).toEqual([]);
  });

  it.each(rule.cases.invalid.map((c, i) => [c.name ?? `invalid ${i + 1}`, c] as const))("fires: %s", (_, c) => {
    const found = run(c).filter((d) => d.code === rule.code);
    expect(found, JSON.stringify(run(c), null, 1)).toHaveLength(1);
    if (c.line !== undefined) expect(found[0]!.line).toBe(c.line);
    if (c.message !== undefined) expect(found[0]!.message).toContain(c.message);
    expect(found[0]!.file).toBe(c.file ?? "Dockerfile");
  });
});
