/**
 * The reference repair meets the faults as a run shows them: a login that fails before the build hides the
 * build's fault, whatever stage each fault is filed under, so the generator repairs the login first and the
 * build's fault then shows. Repairing by stage alone would repair the hidden one blind, and the gates refuse that.
 */
import { describe, expect, it } from "vitest";
import { checkGates, judgeWalk, walkAsShown } from "../../generator/gates.js";
import { WorldSchema } from "../../simulators/world.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import type { Injection, InjectionContext } from "../../tasks/generator/injector.js";
import { INJECTORS } from "../../tasks/generator/injectors/index.js";
import { Rng } from "../../tasks/generator/rng.js";
import { applyInjections, baseFiles, composeScenario } from "../../tasks/generator/scenario.js";

function inject(kind: string, base: (typeof GENERATOR_BASES)[number], earlier: readonly Injection[]): Injection {
  const injector = INJECTORS.find((i) => i.kind === kind)!;
  const files = new Map(Object.entries(applyInjections(baseFiles(base), earlier)));
  const ctx: InjectionContext = { base, files, world: WorldSchema.parse(base.world), rng: new Rng(1).fork(kind), split: "train", reserved: earlier.flatMap((i) => i.introduced) };
  const injection = injector.inject(ctx);
  expect(injection, kind).not.toBeNull();
  return injection!;
}

describe("the reference repair's order", () => {
  it("repairs a login that stops the job before the build ahead of the build's own fault", () => {
    const base = GENERATOR_BASES.find((b) => b.id === "notes-api")!;
    const build = inject("copy-source-typo", base, []);
    const login = inject("ghcr-login-dockerhub-credentials", base, [build]);
    expect(build.issue.stage).toBe("build");
    const drafted = composeScenario(base, [build, login], { id: "order", difficulty: "medium", slack: 10 });
    // Filed by stage, the build's repair comes first, while the failing login hides it.
    expect(drafted.solution[0]).toEqual(build.repair[0]);
    expect(checkGates(drafted, { canaries: false }).problems).toContain("copy-source-typo-1 never shows along the repair");

    const walk = walkAsShown(drafted, [build.repair, login.repair]);
    expect(walk.solution).toEqual([...login.repair, ...build.repair]);
    const scenario = { ...drafted, solution: walk.solution };
    expect(judgeWalk(scenario, walk).problems).toEqual([]);
    // The walk is the scenario's own: checking the scenario as served walks the same states.
    expect(checkGates(scenario).problems).toEqual([]);
  }, 120_000);
});
