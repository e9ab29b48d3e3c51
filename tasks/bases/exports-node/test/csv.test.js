const { test } = require("node:test");
const assert = require("node:assert");
const { toCsv } = require("../src/csv");

test("quotes what needs quoting", () => {
  assert.equal(toCsv([{ a: "x,y", b: 'say "hi"' }]), 'a,b\n"x,y","say ""hi"""\n');
});

test("no rows, no output", () => {
  assert.equal(toCsv([]), "");
});
