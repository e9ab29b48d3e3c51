/**
 * Bad input everywhere (issue 2's list): each gets a clear 4xx, or, for a failed edit, a 200 with
 * last_action_error; and the episode is exactly as it was before (its state and its observation).
 */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { get, post, testApp, type JsonResponse } from "./helpers.js";

const SCENARIO = loadCatalog().scenarios[0]!;
const DOCKERFILE = Object.keys(SCENARIO.files).find((p) => /Dockerfile/.test(p)) ?? Object.keys(SCENARIO.files)[0]!;

/** An app with episode "ep" started and one hint taken, and a way to check it is unchanged. */
async function episodeUnderTest(options = {}) {
  const app = testApp(options);
  await post(app, "/reset", { scenario_id: SCENARIO.id, episode_id: "ep" });
  const hinted = await post(app, "/step", { episode_id: "ep", action: { action_type: "request_hint" } });
  const before = (await get(app, "/state?episode_id=ep")).body;
  const observationBefore = hinted.body.observation;
  const expectUnchanged = async () => {
    expect((await get(app, "/state?episode_id=ep")).body).toEqual(before);
    // request_hint again would change the state; read the observation through a fresh app-level look instead.
    const observation = app.context.sessions.episode("ep").observe().observation;
    expect(observation.files).toEqual(observationBefore.files);
    expect(observation.file_modes).toEqual(observationBefore.file_modes);
    expect(observation.step_count).toBe(observationBefore.step_count);
  };
  return { app, expectUnchanged, files: observationBefore.files as Record<string, string> };
}

const step = (app: Parameters<typeof post>[0], action: unknown) => post(app, "/step", { episode_id: "ep", action });

function expectDetail(res: JsonResponse, status: number, type: string, loc: Array<string | number>) {
  expect(res.status).toBe(status);
  expect(res.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ type, loc })]));
  for (const d of res.body.detail) expect(Object.keys(d)).toEqual(expect.arrayContaining(["type", "loc", "msg", "input"]));
}

describe("4xx answers that leave the episode unchanged", () => {
  it("malformed JSON", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    for (const body of ['{"episode_id": "ep", "action": {', "{'single': 'quotes'}", "[1,]", "nul"]) {
      const res = await post(app, "/step", body);
      expectDetail(res, 422, "json_invalid", ["body", expect.any(Number) as unknown as number]);
      expect(res.body.detail[0].msg).toBe("JSON decode error");
    }
    await expectUnchanged();
  });

  it("JSON nested absurdly deep, and JSON that is not an object", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (const path of ["/step", "/reset", "/grader"]) {
      const res = await post(app, path, `{"episode_id":"ep","action":{"action_type":"submit","metadata":{"x":${deep}}}}`);
      expectDetail(res, 422, "json_invalid", ["body", expect.any(Number) as unknown as number]);
      expect(res.body.detail[0].ctx.error).toContain("nesting deeper than 64 levels");
    }
    for (const body of ["[1]", '"text"', "5", "true"]) {
      expectDetail(await post(app, "/step", body), 422, "dict_type", ["body"]);
      expectDetail(await post(app, "/reset", body), 422, "dict_type", ["body"]);
    }
    await expectUnchanged();
  });

  it("an unknown action_type names the valid ones", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const res = await step(app, { action_type: "rm_rf", file_path: DOCKERFILE });
    expectDetail(res, 422, "union_tag_invalid", ["action_type"]);
    expect(res.body.detail[0].msg).toContain("'edit_file'");
    expect(res.body.detail[0].msg).toContain("'submit'");
    const missing = await step(app, { file_path: DOCKERFILE });
    expectDetail(missing, 422, "union_tag_not_found", ["action_type"]);
    const mcp = await step(app, { type: "list_tools" });
    expect(mcp.status).toBe(422);
    await expectUnchanged();
  });

  it("unknown fields in the action and in its edits", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const res = await step(app, { action_type: "delete_line", file_path: DOCKERFILE, line_number: 1, force: true });
    expectDetail(res, 422, "extra_forbidden", ["force"]);
    expect(res.body.detail[0]).toMatchObject({ msg: "Extra inputs are not permitted", input: true });
    const edit = await step(app, { action_type: "edit_file", edits: [{ file_path: DOCKERFILE, old_content: "a", new_content: "b", regex: true }] });
    expectDetail(edit, 422, "extra_forbidden", ["edits", 0, "regex"]);
    await expectUnchanged();
  });

  it("missing fields, and fields of the wrong type", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const res = await step(app, { action_type: "replace_line", file_path: DOCKERFILE });
    expectDetail(res, 422, "missing", ["line_number"]);
    expectDetail(res, 422, "missing", ["new_content"]);
    expect(res.body.detail[0].msg).toBe("Field required");
    expectDetail(await step(app, { action_type: "replace_line", file_path: 3, line_number: 1, new_content: "" }), 422, "string_type", ["file_path"]);
    expectDetail(await step(app, { action_type: "replace_line", file_path: DOCKERFILE, line_number: "1", new_content: "" }), 422, "float_type", ["line_number"]);
    expectDetail(await step(app, { action_type: "replace_line", file_path: DOCKERFILE, line_number: 1.5, new_content: "" }), 422, "int_type", ["line_number"]);
    expectDetail(await step(app, { action_type: "edit_file", edits: [] }), 422, "too_short", ["edits"]);
    expectDetail(await post(app, "/step", { episode_id: "ep" }), 422, "missing", ["body", "action"]);
    expectDetail(await post(app, "/step", ""), 422, "missing", ["body"]);
    await expectUnchanged();
  });

  it("negative, zero and huge line numbers", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const negative = await step(app, { action_type: "delete_line", file_path: DOCKERFILE, line_number: -1 });
    expectDetail(negative, 422, "greater_than_equal", ["line_number"]);
    expect(negative.body.detail[0]).toMatchObject({ msg: "Input should be greater than or equal to 1", input: -1, ctx: { ge: 1 } });
    expectDetail(await step(app, { action_type: "delete_line", file_path: DOCKERFILE, line_number: 0 }), 422, "greater_than_equal", ["line_number"]);
    expectDetail(await step(app, { action_type: "delete_line", file_path: DOCKERFILE, line_number: 1e12 }), 422, "less_than_equal", ["line_number"]);
    expectDetail(
      await step(app, { action_type: "delete_block", file_path: DOCKERFILE, start_line: -5, end_line: 2 ** 53 }),
      422,
      "greater_than_equal",
      ["start_line"],
    );
    await expectUnchanged();
  });

  it("an unknown or malformed episode id", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    const res = await post(app, "/step", { episode_id: "nobody", action: { action_type: "submit" } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(
      "episode 'nobody' not found (unknown, closed, expired after 900 s idle, or finished and evicted to make room at MAX_SESSIONS); POST /reset to start one",
    );
    expect((await get(app, "/state?episode_id=nobody")).status).toBe(404);
    expectDetail(await post(app, "/step", { episode_id: "", action: { action_type: "submit" } }), 422, "string_too_short", ["body", "episode_id"]);
    expectDetail(await post(app, "/step", { episode_id: "x".repeat(256), action: { action_type: "submit" } }), 422, "string_too_long", ["body", "episode_id"]);
    await expectUnchanged();
  });

  it("a body over the limit, by Content-Length and by the bytes actually sent", async () => {
    const { app, expectUnchanged } = await episodeUnderTest({ maxBodyBytes: 1000 });
    const huge = JSON.stringify({ episode_id: "ep", action: { action_type: "edit_file", edits: [{ file_path: DOCKERFILE, old_content: "x".repeat(2000), new_content: "" }] } });
    const declared = await post(app, "/step", huge, { "content-length": String(Buffer.byteLength(huge)) });
    expect(declared.status).toBe(413);
    expect(declared.body.detail).toBe(`request body is ${Buffer.byteLength(huge)} bytes; the limit is 1000`);

    // A chunked body declares no length: the server counts what arrives and stops reading past the limit.
    const chunks = [huge.slice(0, 600), huge.slice(600)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const response = await app.request("/step", { method: "POST", body: stream, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: "request body is more than 1000 bytes; the limit is 1000" });

    const reset = await post(app, "/reset", { scenario_id: SCENARIO.id, padding: "y".repeat(5000) });
    expect(reset.status).toBe(413);
    await expectUnchanged();
  });

  it("/state with a bad query", async () => {
    const { app, expectUnchanged } = await episodeUnderTest();
    expectDetail(await get(app, `/state?episode_id=${"z".repeat(300)}`), 422, "string_too_long", ["query", "episode_id"]);
    await expectUnchanged();
  });
});

