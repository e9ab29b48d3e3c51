/**
 * A REST client for load drivers: JSON posted over one kept-alive connection of node:http, as an agent's
 * HTTP client holds one. Not fetch: undici's fetch spends about three times the CPU per request, so on a
 * two-core machine the clients took a whole core and left the server half idle, waking for each request, and
 * what was measured as its CPU per step was as much the cost of that idling as of the steps (a bare echo
 * server answered 2,800-3,000 REST requests a second to fetch clients, 7,200-9,300 to these).
 */
import http from "node:http";

export interface JsonAnswer {
  status: number;
  /** The parsed body; null when it is not JSON. */
  body: any;
}

export interface KeepAliveClient {
  post(path: string, body: unknown): Promise<JsonAnswer>;
  close(): void;
}

/** A client of the server at `url` (http://host:port) with a connection of its own. */
export function keepAliveClient(url: string): KeepAliveClient {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path: string, body: unknown): Promise<JsonAnswer> =>
    new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(data) };
      const request = http.request({ hostname, port, path, method: "POST", agent, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: parsed(text) }));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(data);
    });
  return { post, close: () => agent.destroy() };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
