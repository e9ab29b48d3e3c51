import { expect, test } from "vitest";
import { apiUrl } from "./api.js";

test("prefixes the API base", () => {
  import.meta.env.VITE_API_BASE = "/api";
  expect(apiUrl("/vans")).toBe("/api/vans");
});
