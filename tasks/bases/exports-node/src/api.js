const express = require("express");
const { exportsQueue } = require("./queue");

const app = express();
app.use(express.json());

app.get("/health", (_req, res) => res.send("ok"));

app.post("/exports", async (req, res) => {
  const report = String(req.body.report || "");
  if (!/^[a-z-]+$/.test(report)) return res.status(400).json({ error: "report must be a report name" });
  const job = await exportsQueue.add("csv", { report }, { attempts: 3, removeOnComplete: 1000 });
  res.status(202).json({ id: job.id });
});

app.get("/exports/:id", async (req, res) => {
  const job = await exportsQueue.getJob(req.params.id);
  if (!job) return res.status(404).end();
  res.json({ id: job.id, state: await job.getState() });
});

const port = Number(process.env.PORT ?? 8080);
app.listen(port, () => console.log(`exports api on :${port}`));
