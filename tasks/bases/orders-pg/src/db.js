const { Pool } = require("pg");

if (!process.env.DATABASE_URL) {
  throw new Error("DATABASE_URL is not defined (postgres://user:password@host:5432/orders)");
}

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

module.exports = { pool };
