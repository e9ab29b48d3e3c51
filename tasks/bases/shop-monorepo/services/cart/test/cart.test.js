const { test } = require("node:test");
const assert = require("node:assert");
const { total } = require("../src/cart");

test("totals in cents", () => {
  assert.equal(total({ "SKU-1": 2, "SKU-2": 1 }), 3048);
});

test("unknown SKUs cost nothing", () => {
  assert.equal(total({ nope: 3 }), 0);
});
