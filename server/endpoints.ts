/**
 * The endpoint table /info publishes. A test checks it against the routes the app really registers, so a
 * route added without an entry here (or an entry without a route) fails the suite.
 */
export interface EndpointInfo {
  method: "GET" | "POST";
  path: string;
  summary: string;
}

export const ENDPOINTS: readonly EndpointInfo[] = [
  { method: "GET", path: "/health", summary: "liveness: {status: healthy}" },
  { method: "GET", path: "/metadata", summary: "name, description, README, version (OpenEnv)" },
  { method: "GET", path: "/schema", summary: "JSON Schemas of the action, the observation and the state" },
  { method: "POST", path: "/reset", summary: "start an episode {task_id?, scenario_id?, seed?, episode_id?}" },
  { method: "POST", path: "/step", summary: "act in an episode {action, episode_id?}" },
  { method: "GET", path: "/state", summary: "an episode's state (?episode_id=, else the default episode)" },
  { method: "GET", path: "/tasks", summary: "the tasks and their scenarios" },
  { method: "GET", path: "/tasks/:task_id", summary: "one task and its scenarios" },
  { method: "GET", path: "/info", summary: "name, version, counts, action types and this table" },
  { method: "POST", path: "/grader", summary: "grade a trajectory by replay {scenario_id, actions}" },
];
