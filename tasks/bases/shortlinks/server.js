// Shortlinks: redirects /go/<name> to the wiki page it names.
const express = require("express");
const { resolve } = require("./links");

const app = express();
const port = Number(process.env.PORT ?? 3000);

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/go/:name", (req, res) => {
  const target = resolve(req.params.name);
  if (target === null) return res.status(404).json({ error: "no such link" });
  return res.redirect(302, target);
});

app.listen(port, () => console.log(`shortlinks listening on ${port}`));
