/**
 * The inspect action over every transport: REST, /ws, OpenEnv's MCP and the official MCP SDK client answer
 * the same inspection with the same output, step count and unchanged files; /info lists the action type,
 * and the MCP tool's input schema (from zod) asks for the command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import type { StepResult } from "../../contracts/observation.js";
import { liveServer, postMcp, type LiveServer } from "./live.js";
import { connect, TRANSPORTS } from "./transport-clients.js";

const LOOKS: Action[] = [
  { action_type: "inspect", command: "kubectl top pod" },
  { action_type: "inspect", command: "grep -n memory k8s/deployment.yaml | head -1" },
  { action_type: "inspect", command: "kubectl delete pod x" },
];

describe("inspect over every transport", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers the same everywhere and changes nothing", async () => {
    const answers = new Map<string, StepResult[]>();
    for (const transport of TRANSPORTS) {
      const client = await connect(transport, server);
      try {
        const first = await client.start({ scenario_id: "oom_killed", episode_id: `inspect-${transport}` });
        const results = [];
        for (const action of LOOKS) results.push(await client.act(action));
        for (const r of results) {
          expect(r.observation.files).toEqual(first.observation.files);
          expect(r.reward).toBe(0);
          expect(r.observation.last_action_error).toBeNull();
        }
        answers.set(transport, results.map((r) => ({ ...r, observation: { ...r.observation, episode_id: "" } })));
      } finally {
        await client.close();
      }
    }
    const rest = answers.get("rest")!;
    expect(rest[0]!.observation.inspect_output).toMatch(/^NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\n/);
    expect(rest[0]!.observation.inspect_output).toContain("180Mi");
    expect(rest[1]!.observation.inspect_output).toMatch(/^\d+:\s+memory: 64Mi\n$/);
    expect(rest[2]!.observation.inspect_output).toContain("'kubectl delete' would change the cluster");
    expect(rest.map((r) => r.observation.step_count)).toEqual([1, 2, 3]);
    for (const transport of TRANSPORTS) expect(answers.get(transport)).toEqual(rest);
  });

  it("is listed in /info and published as an MCP tool with a zod-made schema", async () => {
    const info = (await (await fetch(`${server.url}/info`)).json()) as { action_types: string[]; scoring: { inspect: number } };
    expect(info.action_types).toContain("inspect");
    expect(info.scoring.inspect).toBe(0);
    const listed = await postMcp(server, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const tool = listed.body.result.tools.find((t: { name: string }) => t.name === "inspect");
    expect(tool.inputSchema).toMatchObject({ type: "object", required: ["command"], properties: { command: { type: "string", maxLength: 2000 } } });
    const schema = (await (await fetch(`${server.url}/schema`)).json()) as { action: unknown };
    expect(JSON.stringify(schema.action)).toContain('"inspect"');
  });

  it("refuses a missing or oversized command as bad input, not as a step", async () => {
    await fetch(`${server.url}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "oom_killed", episode_id: "inspect-bad" }) });
    for (const action of [{ action_type: "inspect" }, { action_type: "inspect", command: "" }, { action_type: "inspect", command: "x".repeat(2001) }]) {
      const response = await fetch(`${server.url}/step`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action, episode_id: "inspect-bad" }) });
      expect(response.status).toBe(422);
    }
    const state = (await (await fetch(`${server.url}/state?episode_id=inspect-bad`)).json()) as { step_count: number };
    expect(state.step_count).toBe(0);
  });
});
