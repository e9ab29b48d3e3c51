/**
 * Each bound of the cost model (contracts/limits.ts): exceeding it is a clear 4xx or a failed action that
 * says which bound, the episode unchanged; the scenarios themselves sit well inside every bound; the README
 * lists every bound with its value.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import {
  DEFAULT_MAX_BODY_BYTES,
  LIMITS,
  MAX_EDITS_PER_ACTION,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REPOSITORY,
  MAX_JSON_ARRAY_ITEMS,
  MAX_JSON_DEPTH,
  MAX_JSON_OBJECT_KEYS,
  MAX_LINES_PER_FILE,
  MAX_PATCH_HUNKS,
  MAX_REPOSITORY_BYTES,
  MAX_VALIDATION_DETAILS,
} from "../../contracts/limits.js";
import { cut, preview, quote } from "../../contracts/quote.js";
import { lineCount } from "../../environment/lines.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { echo } from "../../server/echo.js";
import { toValidationDetails } from "../../server/validation.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { post, testApp } from "../server/helpers.js";
import { liveServer, openSocket } from "../server/live.js";

const catalog = loadCatalog();

/** Plays `actions` on typo_filename and returns the last answer with the state before it. */
function play(actions: Action[]) {
  const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "ep");
  for (const action of actions.slice(0, -1)) expect(episode.step(action).observation.last_action_error).toBeNull();
  const before = episode.state();
  const last = episode.step(actions.at(-1)!);
  return { last: last.observation, before, after: episode.state() };
}

const create = (files: Array<[string, string]>): Action => ({ action_type: "edit_file", edits: files.map(([file_path, new_content]) => ({ file_path, old_content: "", new_content })) });

function expectRefused(actions: Action[], message: string): void {
  const { last, before, after } = play(actions);
  expect(last.last_action_error).toContain(message);
  expect(last.last_action_error).toContain("nothing was changed");
  expect(after.files).toEqual(before.files);
  expect(after.failed_actions).toBe(before.failed_actions + 1);
}

describe("the repository's bounds", () => {
  it(`at most ${MAX_FILES_PER_REPOSITORY} files`, () => {
    const present = Object.keys(catalog.scenario("typo_filename")!.files).length;
    const names = Array.from({ length: MAX_FILES_PER_REPOSITORY - present + 1 }, (_, i) => `gen/f${i}.txt`);
    const batches: Action[] = [];
    for (let i = 0; i < names.length; i += MAX_EDITS_PER_ACTION) batches.push(create(names.slice(i, i + MAX_EDITS_PER_ACTION).map((n) => [n, "x\n"])));
    expectRefused(batches, `the repository would have ${MAX_FILES_PER_REPOSITORY + 1} files; it may have at most ${MAX_FILES_PER_REPOSITORY}`);
  });

  it(`at most ${MAX_FILE_BYTES} bytes per file, counted in UTF-8`, () => {
    expectRefused([create([["big.txt", "x".repeat(MAX_FILE_BYTES + 1)]])], `big.txt would have ${MAX_FILE_BYTES + 1} bytes; a file may have at most ${MAX_FILE_BYTES}`);
    // 300,000 characters, but 600,000 bytes.
    expectRefused([create([["big.txt", "é".repeat(300_000)]])], "big.txt would have 600000 bytes");
    expect(play([create([["ok.txt", "é".repeat(200_000)]])]).last.last_action_error).toBeNull();
  });

  it(`at most ${MAX_LINES_PER_FILE} lines per file`, () => {
    const block: Action = { action_type: "add_block", file_path: "README.md", line_number: 1, content: "\n".repeat(MAX_LINES_PER_FILE) };
    const readme = catalog.scenario("typo_filename")!.files["README.md"]!;
    const lines = lineCount(typeof readme === "string" ? readme : readme.content);
    expectRefused([block], `README.md would have ${MAX_LINES_PER_FILE + lines} lines; a file may have at most ${MAX_LINES_PER_FILE}`);
  });

  it(`at most ${MAX_REPOSITORY_BYTES} bytes in all`, () => {
    const chunk = "y".repeat(500_000);
    const actions = Array.from({ length: 5 }, (_, i) => create([[`part${i}.txt`, chunk]]));
    expectRefused(actions, `it may hold at most ${MAX_REPOSITORY_BYTES}`);
  });

  it("fifty edits cannot build an oversized file on the way to a small one", () => {
    const grow = { file_path: "g.txt", old_content: "", new_content: "z".repeat(400_000) };
    const edits = [grow, { file_path: "g.txt", old_content: "z".repeat(400_000), new_content: "z".repeat(800_000) }, { file_path: "g.txt", old_content: "z".repeat(800_000), new_content: "small" }];
    expectRefused([{ action_type: "edit_file", edits }], "edit 2: g.txt would have 800000 bytes");
  });

  it(`at most ${MAX_PATCH_HUNKS} hunks per patch`, () => {
    const hunks = Array.from({ length: MAX_PATCH_HUNKS + 1 }, (_, i) => `@@ -${i + 1},0 +${i + 1},1 @@\n+line ${i}\n`).join("");
    const { last } = play([{ action_type: "apply_patch", patch: `--- a/README.md\n+++ b/README.md\n${hunks}` }]);
    expect(last.last_action_error).toBe(`patch has ${MAX_PATCH_HUNKS + 1} hunks; a patch may have at most ${MAX_PATCH_HUNKS}`);
  });

  it("every scenario sits well inside every bound", () => {
    for (const scenario of catalog.scenarios) {
      const contents = Object.values(scenario.files).map((f) => (typeof f === "string" ? f : f.content));
      // A whole Linux host is more files than a repository, and still far from the bounds.
      const host = scenario.task_id === "host_incidents";
      expect(contents.length).toBeLessThanOrEqual(MAX_FILES_PER_REPOSITORY / (host ? 2 : 10));
      expect(contents.reduce((n, c) => n + Buffer.byteLength(c), 0)).toBeLessThanOrEqual(MAX_REPOSITORY_BYTES / (host ? 20 : 100));
      for (const c of contents) expect(lineCount(c)).toBeLessThanOrEqual(MAX_LINES_PER_FILE / 100);
    }
  });
});