describe("failed edits: 200 with last_action_error, files unchanged", () => {
  const escapes = ["../../etc/passwd", "/etc/passwd", "../outside", "./../../x", "C:/Windows/win.ini", "a/../../b"];

  it.each(escapes)("a path outside the repository: %s", async (file_path) => {
    const { app, files } = await episodeUnderTest();
    for (const action of [
      { action_type: "edit_file", edits: [{ file_path, old_content: "", new_content: "pwned" }] },
      { action_type: "replace_line", file_path, line_number: 1, new_content: "root::0:0::/:/bin/sh" },
      { action_type: "add_line", file_path, line_number: 1, content: "x" },
      { action_type: "delete_line", file_path, line_number: 1 },
    ]) {
      const res = await step(app, action);
      expect(res.status).toBe(200);
      expect(res.body.observation.last_action_error).toEqual(expect.any(String));
      expect(res.body.reward).toBeLessThan(0);
      expect(res.body.observation.files).toEqual(files);
    }
  });

  it("no match, a line out of range, an unknown file", async () => {
    const { app, files } = await episodeUnderTest();
    const lines = (files[DOCKERFILE] ?? "").split("\n").length;
    for (const action of [
      { action_type: "edit_file", edits: [{ file_path: DOCKERFILE, old_content: "this text is not there", new_content: "x" }] },
      { action_type: "replace_line", file_path: DOCKERFILE, line_number: lines + 50, new_content: "x" },
      { action_type: "delete_line", file_path: DOCKERFILE, line_number: 999_999 },
      { action_type: "delete_block", file_path: DOCKERFILE, start_line: 3, end_line: 1 },
      { action_type: "delete_line", file_path: "no/such/file", line_number: 1 },
      { action_type: "apply_patch", patch: "not a diff" },
    ]) {
      const res = await step(app, action);
      expect(res.status).toBe(200);
      expect(res.body.observation.last_action_error).toEqual(expect.any(String));
      expect(res.body.observation.files).toEqual(files);
    }
  });
});

describe("unexpected errors", () => {
  it("become a bare 500, logged server-side, never a stack trace", async () => {
    const app = testApp();
    app.get("/boom", () => {
      throw new Error("secret internals");
    });
    const res = await get(app, "/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "internal error" });
    expect(res.text).not.toContain("secret");
    expect(app.logged).toHaveLength(1);
  });
});
