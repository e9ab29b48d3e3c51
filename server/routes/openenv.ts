/**
 * OpenEnv's descriptive endpoints: /health, /metadata, /schema and /openapi.json, as openenv/PROTOCOL.md
 * specifies them; and GET /ws without an Upgrade, which can only be a client that forgot to upgrade.
 */
import { Hono } from "hono";
import { packageInfo } from "../package-info.js";
import { openApiDocument } from "../openapi.js";
import { environmentSchemas } from "../schemas.js";

/** GET /health, /metadata, /schema, /openapi.json, /ws (plain HTTP). */
export function openenvRoutes(): Hono {
  const app = new Hono();

  app.get("/health", (c) => c.json({ status: "healthy" }));

  app.get("/metadata", (c) => {
    const info = packageInfo();
    return c.json({
      name: info.name,
      description: info.description,
      readme_content: info.readme,
      version: info.version,
      author: info.author,
      documentation_url: info.documentationUrl,
    });
  });

  app.get("/schema", (c) => c.json(environmentSchemas()));

  app.get("/openapi.json", (c) => c.json(openApiDocument()));

  // A WebSocket upgrade never reaches Hono (ws/attach.ts takes it on the Node server); this is plain HTTP.
  app.get("/ws", (c) =>
    c.json({ detail: "/ws is a WebSocket endpoint: connect with a WebSocket client (OpenEnv's EnvClient, or ws://HOST/ws)" }, 426, {
      Upgrade: "websocket",
    }),
  );

  return app;
}
