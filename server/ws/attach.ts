/**
 * /ws on the Node HTTP server: the `ws` library takes over upgrade requests for /ws, and each connection gets
 * a private session from the app's store, so WebSocket sessions and HTTP episodes share one MAX_SESSIONS.
 * At capacity the connection is still accepted, told CAPACITY_REACHED in one frame, and closed with 1000:
 * that is what OpenEnv's clients are written to read.
 *
 * `/ws?session_id=ID` joins the MCP session ID (from openenv/session/create) instead of opening one, as
 * OpenEnv's production-mode MCPToolClient does to share one episode between /mcp and /ws. Several sockets may
 * join one MCP session (a client that reconnects before its old socket is gone): they act on its one episode,
 * whose operations run in turn, each socket's answers in its own order; a socket that closes leaves the
 * session to the others, and closing the session (or its expiry) closes every socket on it. A WebSocket's own
 * session cannot be joined: it is that connection's, and ends with it.
 *
 * While the server drains for a shutdown, upgrades are refused with 503 and Retry-After.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { BreakfixApp } from "../app.js";
import { CapacityError } from "../sessions.js";
import type { Session } from "../session.js";
import { ARRIVING_FRAMES_REASON, chargeArrivingFrames } from "./arriving-frames.js";
import { EpisodeConnection, NORMAL_CLOSURE, TRY_AGAIN_LATER, type ConnectionContext, type FrameSink } from "./connection.js";
import { errorFrame } from "./frames.js";

/** The path OpenEnv's clients connect to. */
export const WS_PATH = "/ws";

/**
 * Serves /ws on `server` for `app`; returns the WebSocketServer so that a shutdown can close its clients.
 * @example const wss = attachWebSocket(httpServer, app);
 */
export function attachWebSocket(server: Server, app: BreakfixApp): WebSocketServer {
  const { sessions, catalog, options, pool, logger, metrics, lifecycle } = app.context;
  // maxPayload bounds a frame as MAX_BODY_BYTES bounds a request body.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxBodyBytes });

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (lifecycle.isDraining) {
      const body = '{"detail":"server shutting down: not accepting new connections"}';
      socket.end(`HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    if (url.pathname !== WS_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"detail\":\"Not Found\"}");
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      chargeArrivingFrames(socket, ws, () => {
        ws.close(TRY_AGAIN_LATER, ARRIVING_FRAMES_REASON);
        // A client that sends and does not read would never finish the closing handshake.
        setTimeout(() => ws.terminate(), 1000).unref();
      });
      connect(ws, url.searchParams.get("session_id"));
    });
  });

  function connect(ws: WebSocket, joinId: string | null): void {
    const ctx: ConnectionContext = {
      store: sessions,
      catalog,
      pool,
      logger,
      limits: { bufferBytes: options.wsBufferBytes, stallMs: options.wsStallTimeoutSeconds * 1000 },
      backpressure: (action) => metrics.wsBackpressure(action),
    };
    let session: Session;
    let owned = true;
    try {
      if (joinId !== null) {
        const joined = sessions.privateSession(joinId);
        if (joined === undefined) {
          ws.send(errorFrame("SESSION_ERROR", `Unknown session_id: ${joinId} (unknown, closed or expired); connect without it to open a session`));
          ws.close(NORMAL_CLOSURE);
          return;
        }
        if (joined.transport === "ws") {
          ws.send(errorFrame("SESSION_ERROR", `session_id ${joinId} is another WebSocket connection's own session and cannot be joined; join an MCP session (openenv/session/create), or connect without session_id`));
          ws.close(NORMAL_CLOSURE);
          return;
        }
        session = joined;
        owned = false;
      } else {
        session = sessions.open("ws");
      }
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      const counts = { active_sessions: error.activeSessions, max_sessions: error.maxSessions };
      ws.send(errorFrame("CAPACITY_REACHED", error.message, counts));
      ws.close(NORMAL_CLOSURE);
      return;
    }
    const sink: FrameSink = {
      send: (frame) => ws.send(frame),
      close: (code, reason) => ws.close(code, reason),
      terminate: () => ws.terminate(),
      get bufferedAmount() {
        return ws.bufferedAmount;
      },
      pause: () => ws.pause(),
      resume: () => ws.resume(),
    };
    const connection = new EpisodeConnection(session, ctx, sink, owned);
    lifecycle.connections.add(connection);
    ws.on("message", (data, isBinary) => connection.receive(isBinary ? Buffer.from(data as Buffer).toString("utf8") : data.toString()));
    ws.on("close", () => {
      lifecycle.connections.delete(connection);
      connection.closed();
    });
    // A broken socket is closed by ws after 'error'; its session is freed by the 'close' that follows.
    ws.on("error", () => undefined);
  }

  return wss;
}
