const express = require("express");
const { latest } = require("./orders");

const app = express();
const port = Number(process.env.PORT || 8080);
const orders = { A100: { events: [{ status: "packed" }, { status: "shipped" }] } };

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/orders/:id", (req, res) => {
  const order = orders[req.params.id];
  if (!order) return res.status(404).end();
  res.json(latest(order));
});

app.listen(port, () => console.log(`orders-web listening on ${port}`));
