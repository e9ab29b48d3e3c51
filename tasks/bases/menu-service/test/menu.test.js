const assert = require("node:assert/strict");
const { test } = require("node:test");
const { menuFor } = require("../menu");

test("knows Friday's dishes", () => {
  assert.deepEqual(menuFor("Friday"), ["chowder", "fish and chips"]);
});

test("a weekend day has no menu", () => {
  assert.deepEqual(menuFor("sunday"), []);
});
