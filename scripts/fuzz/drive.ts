/**
 * Sending a fuzz case to a running server and judging what comes back. Every answer must be well formed
 * for its transport: a status under 500; JSON where JSON is served, with FastAPI's `detail` on errors and
 * JSON-RPC's envelope from /mcp; on /ws one frame per request frame, each of a known type and code; never a
 * stack trace, never the generic "internal error" a bug would produce. An answer slower than HANG_MS is a
 * hang. An action the engine answers as not checkable (a simulator that threw) is counted apart: handled
 * cleanly, but a bug to know about.
 */
import WebSocket from "ws";
import { DEFAULT_MAX_BODY_BYTES } from "../../contracts/limits.js";
import { StepResultSchema } from "../../contracts/observation.js";
import { RpcResponseSchema } from "../../server/mcp/jsonrpc.js";
import type { FuzzCase, HttpCase, WsCase } from "./cases.js";

/** An answer slower than this is a hang. */
export const HANG_MS = 5_000;
/** How long the driver waits before it gives up on an answer (the server is then stuck). */
export const GIVE_UP_MS = 15_000;

/** One request's (or frame's) result: a label to count it under, its latency, and what was wrong with it. */
export interface Answer {
  label: string;
  ms: number;
  problem: string | null;
  /**
   * The engine answered an action it could not check (a simulator threw): handled, but a simulator bug worth
   * knowing. The error it names, for grouping.
   */
  internalAction?: string;
}

const WS_TYPES = new Set(["observation", "state", "error", "mcp"]);
const WS_CODES = new Set(["INVALID_JSON", "UNKNOWN_TYPE", "VALIDATION_ERROR", "EXECUTION_ERROR", "CAPACITY_REACHED", "SESSION_ERROR"]);
const INTERNAL_ACTION = /internal error while checking this action \((.{0,160}?)\); it was not applied/;

