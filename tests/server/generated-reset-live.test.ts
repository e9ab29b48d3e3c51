/**
 * A generated reset on a server with worker threads: the main thread records the episode by the scenario's
 * id and the worker generates the scenario, so the episode it plays, the grader's replay of the reference
 * repair, and the in-process draw of the same seed all agree.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedCatalog } from "../../generator/family.js";
import { liveServer, type LiveServer } from "./live.js";

let server: LiveServer;
beforeAll(async () => {
  server = await liveServer({ workers: 1 });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

describe("generated resets played by a worker", () => {
  it("a reset by seed starts the scenario the draw builds, and its reference repair solves it there", async () => {
    const expected = servedCatalog().generated!.draw({ seed: 11, difficulty: "medium", split: "validation" });
    const reset = await post("/reset", { task_id: "generated", seed: 11, difficulty: "medium", split: "validation", episode_id: "gen-live" });
    expect(reset.status).toBe(200);
    expect(reset.body.observation.scenario_id).toBe("gen:validation:medium:11");
    expect(Object.keys(reset.body.observation.files).sort()).toEqual(Object.keys(expected.files).sort());
    let last = reset.body;
    for (const action of expected.solution) {
      last = (await post("/step", { episode_id: "gen-live", action })).body;
      expect(last.observation.last_action_error).toBeNull();
    }
    expect(last.observation.issues_fixed).toBe(expected.issues.length);
    const graded = await post("/grader", { scenario_id: expected.id, actions: expected.solution });
    expect(graded.status).toBe(200);
    expect(graded.body.breakdown.solved).toBe(true);
    expect(server.app.logged).toEqual([]);
  }, 60_000);

  it("an id of the family's form that the worker cannot find is refused before anything is played", async () => {
    const refused = await post("/reset", { scenario_id: "gen:train:easy:12345678901234567" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("unknown scenario_id");
    const grader = await post("/grader", { scenario_id: "gen:train:easy:-3", actions: [] });
    expect(grader.status).toBe(422);
  });
});
