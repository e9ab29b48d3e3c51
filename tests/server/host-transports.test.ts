/**
 * The host action and host inspections over every transport: REST, /ws, OpenEnv's MCP and the official MCP
 * SDK client play the same host episode with the same answers (what each command printed, rewards, files),
 * /info and /schema list the action, the MCP tool's schema asks for the command, and a malformed host action
 * is bad input rather than a step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import type { StepResult } from "../../contracts/observation.js";
import { liveServer, postMcp, type LiveServer } from "./live.js";
import { connect, TRANSPORTS } from "./transport-clients.js";

const PLAY: Action[] = [
  { action_type: "inspect", command: "systemctl status nginx" },
  { action_type: "inspect", command: "ss -tlnp | grep ':80 '" },
  { action_type: "host", command: "systemctl restart nginx" },
  { action_type: "host", command: "frobnicate" },
  { action_type: "host", command: "pkill -f http.server" },
  { action_type: "host", command: "systemctl start nginx" },
];

describe("the host action over every transport", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("plays the same host episode everywhere", async () => {
    const answers = new Map<string, StepResult[]>();
    for (const transport of TRANSPORTS) {
      const client = await connect(transport, server);
      try {
        await client.start({ scenario_id: "nginx_killed", episode_id: `host-${transport}` });
        const results = [];
        for (const action of PLAY) {
          const result = await client.act(action);
          results.push(result);
          if (result.done) break;
        }
        answers.set(transport, results.map((r) => ({ ...r, observation: { ...r.observation, episode_id: "" } })));
      } finally {
        await client.close();
      }
    }
    const rest = answers.get("rest")!;
    expect(rest.map((r) => r.observation.step_count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rest[0]!.observation.inspect_output).toContain("× nginx.service");
    expect(rest[1]!.observation.inspect_output).toContain('users:(("python3"');
    expect(rest[2]!.observation.inspect_output).toContain("Job for nginx.service failed");
    expect(rest[2]!.observation.last_action_error).toBeNull();
    expect(rest[3]!.observation.last_action_error).toContain("'frobnicate' is not a command the simulated host runs");
    expect(rest[3]!.reward).toBe(-0.02);
    expect(rest.at(-1)!).toMatchObject({ done: true, reward: 0.3, observation: { issues_fixed: 1 } });
    expect(Object.keys(rest[0]!.observation.files)).not.toContain(".breakfix/host.json");
    for (const transport of TRANSPORTS) expect(answers.get(transport)).toEqual(rest);
  });

  it("is listed in /info and /schema and published as an MCP tool with a zod-made schema", async () => {
    const info = (await (await fetch(`${server.url}/info`)).json()) as { action_types: string[] };
    expect(info.action_types).toContain("host");
    const listed = await postMcp(server, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const tool = listed.body.result.tools.find((t: { name: string }) => t.name === "host");
    expect(tool.inputSchema).toMatchObject({ type: "object", required: ["command"], properties: { command: { type: "string", maxLength: 2000 } } });
    const schema = (await (await fetch(`${server.url}/schema`)).json()) as { action: unknown };
    expect(JSON.stringify(schema.action)).toContain('"host"');
  });

  it("refuses a missing or oversized command as bad input, not as a step", async () => {
    await fetch(`${server.url}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "nginx_killed", episode_id: "host-bad" }) });
    for (const action of [{ action_type: "host" }, { action_type: "host", command: "" }, { action_type: "host", command: "x".repeat(2001) }, { action_type: "host", command: "ls", extra: 1 }]) {
      const response = await fetch(`${server.url}/step`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action, episode_id: "host-bad" }) });
      expect(response.status).toBe(422);
    }
    const state = (await (await fetch(`${server.url}/state?episode_id=host-bad`)).json()) as { step_count: number };
    expect(state.step_count).toBe(0);
  });
});
