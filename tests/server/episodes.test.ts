/** /reset, /step and /state over HTTP sessions: the default episode, named episodes, isolation, determinism. */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "./helpers.js";

const catalog = loadCatalog();
const scenarioOf = (id: string) => {
  const s = catalog.scenario(id);
  if (!s) throw new Error(`scenario ${id} missing`);
  return s;
};
const SCENARIO = catalog.scenarios[0]!;

describe("the default episode", () => {
  it("plays the seed's curl walkthrough: reset {task_id, scenario_id}, then step {action} without ids", async () => {
    const app = testApp();
    const reset = await post(app, "/reset", { task_id: SCENARIO.task_id, scenario_id: SCENARIO.id });
    expect(reset.status).toBe(200);
    expect(reset.body.observation).toMatchObject({ task_id: SCENARIO.task_id, scenario_id: SCENARIO.id, step_count: 0, issues_fixed: 0 });
    expect(reset.body.observation.error_message).toEqual(expect.any(String));
    let last = reset;
    for (const action of SCENARIO.solution) {
      last = await post(app, "/step", { action });
      expect(last.status).toBe(200);
      expect(last.body.observation.last_action_error).toBeNull();
    }
    expect(last.body.observation.issues_fixed).toBe(SCENARIO.issues.length);
    expect(last.body.done).toBe(true);
    expect(last.body.observation.score).toBeGreaterThanOrEqual(0.9);
    const state = await get(app, "/state");
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ episode_id: reset.body.observation.episode_id, step_count: SCENARIO.solution.length, done: true });
  });

  it("every anonymous reset is a new episode and the new default; the previous one stays addressable by its id", async () => {
    const app = testApp();
    const first = (await post(app, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id;
    await post(app, "/step", { action: { action_type: "request_hint" } });
    const second = (await post(app, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id;
    expect(second).not.toBe(first);
    expect((await get(app, "/state")).body).toMatchObject({ episode_id: second, step_count: 0 });
    expect((await get(app, `/state?episode_id=${first}`)).body).toMatchObject({ episode_id: first, step_count: 1, hints_used: 1 });
    // A step without an id acts on the new default only.
    await post(app, "/step", { action: { action_type: "request_hint" } });
    expect((await get(app, `/state?episode_id=${first}`)).body.step_count).toBe(1);
    expect((await get(app, `/state?episode_id=${second}`)).body.step_count).toBe(1);
    expect(app.context.sessions.size).toBe(2);
  });

  it("GET /state carries the observation: the error log before any step, score and breakdown once done", async () => {
    const app = testApp();
    const reset = (await post(app, "/reset", { scenario_id: SCENARIO.id })).body;
    const before = (await get(app, "/state")).body;
    expect(before).toMatchObject({ ...reset.observation, done: false, seed: null, actions: [], total_reward: 0, failed_actions: 0 });
    expect(before.error_message).toEqual(expect.any(String));
    expect(before.score).toBeNull();
    let last = reset;
    for (const action of SCENARIO.solution) last = (await post(app, "/step", { action })).body;
    expect(last.done).toBe(true);
    const after = (await get(app, "/state")).body;
    expect(after).toMatchObject({ ...last.observation, done: true, actions: SCENARIO.solution });
    expect(after.score_breakdown).toMatchObject({ score: last.observation.score, solved: true });
  });

  it("without any reset, /step and /state say to POST /reset", async () => {
    const app = testApp();
    const state = await get(app, "/state");
    expect(state.status).toBe(404);
    expect(state.body.detail).toContain("POST /reset");
    const step = await post(app, "/step", { action: { action_type: "submit" } });
    expect(step.status).toBe(404);
  });

  it("the default episode's id also works explicitly", async () => {
    const app = testApp();
    const id = (await post(app, "/reset", { scenario_id: SCENARIO.id })).body.observation.episode_id;
    const step = await post(app, "/step", { action: { action_type: "request_hint" }, episode_id: id });
    expect(step.body.observation.episode_id).toBe(id);
    expect((await get(app, "/state")).body.step_count).toBe(1);
  });
});

describe("named episodes", () => {
  it("a client-given episode_id names the episode, and /step and /state address it", async () => {
    const app = testApp();
    const reset = await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "run-7" });
    expect(reset.body.observation.episode_id).toBe("run-7");
    const step = await post(app, "/step", { episode_id: "run-7", action: { action_type: "request_hint" } });
    expect(step.body.observation).toMatchObject({ episode_id: "run-7", step_count: 1, hints_used: 1 });
    expect((await get(app, "/state?episode_id=run-7")).body).toMatchObject({ episode_id: "run-7", step_count: 1 });
    // A named reset does not become the default.
    expect((await get(app, "/state")).status).toBe(404);
  });

  it("resetting an existing id restarts that episode", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "again" });
    await post(app, "/step", { episode_id: "again", action: { action_type: "request_hint" } });
    const restarted = await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "again" });
    expect(restarted.body.observation).toMatchObject({ episode_id: "again", step_count: 0, hints_used: 0 });
    expect(app.context.sessions.size).toBe(1);
  });

  it("episodes are isolated: one episode's actions never touch another's", async () => {
    const app = testApp();
    const a = await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "a" });
    const b = await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "b" });
    for (const action of SCENARIO.solution) await post(app, "/step", { episode_id: "a", action });
    const stateB = await get(app, "/state?episode_id=b");
    expect(stateB.body).toMatchObject({ step_count: 0, issues_fixed: 0, done: false, actions: [] });
    const observationB = (await post(app, "/step", { episode_id: "b", action: { action_type: "request_hint" } })).body.observation;
    expect(observationB.files).toEqual(b.body.observation.files);
    expect(observationB.files).toEqual(a.body.observation.files);
  });

  it("a step on a finished episode is a 409 and changes nothing", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "done" });
    const submitted = await post(app, "/step", { episode_id: "done", action: { action_type: "submit" } });
    expect(submitted.body.done).toBe(true);
    expect(submitted.body.observation.score).toEqual(expect.any(Number));
    const before = await get(app, "/state?episode_id=done");
    const again = await post(app, "/step", { episode_id: "done", action: { action_type: "submit" } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("done");
    expect(again.body.detail).toContain("POST /reset");
    // It says truthfully where the final observation is: the state holds it.
    expect(again.body.detail).toContain("GET /state?episode_id=done");
    expect((await get(app, "/state?episode_id=done")).body).toMatchObject({ ...submitted.body.observation, done: true });
    expect((await get(app, "/state?episode_id=done")).body).toEqual(before.body);
  });
});

