/**
 * The shared test of a family of injectors (run from each family's test file): every injector applies to some
 * base, and wherever it injects, the one-fault scenario passes the gates and the same seed injects the same
 * fault. Canaries run once per injector (they are the grader's property, not the fault's).
 */
import { describe, expect, it } from "vitest";
import { GENERATOR_BASES } from "../tasks/generator/bases.js";
import type { Injector } from "../tasks/generator/injector.js";
import { injectAlone } from "./try-injector.js";

export function injectorSuite(family: string, injectors: readonly Injector[], seeds: readonly number[] = [1]): void {
  describe(`${family} injectors`, () => {
    it("have unique kebab-case kinds and summaries", () => {
      const kinds = injectors.map((i) => i.kind);
      expect(new Set(kinds).size).toBe(kinds.length);
      for (const i of injectors) {
        expect(i.kind).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(i.summary.length).toBeGreaterThan(10);
      }
    });

    describe.each(injectors.map((i) => [i.kind, i] as const))("%s", (_, injector) => {
      it("applies to some base, and each injection passes the gates, deterministically", () => {
        let applied = 0;
        for (const base of GENERATOR_BASES) {
          const split = base.split === "test" ? "test" : "train";
          for (const seed of seeds) {
            const tried = injectAlone(injector, base, seed, split, { canaries: applied === 0 });
            if (!tried.injection) continue;
            applied++;
            expect(tried.gates!.problems, `${base.id} seed ${seed}: ${tried.injection.issue.description}`).toEqual([]);
            expect(injectAlone(injector, base, seed, split, { canaries: false }).injection).toEqual(tried.injection);
          }
        }
        expect(applied, "the injector never found a place in any base").toBeGreaterThan(0);
      });
    });
  });
}
