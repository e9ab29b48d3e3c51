// Uses Array.prototype.at (Node 16.6+) and structuredClone (Node 17+): package.json says node >= 18.
function latest(order) {
  return structuredClone(order.events.at(-1));
}

module.exports = { latest };
