const crypto = require("node:crypto");
const express = require("express");
const helmet = require("helmet");

function createApp({ signingKey, timezone }) {
  const app = express();
  const events = new Map([["offsite-2025", { title: "Offsite 2025", rsvps: new Set() }]]);
  app.use(helmet());
  app.use(express.json());

  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));

  app.get("/events", (_req, res) => {
    res.json({ timezone, events: [...events].map(([id, e]) => ({ id, title: e.title, going: e.rsvps.size })) });
  });

  app.post("/events/:id/rsvp", (req, res) => {
    const event = events.get(req.params.id);
    if (!event) return res.status(404).json({ error: "no such event" });
    const who = String(req.body.email || "");
    const expected = crypto.createHmac("sha256", signingKey).update(`${req.params.id}:${who}`).digest("hex");
    if (req.body.signature !== expected) return res.status(403).json({ error: "bad signature" });
    event.rsvps.add(who);
    res.status(201).json({ going: event.rsvps.size });
  });

  return app;
}

module.exports = { createApp };
