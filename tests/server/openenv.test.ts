/**
 * The OpenEnv contract: breakfix answers what OpenEnv's reference server answers (wire-captures.json), with
 * breakfix's own actions and observations in place of the capture environment's.
 */
import { describe, expect, it } from "vitest";
import { ActionSchema } from "../../contracts/actions.js";
import { get, post, testApp, wireCaptures, withoutUrl } from "./helpers.js";

const captures = wireCaptures().fix_env.http;
/** The capture of `req` whose body contains `fragment` (as JSON text), or the first one. */
const captured = (req: string, fragment = "") => {
  const found = captures.find((c) => c.req === req && JSON.stringify(c.body ?? null).includes(fragment));
  if (!found) throw new Error(`no capture ${req} ${fragment}`);
  return found;
};

describe("descriptive endpoints", () => {
  const app = testApp();

  it("GET /health answers as OpenEnv's", async () => {
    const res = await get(app, "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(captured("GET /health").resp);
  });

  it("GET /metadata has OpenEnv's keys, with breakfix's name, version and README", async () => {
    const res = await get(app, "/metadata");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(captured("GET /metadata").resp as object).sort());
    expect(res.body.name).toBe("breakfix");
    expect(typeof res.body.description).toBe("string");
    expect(res.body.description.length).toBeGreaterThan(0);
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.readme_content === null || typeof res.body.readme_content === "string").toBe(true);
  });

  it("GET /schema serves the action, observation (with reward and done) and state JSON Schemas", async () => {
    const res = await get(app, "/schema");
    expect(res.status).toBe(200);
    const { action, observation, state } = res.body;
    for (const schema of [action, observation, state]) expect(typeof schema).toBe("object");
    const variants = action.oneOf ?? action.anyOf;
    expect(variants.map((v: { properties: { action_type: { const: string } } }) => v.properties.action_type.const)).toEqual(
      ActionSchema.options.map((o) => o.shape.action_type.value),
    );
    expect(variants.every((v: { additionalProperties: unknown }) => v.additionalProperties === false)).toBe(true);
    expect(Object.keys(observation.properties)).toEqual(expect.arrayContaining(["episode_id", "files", "error_message", "reward", "done"]));
    expect(Object.keys(state.properties)).toEqual(expect.arrayContaining(["episode_id", "step_count"]));
  });

  it("an unknown route is FastAPI's 404 and a wrong method FastAPI's 405", async () => {
    const misc = wireCaptures().misc_probes_text;
    expect(misc).toContain('404 application/json {"detail":"Not Found"}');
    expect(misc).toContain('405 application/json {"detail":"Method Not Allowed"}');
    const missing = await get(app, "/nope");
    expect([missing.status, missing.body]).toEqual([404, { detail: "Not Found" }]);
    const wrong = await get(app, "/reset");
    expect([wrong.status, wrong.body]).toEqual([405, { detail: "Method Not Allowed" }]);
    expect(wrong.headers.get("allow")).toBe("POST");
    const wrongState = await post(app, "/state", {});
    expect([wrongState.status, wrongState.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});

describe("reset and step as OpenEnv clients send them", () => {
  it("POST /reset with no body, null, {} and OpenEnv's seed and episode_id answers {observation, reward, done}", async () => {
    const app = testApp();
    for (const body of [undefined, "null", "", {}, { seed: 7, episode_id: "ep-1" }]) {
      const res = await post(app, "/reset", body);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["done", "observation", "reward"]);
      expect(res.body.done).toBe(false);
      expect(typeof res.body.observation.episode_id).toBe("string");
    }
  });

  it("the captured reset kwarg `difficulty`, which OpenEnv's reference server passes to its environment, is a 422 saying what it applies to", async () => {
    // The capture's environment took `difficulty` and ignored it. breakfix's difficulty chooses a generated
    // scenario; ignoring it on a curated one would start a scenario of any difficulty without a word.
    const capture = captured("POST /reset", '"difficulty":"hard"');
    expect(capture.status).toBe(200);
    const res = await post(testApp(), "/reset", capture.body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "difficulty"],
        msg: "difficulty and split choose a generated scenario: give task_id 'generated' or 'generated_host' with them",
        input: "hard",
      },
    ]);
  });

  it("an extra reset kwarg breakfix has no use for is a 422 naming it and the accepted ones", async () => {
    const res = await post(testApp(), "/reset", { seed: 3, temperature: 0.2 });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "extra_forbidden",
        loc: ["body", "temperature"],
        msg: "Extra inputs are not permitted: reset accepts task_id, scenario_id, seed, episode_id, difficulty, split, observation_mode",
        input: 0.2,
        ctx: { accepted: ["task_id", "scenario_id", "seed", "episode_id", "difficulty", "split", "observation_mode"] },
      },
    ]);
  });

  it("POST /reset {seed: -1} is the captured 422", async () => {
    const res = await post(testApp(), "/reset", { seed: -1 });
    const capture = captured("POST /reset", '"seed":-1');
    expect(capture.status).toBe(422);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(capture.resp);
  });

  it("POST /step ignores timeout_s, request_id and unknown envelope keys", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: "typo_filename" });
    const res = await post(app, "/step", { action: { action_type: "request_hint" }, timeout_s: 5, request_id: "r1", extra_flag: true });
    expect(res.status).toBe(200);
    expect(res.body.observation.hint).toEqual(expect.any(String));
  });

  it("validation errors match the captured types, locs, messages and inputs", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: "typo_filename" });
    const cases: Array<[unknown, string]> = [
      [{ action: { action_type: "submit", bogus: 1 } }, '"bogus":1'], // extra_forbidden at ["bogus"]
      [{ message: "no action wrapper" }, "no action wrapper"], // missing at ["body", "action"]
      [{ action: { action_type: "submit" }, timeout_s: 0 }, '"timeout_s":0'], // greater_than at ["body", "timeout_s"]
    ];
    for (const [body, fragment] of cases) {
      const capture = captured("POST /step", fragment);
      const res = await post(app, "/step", body);
      expect(res.status).toBe(capture.status);
      expect(res.body.detail).toEqual(withoutUrl((capture.resp as { detail: Array<Record<string, unknown>> }).detail));
    }
  });

  it("malformed JSON, a non-string episode_id and a non-object action answer as the misc captures", async () => {
    const app = testApp();
    const misc = wireCaptures().misc_probes_text;
    const bad = await post(app, "/reset", "{bad json");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { type: "json_invalid", loc: ["body", 1], msg: "JSON decode error", input: {}, ctx: { error: expect.any(String) } },
    ]);
    expect(misc).toContain('{"type":"json_invalid","loc":["body",1],"msg":"JSON decode error","input":{}');

    const id = await post(app, "/reset", { episode_id: 5 });
    expect(misc).toContain(JSON.stringify({ detail: id.body.detail }));

    await post(app, "/reset", {});
    const action = await post(app, "/step", { action: "str" });
    expect(misc).toContain(`422 application/json ${JSON.stringify(action.body)}`);
  });
});
