const assert = require("node:assert/strict");
const { test } = require("node:test");
const { resolve } = require("../links");

test("resolves a known link, whatever its case", () => {
  assert.equal(resolve("OnCall"), "https://wiki.example.com/ops/on-call");
});

test("an unknown link resolves to null", () => {
  assert.equal(resolve("nope"), null);
});
