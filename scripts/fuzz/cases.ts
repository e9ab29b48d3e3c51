/**
 * What the fuzzer sends: requests to every HTTP endpoint (right and wrong methods, hostile paths, queries,
 * headers and bodies), JSON-RPC to /mcp for every method, and WebSocket sessions of every frame type. Bodies
 * are built as values and serialised, then sometimes damaged (cut short, padded, made not JSON at all), with
 * deep-nesting markers expanded into raw brackets no serialiser would write.
 */
import fc from "fast-check";
import { anyAction, filePath } from "./actions.js";
import { expandMarkers, hostileNumber, hostileString, hostileValue, looseRecord, SCENARIO_IDS, TASK_IDS, usually } from "./values.js";

/** One HTTP request. */
export interface HttpCase {
  kind: "http";
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One WebSocket session: connect (with a query), send these frames one at a time, reading each answer. */
export interface WsCase {
  kind: "ws";
  query: string;
  frames: Array<string | { binary: string }>;
}

export type FuzzCase = HttpCase | WsCase;

/** Episode ids from a small pool, so that steps often find the episode a reset started. */
export const EPISODE_POOL = Array.from({ length: 12 }, (_, i) => `fz-${i}`);
const TOOL_NAMES = ["list_tasks", "start_scenario", "get_observation", "view_files", "edit_file", "replace_line", "add_line", "delete_line", "add_block", "delete_block", "apply_patch", "request_hint", "submit", "get_episode_state", "grade_trajectory"];
const RPC_METHODS = ["initialize", "ping", "tools/list", "tools/call", "openenv/session/create", "openenv/session/close", "notifications/initialized", "notifications/cancelled", "resources/list", "prompts/get"];

const episodeId = fc.oneof({ arbitrary: fc.constantFrom(...EPISODE_POOL), weight: 6 }, { arbitrary: hostileString, weight: 1 });
const scenarioId = fc.oneof({ arbitrary: fc.constantFrom(...SCENARIO_IDS), weight: 5 }, { arbitrary: hostileString, weight: 1 });
const taskId = fc.oneof({ arbitrary: fc.constantFrom(...TASK_IDS), weight: 5 }, { arbitrary: hostileString, weight: 1 });

/** A reset's fields; resets mostly name an episode from the pool, so few new episodes pile up. */
const resetBody = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.record({ scenario_id: scenarioId }), weight: 5 },
      { arbitrary: fc.record({ task_id: taskId, seed: fc.nat() }), weight: 2 },
      { arbitrary: looseRecord({ scenario_id: usually(scenarioId), task_id: usually(taskId), seed: usually(hostileNumber) }), weight: 2 },
    ),
    fc.oneof({ arbitrary: fc.constantFrom(...EPISODE_POOL), weight: 19 }, { arbitrary: hostileValue, weight: 1 }),
  )
  .map(([fields, id]) => ({ ...fields, episode_id: id }));

const stepBody = fc.oneof(
  { arbitrary: fc.record({ action: anyAction, episode_id: episodeId }), weight: 6 },
  { arbitrary: looseRecord({ action: anyAction, episode_id: usually(episodeId), timeout_s: usually(hostileNumber), request_id: usually(hostileString) }), weight: 1 },
);
const actions = fc.array(anyAction, { maxLength: 12 });
const graderBody = looseRecord({ scenario_id: usually(scenarioId), actions: usually(actions) });
const arenaBody = looseRecord({ scenario_id: usually(scenarioId), a: usually(looseRecord({ label: hostileString, actions })), b: usually(looseRecord({ label: hostileString, actions })) });
const baselineBody = looseRecord({ scenario_id: usually(scenarioId), task_id: usually(taskId) });

const toolArguments = fc.oneof(
  looseRecord({ scenario_id: scenarioId, task_id: taskId, seed: hostileNumber, episode_id: hostileString }),
  looseRecord({ file_path: filePath }),
  anyAction,
  looseRecord({ scenario_id: scenarioId, actions }),
  hostileValue,
);

