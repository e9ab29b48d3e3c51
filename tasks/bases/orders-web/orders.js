// Uses Array.prototype.at (Node 16.6+) and structuredClone (Node 17+).
function latest(order) {
  return structuredClone(order.events.at(-1));
}

module.exports = { latest };
