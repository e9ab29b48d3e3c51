// Status page: one JSON endpoint listing the services and their state.
const express = require("express");

const app = express();
const port = Number(process.env.PORT ?? 3000);

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/api/status", (_req, res) => res.json({ services: [{ name: "api", state: "up" }] }));

app.listen(port, () => console.log(`status page listening on ${port}`));