/** A JSON-RPC request: every method, params right, wrong or hostile, ids of every kind. */
export const rpcRequest: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: looseRecord({
      jsonrpc: usually(fc.constant("2.0")),
      id: usually(fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null))),
      method: usually(fc.constantFrom(...RPC_METHODS)),
      params: usually(
        looseRecord({
          name: usually(fc.constantFrom(...TOOL_NAMES)),
          arguments: toolArguments,
          session_id: hostileValue,
          protocolVersion: usually(fc.constantFrom("2025-06-18", "2024-11-05", "1999-01-01")),
        }),
      ),
    }).map((r) => ({ jsonrpc: "2.0", ...r })),
    weight: 8,
  },
  { arbitrary: fc.array(hostileValue, { maxLength: 3 }), weight: 1 },
  { arbitrary: hostileValue, weight: 1 },
);

/** JSON text of `value`, deep markers expanded; sometimes damaged into text that is not JSON. */
const jsonText = (value: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.tuple(value, fc.integer({ min: 0, max: 39 }), fc.nat()).map(([v, damage, at]) => {
    const text = expandMarkers(JSON.stringify(v) ?? "null");
    switch (damage) {
      case 0:
        return text.slice(0, at % (text.length + 1));
      case 1:
        return `${text}}`;
      case 2:
        return `\uFEFF${text}`;
      case 3:
        return text.replace(/"/g, "'");
      default:
        return text;
    }
  });

/** Printable ASCII, as HTTP header values must be. */
const headerValue = fc.oneof(fc.constantFrom("x", "fz-0", "2025-06-18", "1999-01-01", "a".repeat(4000)), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 }));

const post = (path: string, body: fc.Arbitrary<unknown>, extraHeaders: fc.Arbitrary<Record<string, string>> = fc.constant({})): fc.Arbitrary<HttpCase> =>
  fc.tuple(jsonText(body), extraHeaders, fc.constantFrom("application/json", "application/json", "text/plain", "")).map(([text, headers, type]) => ({
    kind: "http",
    method: "POST",
    path,
    headers: type === "" ? headers : { "content-type": type, ...headers },
    body: text,
  }));

