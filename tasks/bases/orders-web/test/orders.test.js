const test = require("node:test");
const assert = require("node:assert");
const { latest } = require("../orders");

test("latest event", () => {
  assert.deepStrictEqual(latest({ events: [{ status: "a" }, { status: "b" }] }), { status: "b" });
});