/** The error an action that could not be checked names, if the answer is one. */
function internalActionOf(text: string): string | undefined {
  return INTERNAL_ACTION.exec(text)?.[1]?.replace(/\\"/g, '"');
}

/** Sends `fuzz` to the server at `url` (http://host:port); one Answer per request or frame. */
export function drive(url: string, fuzz: FuzzCase): Promise<Answer[]> {
  return fuzz.kind === "http" ? driveHttp(url, fuzz).then((a) => [a]) : driveWs(url, fuzz);
}

async function driveHttp(url: string, fuzz: HttpCase): Promise<Answer> {
  const started = performance.now();
  const label = `${fuzz.method} ${routeOf(fuzz.path)}`;
  try {
    const response = await fetch(url + fuzz.path, {
      method: fuzz.method,
      headers: fuzz.headers,
      ...(fuzz.body === undefined ? {} : { body: fuzz.body }),
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    return { label: `${label} ${response.status}`, ms, problem: httpProblem(fuzz, response, text), internalAction: internalActionOf(text) };
  } catch (error) {
    const ms = performance.now() - started;
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { label: `${label} no answer`, ms, problem: timedOut ? `no answer within ${GIVE_UP_MS} ms` : `connection failed: ${error instanceof Error ? error.message : "unknown"}` };
  }
}

/** The route a path belongs to, for counting: ids and files collapsed. */
export function routeOf(path: string): string {
  const bare = path.split("?")[0]!;
  return bare.replace(/^\/(episodes|tasks|assets)\/.*/, "/$1/:id");
}

/** What is wrong with an HTTP answer, or null. */
export function httpProblem(fuzz: HttpCase, response: Response, text: string): string | null {
  const { status } = response;
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  if (text.includes("    at ")) return "a stack trace in the answer";
  if (/"internal error"|"Internal error"/.test(text)) return "an internal error answered";
  if (status === 202 || status === 204) return text === "" ? null : `status ${status} with a body`;
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/html") || (fuzz.path.startsWith("/assets/") && status === 200)) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status}: not JSON: ${text.slice(0, 100)}`;
  }
  if (routeOf(fuzz.path) === "/mcp" && (fuzz.method === "POST" || fuzz.method === "DELETE")) {
    return RpcResponseSchema.safeParse(body).success ? null : `not a JSON-RPC answer: ${text.slice(0, 200)}`;
  }
  if (status >= 400) return errorShapeProblem(body);
  if (status === 200 && fuzz.method === "POST" && (fuzz.path === "/reset" || fuzz.path === "/step")) {
    return StepResultSchema.safeParse(body).success ? null : `not a step result: ${text.slice(0, 200)}`;
  }
  return null;
}

function errorShapeProblem(body: unknown): string | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return null;
  if (Array.isArray(detail) && detail.every((d) => typeof d?.type === "string" && Array.isArray(d?.loc) && typeof d?.msg === "string" && "input" in d)) return null;
  return `an error without FastAPI's detail: ${JSON.stringify(body).slice(0, 200)}`;
}

/** What is wrong with a /ws answer frame, or null. */
export function frameProblem(text: string): string | null {
  if (text.includes("    at ")) return "a stack trace in a frame";
  let frame: { type?: unknown; data?: { code?: unknown; message?: unknown } };
  try {
    frame = JSON.parse(text);
  } catch {
    return `a frame that is not JSON: ${text.slice(0, 100)}`;
  }
  if (typeof frame.type !== "string" || !WS_TYPES.has(frame.type)) return `a frame of unknown type: ${text.slice(0, 100)}`;
  if (frame.type !== "error") return null;
  if (!WS_CODES.has(frame.data?.code as string) || typeof frame.data?.message !== "string") return `a malformed error frame: ${text.slice(0, 200)}`;
  return frame.data.message === "internal error" ? "an internal error answered" : null;
}

function driveWs(url: string, fuzz: WsCase): Promise<Answer[]> {
  return new Promise((resolve) => {
    const answers: Answer[] = [];
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/ws${fuzz.query}`);
    let index = -1;
    let sentAt = performance.now();
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (): void => {
      clearTimeout(timer);
      if (!closed) ws.terminate();
      resolve(answers);
    };
    const sendNext = (): void => {
      index++;
      if (index >= fuzz.frames.length) return ws.close(1000);
      const frame = fuzz.frames[index]!;
      sentAt = performance.now();
      clearTimeout(timer);
      timer = setTimeout(() => {
        answers.push({ label: "ws no answer", ms: performance.now() - sentAt, problem: `no answer within ${GIVE_UP_MS} ms` });
        finish();
      }, GIVE_UP_MS);
      if (typeof frame === "string") ws.send(frame);
      else ws.send(Buffer.from(frame.binary), { binary: true });
    };
    ws.on("open", sendNext);
    ws.on("message", (data) => {
      const text = data.toString();
      let label = "ws frame";
      try {
        const parsed = JSON.parse(text) as { type?: string; data?: { code?: string } };
        label = parsed.type === "error" ? `ws error ${parsed.data?.code}` : `ws ${parsed.type}`;
      } catch {
        // frameProblem reports it.
      }
      answers.push({ label, ms: performance.now() - sentAt, problem: frameProblem(text), internalAction: internalActionOf(text) });
      sendNext();
    });
    ws.on("close", (code) => {
      closed = true;
      // 1009 (Message Too Big) is RFC 6455's answer to a frame over the limit, as 413 is HTTP's.
      const frame = fuzz.frames[index];
      const size = frame === undefined ? 0 : typeof frame === "string" ? Buffer.byteLength(frame) : Buffer.byteLength(frame.binary);
      const tooBig = code === 1009 && size > DEFAULT_MAX_BODY_BYTES;
      if (code !== 1000 && code !== 1001 && code !== 1005 && !tooBig) answers.push({ label: `ws close ${code}`, ms: performance.now() - sentAt, problem: `closed with ${code}` });
      finish();
    });
    ws.on("error", (error) => {
      answers.push({ label: "ws connection error", ms: performance.now() - sentAt, problem: `socket error: ${error.message}` });
      finish();
    });
  });
}
