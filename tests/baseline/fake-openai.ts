/**
 * A tiny OpenAI-compatible chat server for tests: it answers POST /v1/chat/completions with scripted replies
 * in order (a reply may be an HTTP status to answer instead, to exercise the client's retries) and records
 * every request it got.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Scripted = string | { status: number };

export interface FakeOpenAI {
  url: string;
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; authorization: string | undefined }>;
  close(): Promise<void>;
}

/** Starts the fake on an ephemeral loopback port; replies past the script's end are `{"action_type":"submit"}`. */
export async function fakeOpenAI(script: Scripted[]): Promise<FakeOpenAI> {
  const queue = [...script];
  const requests: FakeOpenAI["requests"] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const parsed = JSON.parse(body) as { model: string; messages: Array<{ role: string; content: string }> };
      requests.push({ ...parsed, authorization: req.headers.authorization });
      const next = queue.shift() ?? '{"action_type":"submit"}';
      if (typeof next !== "string") {
        // retry-after-ms keeps the client's backoff to a millisecond in tests.
        res.writeHead(next.status, { "content-type": "application/json", "retry-after-ms": "1" }).end(JSON.stringify({ error: { message: "scripted failure" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: "chat.completion",
          created: 1_700_000_000,
          model: parsed.model,
          choices: [{ index: 0, message: { role: "assistant", content: next }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
