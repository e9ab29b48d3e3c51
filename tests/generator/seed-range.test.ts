/**
 * Every seed /reset accepts names a generated scenario: the id carries any safe integer, up to 2^53 - 1,
 * and a number past it is no id at all (never a 500 for a seed the API let through).
 */
import { describe, expect, it } from "vitest";
import { generatedId, parseGeneratedId } from "../../generator/generate.js";
import { post, testApp } from "../server/helpers.js";

describe("generated seeds", () => {
  it.each([0, 7, 2 ** 52, Number.MAX_SAFE_INTEGER])("the id of seed %d reads back as that seed", (seed) => {
    const id = { split: "train", difficulty: "easy", seed } as const;
    expect(parseGeneratedId(generatedId(id))).toEqual(id);
  });

  it("a number past the safe integers is no generated id", () => {
    expect(parseGeneratedId("gen:train:easy:9007199254740992")).toBeNull();
    expect(parseGeneratedId("gen:train:easy:12345678901234567")).toBeNull();
  });

  it("/reset of the largest seed it accepts starts that generated episode", async () => {
    const app = testApp({ workers: 0 });
    const answer = await post(app, "/reset", { task_id: "generated", seed: Number.MAX_SAFE_INTEGER });
    expect(answer.status).toBe(200);
    expect((answer.body as { observation: { scenario_id: string } }).observation.scenario_id).toMatch(/^gen:train:[a-z]+:9007199254740991$/);
    expect(app.logged).toEqual([]);
  }, 60_000);
});
