/**
 * Request bodies as Node's HTTP server delivers them (read off the request itself, not through a web
 * stream): a body in many chunks, one over the limit by its declared length or by the bytes that arrive
 * (chunked), malformed UTF-8 and a byte order mark, and a client that goes away half way through its body,
 * after which the server still answers everyone.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveServer, type LiveServer } from "./live.js";

let server: LiveServer;

beforeAll(async () => {
  server = await liveServer({ maxBodyBytes: 2000 });
});
afterAll(() => server.close());

/** POSTs `chunks` (chunked unless `length` is given) and resolves with the status and body text. */
function post(path: string, chunks: readonly (string | Buffer)[], length?: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (length !== undefined) headers["content-length"] = String(length);
    const req = request(`${server.url}${path}`, { method: "POST", headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("request bodies over a real socket", () => {
  it("reads a body sent in many chunks", async () => {
    const body = JSON.stringify({ scenario_id: "typo_filename", episode_id: "chunks" });
    const pieces = body.match(/.{1,7}/g)!;
    const answer = await post("/reset", pieces);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).observation.scenario_id).toBe("typo_filename");
  });

  it("refuses a body over the limit, declared or counted as it arrives, and keeps serving", async () => {
    const padding = "y".repeat(3000);
    const body = JSON.stringify({ scenario_id: "typo_filename", padding });
    const declared = await post("/reset", [body], Buffer.byteLength(body));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).detail).toBe(`request body is ${Buffer.byteLength(body)} bytes; the limit is 2000`);
    const counted = await post("/reset", [body.slice(0, 1500), body.slice(1500)]);
    expect(counted.status).toBe(413);
    expect(JSON.parse(counted.text).detail).toBe("request body is more than 2000 bytes; the limit is 2000");
    const after = await post("/reset", [JSON.stringify({ scenario_id: "typo_filename" })]);
    expect(after.status).toBe(200);
  });

  it("decodes as UTF-8 with a byte order mark dropped and malformed bytes replaced, and answers malformed JSON with 422", async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ scenario_id: "typo_filename" }))]);
    expect((await post("/reset", [bom])).status).toBe(200);
    const broken = await post("/reset", [Buffer.from([0x7b, 0xff, 0xfe, 0x7d])]);
    expect(broken.status).toBe(422);
    expect(JSON.parse(broken.text).detail[0].type).toBe("json_invalid");
  });

  it("stays up when a client leaves half way through its body", async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/reset`, { method: "POST", headers: { "content-type": "application/json", "content-length": "500" } });
      req.on("error", () => resolve());
      req.write('{"scenario_id": "typo_');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect((await post("/reset", [JSON.stringify({ scenario_id: "typo_filename" })])).status).toBe(200);
  });
});
