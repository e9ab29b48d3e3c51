const { test } = require("node:test");
const assert = require("node:assert");
const express = require("express");
const { routes } = require("../src/routes");

function fakeDb(rows) {
  return { query: async () => ({ rows, rowCount: rows.length }) };
}

async function get(db, url) {
  const server = express().use(routes(db)).listen(0);
  try {
    const res = await fetch(`http://127.0.0.1:${server.address().port}${url}`);
    return { status: res.status, body: await res.text() };
  } finally {
    server.close();
  }
}

test("an order that is not there is a 404", async () => {
  assert.equal((await get(fakeDb([]), "/orders/7")).status, 404);
});

test("readiness checks the database", async () => {
  const broken = { query: async () => { throw new Error("ECONNREFUSED"); } };
  assert.equal((await get(broken, "/readyz")).status, 503);
});
