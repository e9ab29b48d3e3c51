// Uploads API: stores uploaded files under ./data next to this file.
const express = require("express");
const fs = require("node:fs");
const path = require("node:path");

const dataDir = path.join(__dirname, "data");
fs.mkdirSync(dataDir, { recursive: true });

const app = express();
app.use(express.raw({ limit: "10mb", type: "*/*" }));

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.put("/files/:name", (req, res) => {
  fs.writeFileSync(path.join(dataDir, path.basename(req.params.name)), req.body);
  res.status(201).json({ stored: req.params.name });
});

app.listen(8080, () => console.log("uploads api listening on 8080"));
