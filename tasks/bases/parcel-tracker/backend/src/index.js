const express = require("express");

const app = express();
const port = Number(process.env.PORT || 4000);

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/parcels/:id", (req, res) => res.json({ id: req.params.id, status: "in transit" }));

app.listen(port, () => console.log(`parcel-tracker-api listening on ${port}`));
