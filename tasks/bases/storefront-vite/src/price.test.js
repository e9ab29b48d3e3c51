import { expect, test } from "vitest";
import { formatPrice } from "./price.js";

test("formats cents as euros", () => {
  expect(formatPrice(1200)).toBe("12,00 €");
});
