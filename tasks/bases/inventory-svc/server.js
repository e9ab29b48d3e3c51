const express = require("express");

const app = express();
const port = Number(process.env.PORT || 3000);
const stock = new Map([["widget", 12], ["gadget", 4]]);

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/stock/:sku", (req, res) => {
  if (!stock.has(req.params.sku)) return res.status(404).json({ error: "unknown sku" });
  res.json({ sku: req.params.sku, quantity: stock.get(req.params.sku) });
});

app.listen(port, () => console.log(`inventory-svc listening on port ${port}`));
