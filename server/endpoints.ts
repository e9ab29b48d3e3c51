/**
 * The endpoint table /info publishes. A test checks it against the routes the app really registers, so a
 * route added without an entry here (or an entry without a route) fails the suite.
 */
export interface EndpointInfo {
  method: "GET" | "POST" | "DELETE";
  path: string;
  summary: string;
}

export const ENDPOINTS: readonly EndpointInfo[] = [
  { method: "GET", path: "/health", summary: "liveness: {status: healthy}" },
  { method: "GET", path: "/metrics", summary: "requests, step latency, sessions, evictions, worker restarts and timeouts, in Prometheus text format" },
  { method: "GET", path: "/metadata", summary: "name, description, README, version (OpenEnv)" },
  { method: "GET", path: "/schema", summary: "JSON Schemas of the action, the observation and the state" },
  { method: "POST", path: "/reset", summary: "start an episode {task_id?, scenario_id?, seed?, episode_id?}: a new one under a fresh id (and the default) unless episode_id names one" },
  { method: "POST", path: "/step", summary: "act in an episode {action, episode_id?}" },
  { method: "GET", path: "/state", summary: "an episode's current observation and history (?episode_id=, else the default episode)" },
  { method: "DELETE", path: "/episodes/:episode_id", summary: "close an HTTP episode and free its place" },
  { method: "GET", path: "/episodes/:episode_id/record", summary: "the record an episode replays from {transport, record: {scenario_id, seed, actions, ...}}: a stored HTTP episode, or any finished one" },
  { method: "GET", path: "/ws", summary: "WebSocket: one connection = one episode session (OpenEnv's reset/step/state/close/mcp frames)" },
  { method: "POST", path: "/mcp", summary: "JSON-RPC: OpenEnv's MCP (tools/*, openenv/session/*) and MCP Streamable HTTP (initialize, Mcp-Session-Id)" },
  { method: "DELETE", path: "/mcp", summary: "end the MCP session named by the Mcp-Session-Id header" },
  { method: "GET", path: "/openapi.json", summary: "OpenAPI document of this API, generated from the zod types" },
  { method: "GET", path: "/tasks", summary: "the tasks and their scenarios" },
  { method: "GET", path: "/tasks/:task_id", summary: "one task and its scenarios" },
  { method: "GET", path: "/info", summary: "name, version, counts, action types and this table" },
  { method: "POST", path: "/grader", summary: "grade a trajectory by replay {scenario_id, actions}" },
  { method: "POST", path: "/baseline", summary: "the heuristic agent's scores {task_id?, scenario_id?}: per scenario, per task, overall" },
  { method: "POST", path: "/arena", summary: "two trajectories on one scenario, graded by replay {scenario_id, a:{label, actions}, b:{label, actions}}: the winner" },
  { method: "GET", path: "/", summary: "the playground: play a scenario, replay a trajectory, compare two in the arena (HTML)" },
  { method: "GET", path: "/docs", summary: "this API's documentation, rendered from /openapi.json (HTML)" },
  { method: "GET", path: "/assets/:file", summary: "the pages' scripts and styles: content-hashed names, cached for good, gzip or brotli" },
];
