/**
 * What the server keeps of episode records is bounded in bytes: MAX_RECORD_BYTES per episode (a 413, the
 * action not played) and MAX_KEPT_RECORD_BYTES over all (finished episodes make room, oldest first; episodes
 * in play that fill it refuse what needs more with a 503), read from the store's own accounting.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { MAX_RECORD_BYTES } from "../../contracts/limits.js";
import { actionBytes, RECORD_BASE_BYTES } from "../../server/record-bytes.js";
import { get, post, testApp } from "./helpers.js";

const SCENARIO = "typo_filename";
const create = (path: string, chars: number): Action => ({ action_type: "edit_file", edits: [{ file_path: path, old_content: "", new_content: path.padEnd(chars, "x") }] });

describe("episode records are bounded in bytes", () => {
  it("many episodes of big edits: finished ones make room, oldest first, and the kept bytes stay within the budget", async () => {
    const budget = 512 * 1024;
    const app = testApp({ maxKeptRecordBytes: budget });
    for (let e = 0; e < 8; e++) {
      expect((await post(app, "/reset", { scenario_id: SCENARIO, episode_id: `ep-${e}` })).status).toBe(200);
      for (let k = 0; k < 3; k++) expect((await post(app, "/step", { episode_id: `ep-${e}`, action: create(`f${k}.txt`, 60_000) })).status).toBe(200);
      expect((await post(app, "/step", { episode_id: `ep-${e}`, action: { action_type: "submit" } })).body.done).toBe(true);
      expect(app.context.sessions.keptRecordBytes).toBeLessThanOrEqual(budget);
    }
    expect(app.context.sessions.keptRecordBytes).toBeGreaterThan(budget / 2);
    expect((await get(app, "/state?episode_id=ep-0")).status).toBe(404);
    // The latest are whole: their state is replayed from the record, which keeps every action as sent.
    const state = await get(app, "/state?episode_id=ep-7");
    expect(state.body).toMatchObject({ done: true, step_count: 4 });
    expect(state.body.files["f2.txt"]).toHaveLength(60_000);
    const record = await get(app, "/episodes/ep-7/record");
    expect(record.body.record.actions[0].edits[0].new_content).toHaveLength(60_000);
  });

  it("when episodes in play fill the budget, a step or a reset that needs more is a 503 and changes nothing", async () => {
    const big = create("big.txt", 300_000);
    const budget = 2 * RECORD_BASE_BYTES + actionBytes(big) + 100;
    const app = testApp({ maxKeptRecordBytes: budget });
    for (const id of ["a", "b"]) expect((await post(app, "/reset", { scenario_id: SCENARIO, episode_id: id })).status).toBe(200);
    expect((await post(app, "/step", { episode_id: "a", action: big })).status).toBe(200);
    const refused = await post(app, "/step", { episode_id: "b", action: big });
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toContain("MAX_KEPT_RECORD_BYTES");
    expect((await get(app, "/state?episode_id=b")).body.step_count).toBe(0);
    expect((await post(app, "/reset", { scenario_id: SCENARIO, episode_id: "c" })).status).toBe(503);
    expect(app.context.sessions.keptRecordBytes).toBeLessThanOrEqual(budget);
    // Once the episode in play is closed, there is room again.
    await app.request("/episodes/a", { method: "DELETE" });
    expect((await post(app, "/step", { episode_id: "b", action: big })).status).toBe(200);
  });

  it(`an action that would take its episode's record past ${MAX_RECORD_BYTES} bytes is a 413 and is not played`, async () => {
    const app = testApp({ maxBodyBytes: 2 * 1024 * 1024 });
    expect((await post(app, "/reset", { scenario_id: SCENARIO, episode_id: "e" })).status).toBe(200);
    const huge: Action = { action_type: "edit_file", edits: ["a", "b"].map((p) => ({ file_path: p, old_content: "", new_content: p.repeat(900_000) })) };
    const fits = Math.floor((MAX_RECORD_BYTES - RECORD_BASE_BYTES) / actionBytes(huge));
    for (let i = 0; i < fits; i++) expect((await post(app, "/step", { episode_id: "e", action: huge })).status).toBe(200);
    const refused = await post(app, "/step", { episode_id: "e", action: huge });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toContain(`an episode may record at most ${MAX_RECORD_BYTES} (MAX_RECORD_BYTES`);
    expect((await get(app, "/state?episode_id=e")).body.step_count).toBe(fits);
    expect((await post(app, "/step", { episode_id: "e", action: { action_type: "request_hint" } })).status).toBe(200);
  });
});
