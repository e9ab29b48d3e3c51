// The link table and the lookup the server and the tests share.
const LINKS = new Map([
  ["onboarding", "https://wiki.example.com/people/onboarding"],
  ["oncall", "https://wiki.example.com/ops/on-call"],
]);

function resolve(name) {
  return LINKS.get(String(name).toLowerCase()) ?? null;
}

module.exports = { LINKS, resolve };
