/** POST /baseline and POST /arena: answers, verdicts, and FastAPI-shaped 422s for bad input. */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { post, testApp } from "./helpers.js";

const catalog = loadCatalog();
const first = catalog.scenarios[0]!;
const firstTask = catalog.tasks[0]!;
const SUBMIT = { action_type: "submit" };

describe("POST /baseline", () => {
  const app = testApp();

  it("plays one scenario and reports score, steps and issues fixed", async () => {
    const res = await post(app, "/baseline", { scenario_id: first.id });
    expect(res.status).toBe(200);
    expect(res.body.agent).toBe("baseline");
    expect(res.body.reads_hidden_data).toBe(false);
    expect(res.body.episodes).toHaveLength(1);
    const episode = res.body.episodes[0];
    expect(episode).toMatchObject({ scenario_id: first.id, task_id: first.task_id, issues_total: first.issues.length });
    expect(episode.score).toBeGreaterThanOrEqual(0.01);
    expect(episode.steps).toBeGreaterThanOrEqual(1);
    expect(res.body.overall).toMatchObject({ task_id: "overall", episodes: 1 });
  });

  it("plays a task's scenarios and gives the task's means", async () => {
    const res = await post(app, "/baseline", { task_id: firstTask.task_id });
    expect(res.status).toBe(200);
    expect(res.body.episodes.map((e: { scenario_id: string }) => e.scenario_id)).toEqual(firstTask.scenarios.map((s) => s.scenario_id));
    expect(res.body.tasks).toHaveLength(1);
    expect(res.body.tasks[0]).toMatchObject({ task_id: firstTask.task_id, episodes: firstTask.scenarios.length });
  });

  it("answers its results without anything hidden", async () => {
    const res = await post(app, "/baseline", { scenario_id: first.id });
    expect(res.text).not.toContain(first.issues[0]!.description);
    expect(res.text).not.toContain('"solution"');
  });

  it.each([
    [{ task_id: "no_such_task" }, ["body", "task_id"], "value_error"],
    [{ scenario_id: "no_such_scenario" }, ["body", "scenario_id"], "value_error"],
    [{ scenario_id: 7 }, ["body", "scenario_id"], "string_type"],
    [{ scenario: first.id }, ["body", "scenario"], "extra_forbidden"],
    [[], ["body"], "dict_type"],
  ])("422 for %j", async (body, loc, type) => {
    const res = await post(app, "/baseline", body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc, type });
  });

  it("422 for a scenario outside the named task, and for malformed JSON", async () => {
    const other = catalog.scenarios.find((s) => s.task_id !== first.task_id);
    if (other) {
      const res = await post(app, "/baseline", { task_id: first.task_id, scenario_id: other.id });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toContain(`belongs to task '${other.task_id}'`);
    }
    const broken = await post(app, "/baseline", "{oops");
    expect(broken.status).toBe(422);
    expect(broken.body.detail[0].type).toBe("json_invalid");
  });
});

describe("POST /arena", () => {
  const app = testApp();
  const solution = first.solution;

  it("the reference solution beats submitting at once, with each side's per-step history", async () => {
    const res = await post(app, "/arena", { scenario_id: first.id, a: { label: "noop", actions: [SUBMIT] }, b: { label: "fix", actions: solution } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scenario_id: first.id, winner: "b", winner_label: "fix" });
    expect(res.body.reason).toContain("higher score");
    expect(res.body.b.breakdown.score).toBeGreaterThan(res.body.a.breakdown.score);
    expect(res.body.a.history).toEqual([expect.objectContaining({ step: 1, action_type: "submit", done: true })]);
    expect(res.body.b.history.length).toBeGreaterThanOrEqual(1);
    expect(res.body.b.label).toBe("fix");
  });

  it("breaks an equal score by fewer steps, and calls a full tie a tie", async () => {
    const tie = await post(app, "/arena", { scenario_id: first.id, a: { label: "x", actions: [SUBMIT] }, b: { label: "y", actions: [SUBMIT] } });
    expect(tie.body).toMatchObject({ winner: "tie", winner_label: null });
    expect(tie.body.reason).toContain("equal steps");
    // A no-op edit (a line replaced by itself) costs a step but nothing else: same score, one step more.
    const [path, file] = Object.entries(first.files)[0]!;
    const noChange = { action_type: "replace_line", file_path: path, line_number: 1, new_content: file.content.split("\n")[0] };
    const res = await post(app, "/arena", { scenario_id: first.id, a: { label: "slow", actions: [noChange, SUBMIT] }, b: { label: "fast", actions: [SUBMIT] } });
    expect(res.body.a.breakdown.score).toBe(res.body.b.breakdown.score);
    expect(res.body).toMatchObject({ winner: "b", winner_label: "fast" });
    expect(res.body.reason).toContain("fewer steps (1 vs 2)");
  });

  it("422 naming the side and the action index of a bad action", async () => {
    const res = await post(app, "/arena", {
      scenario_id: first.id,
      a: { label: "a", actions: [SUBMIT, { action_type: "explode" }] },
      b: { label: "b", actions: [{ action_type: "replace_line", file_path: "Dockerfile" }] },
    });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).toContainEqual(["body", "a", "actions", 1, "action_type"]);
    expect(locs).toContainEqual(["body", "b", "actions", 0, "line_number"]);
  });

  it.each([
    [{ a: { label: "a", actions: [] }, b: { label: "b", actions: [] } }, ["body", "scenario_id"], "missing"],
    [{ scenario_id: "nope", a: { label: "a", actions: [] }, b: { label: "b", actions: [] } }, ["body", "scenario_id"], "value_error"],
    [{ scenario_id: first.id, a: { label: "a", actions: [] } }, ["body", "b"], "missing"],
    [{ scenario_id: first.id, a: { label: "", actions: [] }, b: { label: "b", actions: [] } }, ["body", "a", "label"], "string_too_short"],
    [{ scenario_id: first.id, a: { label: "a", actions: {} }, b: { label: "b", actions: [] } }, ["body", "a", "actions"], "list_type"],
    [{ scenario_id: first.id, a: { label: "a", actions: [], score: 1 }, b: { label: "b", actions: [] } }, ["body", "a", "score"], "extra_forbidden"],
  ])("422 for %j", async (body, loc, type) => {
    const res = await post(app, "/arena", body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc, type });
  });

  it("422 for an empty body and for malformed JSON; 405 for GET", async () => {
    expect((await post(app, "/arena")).status).toBe(422);
    expect((await post(app, "/arena", "[1,")).body.detail[0].type).toBe("json_invalid");
    const res = await app.request("/arena");
    expect(res.status).toBe(405);
  });
});
