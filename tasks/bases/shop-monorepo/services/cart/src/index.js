const express = require("express");
const { total } = require("./cart");

const port = Number(process.env.CART_PORT || 4000);
const recommendUrl = process.env.RECOMMEND_URL;
if (!recommendUrl) {
  console.error("RECOMMEND_URL is not defined");
  process.exit(1);
}

const carts = new Map();
const app = express();
app.use(express.json());

app.get("/api/cart/health", (_req, res) => res.json({ status: "ok" }));

app.put("/api/cart/:id", (req, res) => {
  carts.set(req.params.id, req.body.items || {});
  res.json({ total: total(carts.get(req.params.id)) });
});

app.get("/api/cart/:id", async (req, res) => {
  const items = carts.get(req.params.id) || {};
  let suggestions = [];
  try {
    const r = await fetch(`${recommendUrl}/api/recommendations?skus=${Object.keys(items).join(",")}`);
    suggestions = (await r.json()).skus;
  } catch {
    // The cart works without suggestions.
  }
  res.json({ items, total: total(items), suggestions });
});

app.listen(port, () => console.log(`cart listening on ${port}`));
