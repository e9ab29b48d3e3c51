/**
 * The generated family's splits: test is out of distribution (only held-out bases, which share no base and no
 * delivery file with train), validation draws the train bases under its own seeds, and every generated
 * scenario comes from a base of its split.
 */
import { describe, expect, it } from "vitest";
import { basesOf, generateScenario } from "../../generator/generate.js";
import { isManifestPath } from "../../simulators/k8s/index.js";
import { GENERATOR_BASES, type GeneratorBase } from "../../tasks/generator/bases.js";
import { GENERATED_SPLITS } from "../../tasks/generator/task.js";

const ids = (bases: readonly GeneratorBase[]): string[] => bases.map((b) => b.id).sort();
const text = (f: GeneratorBase["files"][string]): string => (typeof f === "string" ? f : f.content);

/** A file that is part of the delivery an agent repairs (not a .dockerignore or app source). */
function deliveryFile(path: string, content: string): boolean {
  return /(^|\/)Dockerfile[^/]*$/.test(path) || path.startsWith(".github/workflows/") || isManifestPath(path, content);
}

describe("generated splits", () => {
  it("are train, validation and test", () => {
    expect([...GENERATED_SPLITS]).toEqual(["train", "validation", "test"]);
  });

  it("test shares no base with train or validation", () => {
    const test = new Set(ids(basesOf("test")));
    expect(test.size).toBeGreaterThanOrEqual(4);
    expect(ids(basesOf("train")).filter((id) => test.has(id))).toEqual([]);
    expect(ids(basesOf("validation")).filter((id) => test.has(id))).toEqual([]);
    expect(test.size + basesOf("train").length).toBe(GENERATOR_BASES.length);
  });

  it("validation draws exactly the train bases", () => {
    expect(ids(basesOf("validation"))).toEqual(ids(basesOf("train")));
  });

  it("no test base copies a train base's Dockerfile, workflow or manifest", () => {
    const shared: string[] = [];
    for (const held of basesOf("test")) {
      for (const seen of basesOf("train")) {
        for (const [path, file] of Object.entries(held.files)) {
          const other = seen.files[path];
          if (other !== undefined && text(other) === text(file) && deliveryFile(path, text(file))) shared.push(`${held.id} ${seen.id} ${path}`);
        }
      }
    }
    expect(shared).toEqual([]);
  });

  it("every generated scenario comes from a base of its split", () => {
    const of = (split: "train" | "validation" | "test") => new Set(ids(basesOf(split)));
    for (const split of GENERATED_SPLITS) {
      for (const difficulty of ["easy", "hard"] as const) {
        for (let seed = 0; seed < 2; seed++) {
          const scenario = generateScenario({ split, difficulty, seed });
          expect(of(split).has(scenario.base), `${scenario.id} on ${scenario.base}`).toBe(true);
        }
      }
    }
  }, 120_000);

  it("validation's seed n is not train's seed n: the splits draw from their own streams", () => {
    const differ = [0, 1, 2].filter((seed) => {
      const train = generateScenario({ split: "train", difficulty: "medium", seed });
      const validation = generateScenario({ split: "validation", difficulty: "medium", seed });
      return JSON.stringify(train.files) !== JSON.stringify(validation.files);
    });
    expect(differ.length).toBeGreaterThanOrEqual(2);
  });
});
