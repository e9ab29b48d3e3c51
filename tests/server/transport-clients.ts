/**
 * One episode client per transport, each behind the same small interface, so that one suite of episodes
 * runs unchanged over all of them: REST with episode ids, /ws frames, OpenEnv's MCP over POST /mcp
 * (openenv/session/create + tools/call with session_id), and standard MCP through the official SDK client
 * (Streamable HTTP).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Action } from "../../contracts/actions.js";
import type { EpisodeState, StepResult } from "../../contracts/observation.js";
import type { RunningServer } from "../../server/listen.js";
import { openSocket, postMcp, type FrameSocket } from "./live.js";

export interface EpisodeClient {
  start(request: { scenario_id: string; episode_id: string }): Promise<StepResult>;
  act(action: Action): Promise<StepResult>;
  /** The episode's state as the transport serves it (GET /state, a state frame, the get_episode_state tool). */
  state(): Promise<EpisodeState>;
  close(): Promise<void>;
}

export type TransportName = "rest" | "ws" | "openenv-mcp" | "sdk-mcp";

export const TRANSPORTS: readonly TransportName[] = ["rest", "ws", "openenv-mcp", "sdk-mcp"];

/** A connected client of `transport` on `server`. */
export async function connect(transport: TransportName, server: RunningServer): Promise<EpisodeClient> {
  switch (transport) {
    case "rest":
      return restClient(server);
    case "ws":
      return wsClient(await openSocket(server));
    case "openenv-mcp":
      return openEnvMcpClient(server);
    case "sdk-mcp":
      return sdkMcpClient(server);
  }
}

async function json(response: Response): Promise<any> {
  const body = await response.json();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

function restClient(server: RunningServer): EpisodeClient {
  let episodeId = "";
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(json);
  return {
    async start(request) {
      episodeId = request.episode_id;
      return post("/reset", request);
    },
    act: (action) => post("/step", { action, episode_id: episodeId }),
    state: () => fetch(`${server.url}/state?episode_id=${encodeURIComponent(episodeId)}`).then(json),
    close: async () => undefined,
  };
}

function wsClient(socket: FrameSocket): EpisodeClient {
  const expectObservation = (frame: any): StepResult => {
    if (frame.type !== "observation") throw new Error(`expected an observation frame, got ${JSON.stringify(frame)}`);
    return frame.data;
  };
  return {
    start: async (request) => expectObservation(await socket.ask({ type: "reset", data: request })),
    act: async (action) => expectObservation(await socket.ask({ type: "step", data: action })),
    async state() {
      const frame = await socket.ask({ type: "state" });
      if (frame.type !== "state") throw new Error(`expected a state frame, got ${JSON.stringify(frame)}`);
      return frame.data;
    },
    async close() {
      socket.send({ type: "close" });
      await socket.closed;
    },
  };
}

/** OpenEnv's production-mode MCPToolClient, request for request: it reads `result.data` of tools/call. */
async function openEnvMcpClient(server: RunningServer): Promise<EpisodeClient> {
  let id = 0;
  const rpc = async (method: string, params: Record<string, unknown>) => {
    const { status, body } = await postMcp(server, { jsonrpc: "2.0", id: ++id, method, params });
    if (status !== 200 || body.error) throw new Error(`${method}: ${JSON.stringify(body)}`);
    return body.result;
  };
  const { session_id: sessionId } = await rpc("openenv/session/create", {});
  const call = async (name: string, args: Record<string, unknown>) => (await rpc("tools/call", { name, arguments: args, session_id: sessionId })).data;
  return {
    start: (request) => call("start_scenario", request),
    // The action tools take the action's fields; metadata is for OpenEnv's step envelope only.
    act: ({ action_type, metadata: _metadata, ...args }) => call(action_type, args),
    state: () => call("get_episode_state", {}),
    close: async () => void (await rpc("openenv/session/close", { session_id: sessionId })),
  };
}

async function sdkMcpClient(server: RunningServer): Promise<EpisodeClient> {
  const client = new Client({ name: "breakfix-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as any;
  };
  return {
    start: (request) => call("start_scenario", request),
    act: ({ action_type, metadata: _metadata, ...args }) => call(action_type, args),
    state: () => call("get_episode_state", {}),
    async close() {
      await transport.terminateSession();
      await client.close();
    },
  };
}
