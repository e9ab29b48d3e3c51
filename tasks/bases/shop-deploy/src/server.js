// Entry point of ghcr.io/acme/shop-api (copied from the app repository for reference).
const express = require("express");

const app = express();
const PORT = 3000;

app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.get("/api/products", (_req, res) => res.json([]));

app.listen(PORT, () => console.log(`shop-api listening on :${PORT}`));
