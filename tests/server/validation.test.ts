/** zod issues → pydantic-style details, unit by unit. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../../server/errors.js";
import { parseOrThrow } from "../../server/validation.js";

function detailsOf(schema: z.ZodType, data: unknown, prefix: Array<string | number> = ["body"]) {
  try {
    parseOrThrow(schema, data, prefix);
  } catch (error) {
    if (error instanceof ValidationError) return error.details;
    throw error;
  }
  throw new Error("expected a validation error");
}

describe("toValidationDetails", () => {
  const schema = z
    .object({
      name: z.string().min(2).max(4),
      count: z.number().int().min(0).lt(10),
      ratio: z.number().gt(0).max(1).optional(),
      tags: z.array(z.string()).min(1).max(2).optional(),
      mode: z.enum(["a", "b"]).optional(),
      flag: z.boolean().optional(),
      nested: z.object({ inner: z.string() }).strict().optional(),
    })
    .strict();

  it("maps missing fields, unknown keys and type errors", () => {
    expect(detailsOf(schema, { count: "1", extra: [1], nested: { inner: 1, x: 2 } })).toEqual([
      { type: "missing", loc: ["body", "name"], msg: "Field required", input: { count: "1", extra: [1], nested: { inner: 1, x: 2 } } },
      { type: "float_type", loc: ["body", "count"], msg: "Input should be a valid number", input: "1" },
      { type: "string_type", loc: ["body", "nested", "inner"], msg: "Input should be a valid string", input: 1 },
      { type: "extra_forbidden", loc: ["body", "nested", "x"], msg: "Extra inputs are not permitted", input: 2 },
      { type: "extra_forbidden", loc: ["body", "extra"], msg: "Extra inputs are not permitted", input: [1] },
    ]);
  });

  it("maps bounds on numbers, strings and lists", () => {
    const details = detailsOf(schema, { name: "x", count: 10, ratio: 0, tags: ["a", "b", "c"] });
    expect(details.map((d) => [d.type, d.loc.at(-1), d.msg])).toEqual([
      ["string_too_short", "name", "String should have at least 2 characters"],
      ["less_than", "count", "Input should be less than 10"],
      ["greater_than", "ratio", "Input should be greater than 0"],
      ["too_long", "tags", "List should have at most 2 items after validation, not 3"],
    ]);
    expect(detailsOf(schema, { name: "abcde", count: -1 }).map((d) => d.type)).toEqual(["string_too_long", "greater_than_equal"]);
    expect(detailsOf(schema, { name: "ab", count: 1.5 })[0]).toMatchObject({ type: "int_type", msg: "Input should be a valid integer" });
  });

  it("maps enums, booleans and non-objects", () => {
    expect(detailsOf(schema, { name: "ab", count: 1, mode: "c", flag: "yes" })).toEqual([
      { type: "literal_error", loc: ["body", "mode"], msg: "Input should be 'a' or 'b'", input: "c", ctx: { expected: "'a' or 'b'" } },
      { type: "bool_type", loc: ["body", "flag"], msg: "Input should be a valid boolean", input: "yes" },
    ]);
    expect(detailsOf(schema, [1, 2])).toEqual([{ type: "dict_type", loc: ["body"], msg: "Input should be a valid dictionary", input: [1, 2] }]);
    expect(detailsOf(schema, undefined)).toEqual([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
  });
});
