/** /tasks, /tasks/:task_id, /info and /grader; nothing hidden in any of them. */
import { describe, expect, it } from "vitest";
import { ACTION_TYPES } from "../../contracts/actions.js";
import { ENDPOINTS } from "../../server/endpoints.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "./helpers.js";

const catalog = loadCatalog();
const app = testApp();

/** Text that only the hidden parts of scenarios contain. */
function hiddenTexts(): string[] {
  return catalog.scenarios.flatMap((s) => [
    ...s.issues.flatMap((i) => [i.description, i.hint]),
    ...s.alternatives.map((a) => a.description),
    ...s.wrong.map((w) => w.description),
  ]);
}

describe("GET /tasks", () => {
  it("lists every task with its scenarios", async () => {
    const res = await get(app, "/tasks");
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([...catalog.tasks.map((t) => t.task_id), "generated", "generated_host"]);
    const host = res.body.tasks.pop();
    const generated = res.body.tasks.pop();
    expect(generated).toMatchObject({ task_id: "generated", scenarios: [], difficulties: ["easy", "medium", "hard", "expert"], splits: ["train", "validation", "test"] });
    expect(host).toMatchObject({ task_id: "generated_host", scenarios: [], difficulties: ["easy", "medium", "hard", "expert"], splits: ["train", "validation", "test"] });
    for (const task of res.body.tasks) {
      expect(Object.keys(task).sort()).toEqual(["description", "difficulty", "scenarios", "task_id", "title"]);
      for (const s of task.scenarios) expect(Object.keys(s).sort()).toEqual(["difficulty", "issues_total", "kind", "scenario_id", "title"]);
      // Only the host track's scenarios are played on a simulated host; the page offers the host action by this field.
      expect(new Set(task.scenarios.map((s: { kind: string }) => s.kind))).toEqual(new Set([task.task_id === "host_incidents" ? "host" : "repository"]));
    }
    expect(res.body.tasks.flatMap((t: { scenarios: unknown[] }) => t.scenarios)).toHaveLength(catalog.scenarios.length);
  });

  it("GET /tasks/:task_id answers one task, or a 404 listing the valid ids", async () => {
    const task = catalog.tasks[0]!;
    const one = await get(app, `/tasks/${task.task_id}`);
    expect([one.status, one.body]).toEqual([200, JSON.parse(JSON.stringify(task))]);
    const missing = await get(app, "/tasks/no_such_task");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain("'no_such_task'");
    for (const t of catalog.tasks) expect(missing.body.detail).toContain(t.task_id);
  });

  it("no public answer contains a hidden description, hint, or fix", async () => {
    const bodies = await Promise.all(["/tasks", `/tasks/${catalog.tasks[0]!.task_id}`, "/info", "/metadata", "/schema"].map((p) => get(app, p)));
    const reset = await post(app, "/reset", { scenario_id: catalog.scenarios[0]!.id });
    const texts = [...bodies.map((b) => b.text), JSON.stringify(reset.body)];
    for (const hidden of hiddenTexts().filter((h) => h.length > 20)) {
      for (const text of texts) expect(text).not.toContain(hidden);
    }
  });
});

describe("GET /info", () => {
  it("gives name, version, counts, action types and the endpoint table", async () => {
    const res = await get(app, "/info");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "breakfix",
      version: expect.any(String),
      tasks: catalog.tasks.length + 2,
      scenarios: catalog.scenarios.length,
      action_types: [...ACTION_TYPES],
    });
    expect(res.body.endpoints).toEqual(JSON.parse(JSON.stringify(ENDPOINTS)));
  });

  it("the endpoint table matches the routes the app registers", () => {
    const registered = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`))).toEqual(registered);
  });
});

describe("POST /grader", () => {
  const scenario = catalog.scenarios[0]!;

  it("grades the reference solution by replay, with a per-step history", async () => {
    const res = await post(app, "/grader", { scenario_id: scenario.id, actions: scenario.solution });
    expect(res.status).toBe(200);
    expect(res.body.scenario_id).toBe(scenario.id);
    expect(res.body.breakdown.score).toBeGreaterThanOrEqual(0.9);
    expect(res.body.breakdown.issues_fixed).toBe(scenario.issues.length);
    expect(res.body.history).toHaveLength(scenario.solution.length);
    expect(res.body.history[0]).toMatchObject({ step: 1, action_type: scenario.solution[0]!.action_type });
  });

  it("agrees with the score of the same actions played over /step", async () => {
    const local = testApp();
    await post(local, "/reset", { scenario_id: scenario.id });
    const actions = [{ action_type: "request_hint" }, ...scenario.solution];
    let last;
    for (const action of actions) last = await post(local, "/step", { action });
    const graded = await post(local, "/grader", { scenario_id: scenario.id, actions });
    expect(graded.body.breakdown.score).toBe(last!.body.observation.score);
  });

  it("an empty trajectory scores at the floor", async () => {
    const res = await post(app, "/grader", { scenario_id: scenario.id, actions: [] });
    expect(res.status).toBe(200);
    expect(res.body.breakdown.score).toBeLessThanOrEqual(0.05);
    expect(res.body.history).toEqual([]);
  });

  it("a bad action is a 422 located at body.actions[i]", async () => {
    const res = await post(app, "/grader", {
      scenario_id: scenario.id,
      actions: [{ action_type: "submit" }, { action_type: "replace_line", file_path: "Dockerfile", line_number: -2, new_content: "x" }, { action_type: "nope" }],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ type: "greater_than_equal", loc: ["body", "actions", 1, "line_number"], input: -2 }),
      expect.objectContaining({ type: "union_tag_invalid", loc: ["body", "actions", 2, "action_type"], input: "nope" }),
    ]);
  });

  it("a missing, unknown or misspelt field is a 422 naming it", async () => {
    const missing = await post(app, "/grader", { scenario_id: scenario.id });
    expect(missing.body.detail).toEqual([expect.objectContaining({ type: "missing", loc: ["body", "actions"] })]);
    const unknown = await post(app, "/grader", { scenario_id: "nope", actions: [] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({ type: "value_error", loc: ["body", "scenario_id"], input: "nope" });
    expect(unknown.body.detail[0].msg).toContain(scenario.id);
    const misspelt = await post(app, "/grader", { scenario_id: scenario.id, actions: [], action: [] });
    expect(misspelt.body.detail).toEqual([expect.objectContaining({ type: "extra_forbidden", loc: ["body", "action"] })]);
    const notList = await post(app, "/grader", { scenario_id: scenario.id, actions: {} });
    expect(notList.body.detail).toEqual([expect.objectContaining({ type: "list_type", loc: ["body", "actions"] })]);
    const empty = await post(app, "/grader");
    expect(empty.status).toBe(422);
    const tooMany = await post(app, "/grader", { scenario_id: scenario.id, actions: Array.from({ length: 501 }, () => ({ action_type: "submit" })) });
    expect(tooMany.body.detail).toEqual([expect.objectContaining({ type: "too_long", loc: ["body", "actions"] })]);
  });
});
