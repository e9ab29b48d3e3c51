// Applies migrations/*.sql in name order, each once, recording them in schema_migrations.
const fs = require("node:fs");
const path = require("node:path");
const { pool } = require("../src/db");

async function main() {
  await pool.query("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY)");
  const dir = path.join(__dirname, "..", "migrations");
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    const done = await pool.query("SELECT 1 FROM schema_migrations WHERE name = $1", [name]);
    if (done.rowCount > 0) continue;
    await pool.query(fs.readFileSync(path.join(dir, name), "utf8"));
    await pool.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
    console.log(`applied ${name}`);
  }
  await pool.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
