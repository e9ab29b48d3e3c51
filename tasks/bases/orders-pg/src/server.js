const express = require("express");
const { pool } = require("./db");
const { routes } = require("./routes");

const app = express();
app.use(routes(pool));

const port = Number(process.env.HTTP_PORT || 8000);
const server = app.listen(port, () => console.log(`orders-service listening on ${port}`));

process.on("SIGTERM", () => server.close(() => pool.end()));
