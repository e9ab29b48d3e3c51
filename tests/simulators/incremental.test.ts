/**
 * Incremental simulation gives what a full run gives: random edits over every curated scenario and a few
 * generated ones, each state simulated with reuse and from scratch (`npm run incremental-check -- --steps 10000`
 * runs the long version). And what a section reuses is what it read: an edit to a file no section read reuses
 * every section, an edit to a manifest reruns the cluster only.
 */
import { describe, expect, it } from "vitest";
import { generateScenario } from "../../generator/generate.js";
import { simulateRepository } from "../../simulators/index.js";
import { ReadLog, trackedRepository } from "../../simulators/incremental/read-log.js";
import { forgetSections, heldSectionBytes, keptSections, MAX_SECTION_BYTES, MAX_SECTIONS, section, setIncremental } from "../../simulators/incremental/sections.js";
import { RuleEngine } from "../../simulators/engine/engine.js";
import { DELIVERY_RULES } from "../../simulators/pipeline/simulator.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import { globBudget, MAX_GLOB_STEPS, withGlobBudget } from "../../simulators/glob.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { walkAndCompare } from "../../scripts/incremental/walk.js";

describe("incremental simulation", () => {
  it("matches the full run on every state of random edit sequences", () => {
    const scenarios = [...loadCatalog().scenarios, ...(["easy", "hard"] as const).map((difficulty) => generateScenario({ split: "train", difficulty, seed: 4242 }))];
    const report = walkAndCompare(scenarios, { steps: 400, seed: 11, walkLength: 6 });
    expect(report.steps).toBe(400);
    expect(report.mismatches).toEqual([]);
  }, 240_000);

  it("logs what was read: files looked up, paths tested, the listing, and a walked file only when its content is read", () => {
    const repo = repositoryFrom({ a: "1", b: "2", c: "3" });
    const log = new ReadLog();
    const tracked = trackedRepository(repo, log);
    expect(tracked.get("a")?.content).toBe("1");
    expect(tracked.has("zz")).toBe(false);
    expect(log.listing).toBe(false);
    for (const [p, file] of tracked) if (p === "b") expect(file.content).toBe("2");
    expect(log.listing).toBe(true);
    expect([...log.files.keys()].sort()).toEqual(["a", "b"]);
    const listing = (r: typeof repo): string => [...r.keys()].sort().join("\0");
    expect(log.holdsIn(repositoryFrom({ a: "1", b: "2", c: "changed" }), listing, listing(repo))).toBe(true);
    expect(log.holdsIn(repositoryFrom({ a: "1", b: "changed", c: "3" }), listing, listing(repo))).toBe(false);
    expect(log.holdsIn(repositoryFrom({ a: "1", b: "2", c: "3", zz: "" }), listing, listing(repo))).toBe(false);
    expect(log.holdsIn(repositoryFrom({ a: "1", b: "2", c: "3", d: "4" }), listing, listing(repo))).toBe(false);
  });

  it("replays a section whose reads still hold and reruns one whose reads changed", () => {
    forgetSections();
    const scope = {};
    let runs = 0;
    const play = (files: Record<string, string>): string => {
      const engine = new RuleEngine(DELIVERY_RULES, { world: EMPTY_WORLD, worldKnown: false, context: true });
      return section(engine, repositoryFrom(files), scope, "reads a", (repo) => {
        runs++;
        return repo.get("a")?.content ?? "none";
      });
    };
    expect(play({ a: "1", b: "x" })).toBe("1");
    expect(play({ a: "1", b: "y" })).toBe("1");
    expect(runs).toBe(1);
    expect(play({ a: "2", b: "y" })).toBe("2");
    expect(play({ b: "y" })).toBe("none");
    expect(runs).toBe(3);
    setIncremental(false);
    expect(play({ a: "1", b: "x" })).toBe("1");
    setIncremental(true);
    expect(runs).toBe(4);
  });

  it("reruns only the cluster after a manifest edit, and nothing after an edit to a file no section reads", () => {
    const scenario = loadCatalog().scenarios.find((s) => s.id === "image_pull_backoff")!;
    const start = repositoryFrom(scenario.files);
    const simulate = (repo: typeof start) => simulateRepository(repo, scenario.world, { worldKnown: true, context: true });
    forgetSections();
    simulate(start);
    const kept = keptSections();
    const manifest = [...start.keys()].find((p) => p.startsWith("k8s/"))!;
    const edited = new Map(start);
    edited.set(manifest, { ...start.get(manifest)!, content: `${start.get(manifest)!.content}\n# reviewed\n` });
    simulate(edited);
    expect(keptSections()).toBe(kept + 1);
  });

  it("reuses an outcome only where the glob budget stands as it would have for a fresh run", () => {
    forgetSections();
    const scope = {};
    let runs = 0;
    const engine = new RuleEngine(DELIVERY_RULES, { world: EMPTY_WORLD, worldKnown: false, context: true });
    const repo = repositoryFrom({ a: "1" });
    const play = (spentBefore: number): number =>
      withGlobBudget(() => {
        globBudget().spend(spentBefore);
        section(engine, repo, scope, "globs", () => {
          runs++;
          globBudget().replay(MAX_GLOB_STEPS / 2);
        });
        return globBudget().used;
      });
    expect(play(0)).toBe(MAX_GLOB_STEPS / 2);
    expect(play(10)).toBe(MAX_GLOB_STEPS / 2 + 10);
    expect(runs).toBe(1);
    // Spent so far plus the section's own would pass the limit: the section runs, and meets the limit itself.
    play(MAX_GLOB_STEPS / 2 + 1);
    expect(runs).toBe(2);
    // That outcome ran the budget out from where it stood: reused from there only.
    play(MAX_GLOB_STEPS / 2 + 1);
    expect(runs).toBe(2);
    play(MAX_GLOB_STEPS / 2 + 2);
    expect(runs).toBe(3);
  });

  it("keeps at most MAX_SECTION_BYTES of outcomes, and none over an eighth of it", () => {
    forgetSections();
    const engine = new RuleEngine(DELIVERY_RULES, { world: EMPTY_WORLD, worldKnown: false, context: true });
    // A quarter of a MiB read is charged PARSE_EXPANSION times that (its parse), about 8 MiB: some fit, not 100.
    const big = repositoryFrom({ a: "x".repeat(256 * 1024) });
    for (let i = 0; i < 100; i++) section(engine, big, engine, `key ${i}`, (files) => files.get("a")!.content.length);
    expect(heldSectionBytes()).toBeLessThanOrEqual(MAX_SECTION_BYTES);
    expect(keptSections()).toBeGreaterThan(0);
    expect(keptSections()).toBeLessThan(100);
    const huge = repositoryFrom({ a: "x".repeat(MAX_SECTION_BYTES / 8) });
    forgetSections();
    expect(heldSectionBytes()).toBe(0);
    section(engine, huge, engine, "huge", () => 1);
    expect(keptSections()).toBe(0);
  });

  it("keeps at most MAX_SECTIONS outcomes", () => {
    forgetSections();
    const engine = new RuleEngine(DELIVERY_RULES, { world: EMPTY_WORLD, worldKnown: false, context: true });
    const repo = repositoryFrom({ a: "1" });
    for (let i = 0; i < MAX_SECTIONS + 50; i++) section(engine, repo, engine, `key ${i}`, () => i);
    expect(keptSections()).toBe(MAX_SECTIONS);
  });
});
