/** OpenEnv's descriptive endpoints: /health, /metadata and /schema, as openenv/PROTOCOL.md specifies them. */
import { Hono } from "hono";
import { packageInfo } from "../package-info.js";
import { environmentSchemas } from "../schemas.js";

/** GET /health, /metadata, /schema. */
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

  return app;
}