describe("request bounds on every transport", () => {
  const nested = (depth: number) => `{"type":"state","x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

  it(`JSON nested ${MAX_JSON_DEPTH} deep is read; one level more is refused on HTTP, MCP and WebSocket`, async () => {
    const app = testApp();
    const reset = (depth: number) => `{"scenario_id":"typo_filename","episode_id":"e","x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
    // At the limit the JSON is read, and the reset refuses the unknown field; one more level is not JSON to the server.
    expect((await post(app, "/reset", reset(MAX_JSON_DEPTH))).body.detail[0].type).toBe("extra_forbidden");
    expect((await post(app, "/reset", reset(MAX_JSON_DEPTH + 1))).body.detail[0].type).toBe("json_invalid");
    const rpc = (depth: number) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${"[".repeat(depth - 2)}${"]".repeat(depth - 2)}}}`;
    expect((await post(app, "/mcp", rpc(MAX_JSON_DEPTH))).body.result).toEqual({});
    expect((await post(app, "/mcp", rpc(MAX_JSON_DEPTH + 1))).body.error.code).toBe(-32700);
    const server = await liveServer();
    try {
      const socket = await openSocket(server);
      expect((await socket.ask(nested(MAX_JSON_DEPTH))).data.code).toBe("VALIDATION_ERROR");
      expect((await socket.ask(nested(MAX_JSON_DEPTH + 1))).data.code).toBe("INVALID_JSON");
      // A frame over the body limit: the socket closes with 1009 (message too big), as ws answers it.
      socket.send(JSON.stringify({ type: "state", x: "w".repeat(DEFAULT_MAX_BODY_BYTES) }));
      expect((await socket.closed).code).toBe(1009);
    } finally {
      await server.close();
    }
  });

  it(`an object of ${MAX_JSON_OBJECT_KEYS} members and an array of ${MAX_JSON_ARRAY_ITEMS} elements are read; one more is refused on HTTP, MCP and WebSocket`, async () => {
    const app = testApp();
    // The reset's own field and the unknown ones: at the bound the body is read and the reset refuses them.
    const reset = (members: number) => JSON.stringify({ scenario_id: "typo_filename", ...Object.fromEntries(Array.from({ length: members - 1 }, (_, i) => [`k${i}`, i])) });
    expect((await post(app, "/reset", reset(MAX_JSON_OBJECT_KEYS))).body.detail[0].type).toBe("extra_forbidden");
    const wide = await post(app, "/reset", reset(MAX_JSON_OBJECT_KEYS + 1));
    expect(wide.status).toBe(422);
    expect(wide.body.detail).toEqual([
      { type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: `an object with more than ${MAX_JSON_OBJECT_KEYS} members at position 0` } },
    ]);
    const edits = (items: number) => JSON.stringify({ action: { action_type: "edit_file", edits: Array.from({ length: items }, () => ({})) } });
    expect((await post(app, "/step", edits(MAX_JSON_ARRAY_ITEMS))).body.detail[0].type).toBe("too_long");
    const long = await post(app, "/step", edits(MAX_JSON_ARRAY_ITEMS + 1));
    expect(long.body.detail[0]).toMatchObject({ type: "json_invalid", loc: ["body", 45], ctx: { error: `an array with more than ${MAX_JSON_ARRAY_ITEMS} elements at position 45` } });
    const rpc = (members: number) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: Object.fromEntries(Array.from({ length: members }, (_, i) => [`k${i}`, i])) });
    expect((await post(app, "/mcp", rpc(MAX_JSON_OBJECT_KEYS))).body.result).toEqual({});
    expect((await post(app, "/mcp", rpc(MAX_JSON_OBJECT_KEYS + 1))).body.error.code).toBe(-32700);
    const server = await liveServer();
    try {
      const socket = await openSocket(server);
      const frame = (items: number) => JSON.stringify({ type: "state", x: Array.from({ length: items }, () => 0) });
      expect((await socket.ask(frame(MAX_JSON_ARRAY_ITEMS))).data.code).toBe("VALIDATION_ERROR");
      const answer = await socket.ask(frame(MAX_JSON_ARRAY_ITEMS + 1));
      expect(answer.data).toMatchObject({ code: "INVALID_JSON", message: `Invalid JSON: an array with more than ${MAX_JSON_ARRAY_ITEMS} elements at position 20` });
    } finally {
      await server.close();
    }
  });

  it(`a validation answer lists ${MAX_VALIDATION_DETAILS} errors and counts the rest, building only those it lists`, async () => {
    const app = testApp();
    const unknown = MAX_JSON_OBJECT_KEYS - 1;
    const body: Record<string, unknown> = { scenario_id: "typo_filename" };
    for (let i = 0; i < unknown; i++) body[`k${i}`] = i;
    const res = await post(app, "/reset", body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(MAX_VALIDATION_DETAILS + 1);
    expect(res.body.detail.at(-1)).toEqual({ type: "too_many_errors", loc: ["body"], msg: `${unknown - MAX_VALIDATION_DETAILS} more validation errors not shown`, input: null });
    expect(res.text.length).toBeLessThan(15_000);
    // Each detail reads its key's value: the unknown keys past the fiftieth are counted, never looked at.
    let looked = 0;
    const watched = new Proxy(body, { getOwnPropertyDescriptor: (target, key) => (looked++, Reflect.getOwnPropertyDescriptor(target, key)) });
    const details = toValidationDetails([{ code: "unrecognized_keys", keys: Object.keys(body).slice(1), path: [], message: "" } as never], watched, ["body"]);
    expect(details.at(-1)!.msg).toBe(`${unknown - MAX_VALIDATION_DETAILS} more validation errors not shown`);
    expect(looked).toBeLessThanOrEqual(MAX_VALIDATION_DETAILS);
  });

  it("a validation error echoes a bad value whole while it is small, and cut short when not", async () => {
    const app = testApp();
    await post(app, "/reset", { scenario_id: "typo_filename", episode_id: "ep" });
    const small = await post(app, "/step", { episode_id: "ep", action: { action_type: "delete_line", file_path: "Dockerfile", line_number: "3" } });
    expect(small.body.detail[0]).toMatchObject({ type: "float_type", loc: ["line_number"], input: "3" });
    const long = "p".repeat(5_000);
    const big = await post(app, "/step", { episode_id: "ep", action: { action_type: "delete_line", file_path: long, line_number: 1 } });
    expect(big.body.detail[0].input).toBe(cut(long, 200));
    expect(big.text.length).toBeLessThan(1_000);
  });
});

describe("quoting and echoing untrusted values", () => {
  it("quote never calls a value's methods and stays short", () => {
    expect(quote({ toString: "x", valueOf: 1 })).toBe('{"toString": "x", "valueOf": 1}');
    expect(quote("a".repeat(1_000)).length).toBeLessThan(150);
    expect(quote(JSON.parse("[".repeat(5_000) + "]".repeat(5_000)))).toBe("[[[[…]]]]");
    expect(preview(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i]))).length).toBeLessThanOrEqual(121);
    expect(quote(null)).toBe("null");
  });

  it("echo keeps small values as they are and cuts large ones, keeping a __proto__ key a key", () => {
    const small = { a: [1, 2, { b: "c" }] };
    expect(echo(small)).toBe(small);
    const pruned = echo(JSON.parse(`{"__proto__": {"x": 1}, "list": [${Array.from({ length: 100 }, (_, i) => i).join(",")}]}`)) as Record<string, unknown>;
    expect(Object.hasOwn(pruned, "__proto__")).toBe(true);
    expect(JSON.stringify(pruned)).toContain('"__proto__":{"x":1}');
    expect((pruned.list as unknown[]).at(-1)).toBe("… (80 more items)");
  });
});

describe("the README's Limits section", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Limits"), readme.indexOf("\n## ", readme.indexOf("## Limits") + 1));

  it.each(Object.entries(LIMITS))("lists %s with its value", (name, value) => {
    const row = section.split("\n").find((line) => line.includes(`\`${name}\``));
    expect(row, `no row for ${name}`).toBeDefined();
    expect(row!.replace(/[ ,_]/g, "")).toContain(String(value));
  });
});
