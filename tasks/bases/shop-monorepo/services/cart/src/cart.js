// A cart is a map of SKU to quantity; totals are computed from the catalogue's prices in cents.
const PRICES = { "SKU-1": 1299, "SKU-2": 450, "SKU-3": 8900 };

function total(items) {
  return Object.entries(items).reduce((sum, [sku, qty]) => sum + (PRICES[sku] ?? 0) * qty, 0);
}

module.exports = { total, PRICES };
