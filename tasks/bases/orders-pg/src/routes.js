const express = require("express");

function routes(db) {
  const router = express.Router();

  router.get("/livez", (_req, res) => res.send("ok"));

  router.get("/readyz", async (_req, res) => {
    try {
      await db.query("SELECT 1");
      res.send("ready");
    } catch {
      res.status(503).send("database unreachable");
    }
  });

  router.get("/orders/:id", async (req, res) => {
    const { rows } = await db.query("SELECT id, customer, status FROM orders WHERE id = $1", [req.params.id]);
    if (rows.length === 0) return res.status(404).end();
    res.json(rows[0]);
  });

  router.post("/orders", express.json(), async (req, res) => {
    const { rows } = await db.query("INSERT INTO orders (customer, status) VALUES ($1, 'new') RETURNING id", [req.body.customer]);
    res.status(201).json({ id: rows[0].id });
  });

  return router;
}

module.exports = { routes };
