/**
 * GET /openapi.json: every endpoint of the table is described, and real answers validate against the zod
 * types the document is generated from (so the document cannot describe answers the server does not give).
 */
import { ACTION_TYPES } from "../../contracts/actions.js";
import { describe, expect, it } from "vitest";
import { StepResultSchema, EpisodeStateSchema } from "../../contracts/observation.js";
import { ENDPOINTS } from "../../server/endpoints.js";
import { GradeReportSchema, HealthSchema, InfoSchema, MetadataSchema, SchemasSchema, TasksSchema, TaskViewSchema, DetailSchema, ValidationErrorSchema } from "../../server/responses.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp } from "./helpers.js";

const app = testApp();
const scenario = loadCatalog().scenarios[0]!;

describe("GET /openapi.json", () => {
  it("is OpenAPI 3.1 with a string info.version and every endpoint of the table", async () => {
    const res = await get(app, "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(typeof res.body.info.version).toBe("string");
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
      expect(res.body.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toMatchObject({ summary: endpoint.summary });
    }
    for (const path of ["/reset", "/step", "/state"]) expect(res.body.paths[path]).toBeDefined();
  });

  it("describes requests and answers with the zod-made schemas (the action union, the observation fields)", async () => {
    const doc = (await get(app, "/openapi.json")).body;
    const step = doc.paths["/step"].post;
    const body = step.requestBody.content["application/json"].schema;
    expect(body.required).toContain("action");
    expect((body.properties.action.oneOf ?? body.properties.action.anyOf).length).toBe(ACTION_TYPES.length);
    const answer = step.responses["200"].content["application/json"].schema;
    expect(Object.keys(answer.properties)).toEqual(["observation", "reward", "done"]);
    expect(answer.properties.observation.required).toContain("error_message");
    expect(step.responses["422"]).toBeDefined();
    expect(doc.paths["/state"].get.parameters).toEqual([expect.objectContaining({ name: "episode_id", in: "query", required: false })]);
    expect(doc.paths["/tasks/{task_id}"].get.parameters).toEqual([expect.objectContaining({ name: "task_id", in: "path", required: true })]);
  });

  it("real answers validate against the same types", async () => {
    const check = (schema: { parse(v: unknown): unknown }, body: unknown) => expect(() => schema.parse(body)).not.toThrow();
    check(HealthSchema, (await get(app, "/health")).body);
    check(MetadataSchema, (await get(app, "/metadata")).body);
    check(SchemasSchema, (await get(app, "/schema")).body);
    check(StepResultSchema, (await post(app, "/reset", { scenario_id: scenario.id })).body);
    check(StepResultSchema, (await post(app, "/step", { action: { action_type: "request_hint" } })).body);
    check(EpisodeStateSchema, (await get(app, "/state")).body);
    check(TasksSchema, (await get(app, "/tasks")).body);
    check(TaskViewSchema, (await get(app, `/tasks/${scenario.task_id}`)).body);
    check(InfoSchema, (await get(app, "/info")).body);
    check(GradeReportSchema, (await post(app, "/grader", { scenario_id: scenario.id, actions: scenario.solution })).body);
    check(DetailSchema, (await get(app, "/tasks/nope")).body);
    check(ValidationErrorSchema, (await post(app, "/reset", { seed: -1 })).body);
  });

  it("GET /ws without an upgrade says to use a WebSocket", async () => {
    const res = await get(app, "/ws");
    expect(res.status).toBe(426);
    expect(res.body.detail).toContain("WebSocket");
  });
});