/** URL-encoded (lone surrogates, which no URL can carry, replaced), at most 2,000 characters before encoding. */
const encoded = (s: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  s.map((v) => encodeURIComponent(v.slice(0, 2000).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")));

const get = (path: fc.Arbitrary<string>): fc.Arbitrary<HttpCase> => path.map((p) => ({ kind: "http", method: "GET", path: p, headers: {} }));

/** Every endpoint, wrong methods and unknown paths; posts weighted towards the episode routes. */
export const httpCase: fc.Arbitrary<HttpCase> = fc.oneof(
  { arbitrary: post("/reset", resetBody), weight: 8 },
  { arbitrary: post("/step", stepBody), weight: 20 },
  { arbitrary: get(fc.oneof(fc.constant("/state"), encoded(episodeId).map((id) => `/state?episode_id=${id}`), encoded(hostileString).map((q) => `/state?${q}=1&episode_id=fz-1`))), weight: 4 },
  { arbitrary: encoded(episodeId).map((id): HttpCase => ({ kind: "http", method: "DELETE", path: `/episodes/${id}`, headers: {} })), weight: 1 },
  { arbitrary: post("/grader", graderBody), weight: 6 },
  { arbitrary: post("/arena", arenaBody), weight: 3 },
  { arbitrary: post("/baseline", baselineBody), weight: 1 },
  { arbitrary: post("/mcp", rpcRequest, fc.dictionary(fc.constantFrom("mcp-session-id", "mcp-protocol-version", "accept"), headerValue, { maxKeys: 2 })), weight: 14 },
  { arbitrary: headerValue.map((id): HttpCase => ({ kind: "http", method: "DELETE", path: "/mcp", headers: { "mcp-session-id": id } })), weight: 1 },
  { arbitrary: get(fc.constantFrom("/health", "/metadata", "/schema", "/openapi.json", "/tasks", "/info", "/", "/docs", "/ws", "/mcp")), weight: 3 },
  { arbitrary: get(encoded(fc.oneof(taskId, hostileString)).map((id) => `/tasks/${id}`)), weight: 2 },
  { arbitrary: get(encoded(fc.oneof(hostileString, fc.constantFrom("app.js", "x.css", "..%2f..%2fpackage.json"))).map((f) => `/assets/${f}`)), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom("PUT", "PATCH", "DELETE", "GET", "POST", "OPTIONS"), fc.constantFrom("/reset", "/step", "/state", "/grader", "/tasks", "/health", "/episodes/x", "/nope", "/__proto__", "/constructor"), fc.option(jsonText(hostileValue), { nil: undefined }))
      .map(([method, path, body]): HttpCase => ({ kind: "http", method, path, headers: { "content-type": "application/json" }, ...(body === undefined || method === "GET" ? {} : { body }) })),
    weight: 2,
  },
);

/** One frame: each of OpenEnv's frame types with right, wrong and hostile data, or raw text, or binary. */
const frame: fc.Arbitrary<string | { binary: string }> = fc.oneof(
  { arbitrary: jsonText(looseRecord({ data: usually(resetBody) }).map((f) => ({ type: "reset", ...f }))), weight: 8 },
  { arbitrary: jsonText(looseRecord({ data: anyAction }).map((f) => ({ type: "step", ...f }))), weight: 20 },
  {
    arbitrary: jsonText(
      fc.oneof(
        fc.constant({ type: "list_tools" }),
        looseRecord({ tool_name: usually(fc.constantFrom(...TOOL_NAMES)), arguments: toolArguments }).map((d) => ({ type: "call_tool", ...d })),
      ).map((data) => ({ type: "step", data })),
    ),
    weight: 8,
  },
  { arbitrary: jsonText(looseRecord({}).map((f) => ({ type: "state", ...f }))), weight: 4 },
  { arbitrary: jsonText(looseRecord({ data: rpcRequest }).map((f) => ({ type: "mcp", ...f }))), weight: 10 },
  { arbitrary: jsonText(looseRecord({ type: hostileValue, data: hostileValue })), weight: 4 },
  { arbitrary: jsonText(hostileValue), weight: 2 },
  { arbitrary: fc.constant('{"type":"close"}'), weight: 1 },
  { arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ binary: s })), weight: 1 },
);

/** A WebSocket session: a reset first most of the time, then frames; sometimes joining a hostile session id. */
export const wsCase: fc.Arbitrary<WsCase> = fc
  .tuple(
    fc.oneof({ arbitrary: fc.constant(""), weight: 9 }, { arbitrary: encoded(hostileString).map((id) => `?session_id=${id}`), weight: 1 }),
    fc.boolean(),
    fc.constantFrom(...SCENARIO_IDS),
    fc.array(frame, { minLength: 1, maxLength: 5 }),
  )
  .map(([query, reset, scenario, frames]) => ({
    kind: "ws",
    query,
    frames: reset ? [JSON.stringify({ type: "reset", data: { scenario_id: scenario } }), ...frames] : frames,
  }));

/** Everything, in the proportions the fuzzer sends: mostly HTTP (cheap), a WebSocket session in five. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof({ arbitrary: httpCase, weight: 4 }, { arbitrary: wsCase, weight: 1 });

/** `count` cases from `seed`, generated in batches so a long run never holds them all. */
export function* fuzzCases(count: number, seed: number, batch = 500): Generator<FuzzCase> {
  for (let done = 0, round = 0; done < count; round++) {
    const n = Math.min(batch, count - done);
    yield* fc.sample(fuzzCase, { numRuns: n, seed: seed + round });
    done += n;
  }
}