describe("choosing the scenario", () => {
  it("by task and seed: the same seed picks the same scenario", async () => {
    const app = testApp();
    const task = catalog.tasks[0]!;
    const one = await post(app, "/reset", { task_id: task.task_id, seed: 42 });
    const two = await post(app, "/reset", { task_id: task.task_id, seed: 42 });
    expect(one.body.observation.task_id).toBe(task.task_id);
    expect(two.body.observation.scenario_id).toBe(one.body.observation.scenario_id);
    expect((await get(app, "/state")).body.seed).toBe(42);
  });

  it("an unknown task or scenario is a 422 naming the field, and leaves existing episodes alone", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: SCENARIO.id });
    const before = await get(app, "/state");
    for (const [body, field] of [
      [{ task_id: "nope" }, "task_id"],
      [{ scenario_id: "nope" }, "scenario_id"],
      [{ task_id: catalog.tasks[0]!.task_id, scenario_id: catalog.tasks[1]!.scenarios[0]!.scenario_id }, "scenario_id"],
    ] as const) {
      const res = await post(app, "/reset", body);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ type: "value_error", loc: ["body", field] });
      expect(res.body.detail[0].msg).toContain(String((body as Record<string, string>)[field]));
    }
    expect((await get(app, "/state")).body).toEqual(before.body);
  });
});

describe("reset input is validated like actions", () => {
  it.each([
    [{ task: "dockerfile_syntax" }, "task", "task_id"],
    [{ scenario: "typo_filename" }, "scenario", "scenario_id"],
    [{ scenario_id: "typo_filename", max_steps: 20 }, "max_steps", undefined],
  ] as const)("%j is a 422 naming the field and the accepted ones, and starts nothing", async (body, field, meant) => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: SCENARIO.id });
    const before = await get(app, "/state");
    const res = await post(app, "/reset", body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(1);
    const [detail] = res.body.detail;
    expect(detail).toMatchObject({ type: "extra_forbidden", loc: ["body", field], input: (body as Record<string, unknown>)[field] });
    expect(detail.msg).toContain("Extra inputs are not permitted");
    expect(detail.msg).toContain("reset accepts task_id, scenario_id, seed, episode_id, difficulty, split, observation_mode");
    expect(detail.ctx).toEqual({ accepted: ["task_id", "scenario_id", "seed", "episode_id", "difficulty", "split", "observation_mode"] });
    if (meant) expect(detail.msg).toContain(`did you mean ${meant}?`);
    else expect(detail.msg).not.toContain("did you mean");
    expect(app.context.sessions.size).toBe(1);
    expect((await get(app, "/state")).body).toEqual(before.body);
  });

  it("a bad value and an unknown field are reported together, as pydantic does", async () => {
    const res = await post(testApp(), "/reset", { seed: "seven", temperature: 0.2 });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: unknown[]; type: string }) => [d.loc, d.type])).toEqual(
      expect.arrayContaining([
        [["body", "seed"], expect.stringMatching(/_type$/)],
        [["body", "temperature"], "extra_forbidden"],
      ]),
    );
  });
});

describe("determinism over HTTP", () => {
  it.each(catalog.scenarios.map((s) => [s.id]))("%s: the same actions give the same observations, rewards and score", async (id) => {
    const scenario = scenarioOf(id);
    const actions = [{ action_type: "request_hint" }, ...scenario.solution, { action_type: "submit" }];
    const play = async (episodeId: string) => {
      const app = testApp();
      const answers = [(await post(app, "/reset", { scenario_id: id, episode_id: episodeId })).body];
      for (const action of actions) {
        const res = await post(app, "/step", { episode_id: episodeId, action });
        answers.push(res.status === 200 ? res.body : { status: res.status });
      }
      return { answers, state: (await get(app, `/state?episode_id=${episodeId}`)).body };
    };
    const one = await play("first");
    const two = await play("second");
    const strip = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"second"', '"first"'));
    expect(strip(two)).toEqual(one);
  });
});
