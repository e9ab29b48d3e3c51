// Menu service: GET /menu/<day> answers with that day's dishes.
const express = require("express");
const { menuFor } = require("./menu");

const app = express();

app.get("/health", (_req, res) => res.json({ status: "ok" }));
app.get("/menu/:day", (req, res) => res.json({ day: req.params.day, dishes: menuFor(req.params.day) }));

app.listen(8080, () => console.log("menu service listening on 8080"));
