/**
 * zod issues → pydantic-style validation details, so that breakfix's 422s read like OpenEnv's (FastAPI's):
 * the same `type` names (`missing`, `extra_forbidden`, `int_type`, `greater_than_equal`, ...), the same
 * messages where pydantic has one, and `loc` as the path to the bad value. Clients written against OpenEnv
 * can handle breakfix's errors without special cases.
 */
import type { z } from "zod";
import { MAX_VALIDATION_DETAILS } from "../contracts/limits.js";
import { cut, quote } from "../contracts/quote.js";
import { echo } from "./echo.js";
import { ValidationError, type ValidationDetail } from "./errors.js";

type Loc = Array<string | number>;
type Issue = z.core.$ZodIssue;

/**
 * Validates `data` with `schema`; on failure throws a ValidationError whose locs start with `prefix`
 * (`["body"]` for body fields, `[]` for an action, as OpenEnv reports action errors relative to the action).
 * @example parseOrThrow(ResetRequestSchema, body, ["body"])
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, prefix: Loc): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ValidationError(toValidationDetails(result.error.issues, data, prefix));
}

/**
 * Maps every zod issue to one or more pydantic-style details (one per unknown key, as pydantic does), the
 * first MAX_VALIDATION_DETAILS of them; the rest are counted, not built, so a body of a thousand unknown keys
 * or ten thousand bad edits costs fifty details and a count.
 */
export function toValidationDetails(issues: readonly Issue[], data: unknown, prefix: Loc): ValidationDetail[] {
  const shown: ValidationDetail[] = [];
  let more = 0;
  for (const issue of issues) {
    const room = MAX_VALIDATION_DETAILS - shown.length;
    if (room <= 0) {
      more += detailCount(issue);
      continue;
    }
    const details = detailsOf(issue, data, prefix, room);
    shown.push(...details.slice(0, room).map(pydanticOrder));
    more += detailCount(issue) - Math.min(details.length, room);
  }
  if (more === 0) return shown;
  return [...shown, { type: "too_many_errors", loc: prefix, msg: `${more} more validation errors not shown`, input: null }];
}

/** How many details an issue makes, without making them. */
function detailCount(issue: Issue): number {
  return issue.code === "unrecognized_keys" ? issue.keys.length : 1;
}

/**
 * pydantic's key order (type, loc, msg, input, ctx), so that answers read, and compare as text, the same;
 * the input echoed within bounds (echo.ts).
 */
function pydanticOrder(d: ValidationDetail): ValidationDetail {
  const loc = d.loc.map((part) => (typeof part === "string" ? cut(part) : part));
  return { type: d.type, loc, msg: d.msg, input: echo(d.input), ...(d.ctx === undefined ? {} : { ctx: d.ctx }) };
}

/** The details of one issue; at most `room` of them are built. */
function detailsOf(issue: Issue, data: unknown, prefix: Loc, room: number): ValidationDetail[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  const loc = [...prefix, ...path];
  const input = valueAt(data, path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.slice(0, room).map((key) => ({
        type: "extra_forbidden",
        loc: [...loc, key],
        msg: "Extra inputs are not permitted",
        input: valueAt(input, [key]),
      }));
    case "invalid_type":
      if (input === undefined) {
        // pydantic reports a missing field with the object that lacks it as the input.
        return [{ type: "missing", loc, msg: "Field required", input: valueAt(data, path.slice(0, -1)) ?? null }];
      }
      return [{ ...typeError(issue.expected), loc, input }];
    case "invalid_union":
      return [unionError(issue, loc, input, data, path)];
    case "invalid_value":
      if (input === undefined) {
        // A required literal (such as JSON-RPC's `jsonrpc: "2.0"`) that is absent is missing, as pydantic says.
        return [{ type: "missing", loc, msg: "Field required", input: valueAt(data, path.slice(0, -1)) ?? null }];
      }
      return [{ type: "literal_error", loc, msg: `Input should be ${quotedList(issue.values)}`, input, ctx: { expected: quotedList(issue.values) } }];
    case "too_small":
      return [sizeError("small", issue.origin, issue.minimum, issue.inclusive ?? true, loc, input)];
    case "too_big":
      return [sizeError("big", issue.origin, issue.maximum, issue.inclusive ?? true, loc, input)];
    case "invalid_format":
      return [{ type: "string_pattern_mismatch", loc, msg: `String should match the ${issue.format} format`, input }];
    default:
      return [{ type: "value_error", loc, msg: issue.message, input }];
  }
}

/** pydantic's type error for each zod `expected`; `record` and `object` are both a dictionary to pydantic. */
function typeError(expected: string): { type: string; msg: string } {
  switch (expected) {
    case "string":
      return { type: "string_type", msg: "Input should be a valid string" };
    case "int":
      return { type: "int_type", msg: "Input should be a valid integer" };
    case "number":
      return { type: "float_type", msg: "Input should be a valid number" };
    case "boolean":
      return { type: "bool_type", msg: "Input should be a valid boolean" };
    case "array":
      return { type: "list_type", msg: "Input should be a valid list" };
    case "object":
    case "record":
      return { type: "dict_type", msg: "Input should be a valid dictionary" };
    case "null":
      return { type: "none_required", msg: "Input should be None" };
    default:
      return { type: `${expected}_type`, msg: `Input should be a valid ${expected}` };
  }
}

/** A discriminated union (the action) whose tag is missing or unknown: say which tags are valid. */
function unionError(issue: z.core.$ZodIssueInvalidUnion, loc: Loc, input: unknown, data: unknown, path: Loc): ValidationDetail {
  const options = (issue as { options?: unknown[] }).options;
  const discriminator = (issue as { discriminator?: string }).discriminator;
  if (discriminator !== undefined && Array.isArray(options)) {
    const expected = options.map((o) => `'${String(o)}'`).join(", ");
    if (input === undefined) {
      return {
        type: "union_tag_not_found",
        loc,
        msg: `Unable to extract tag using discriminator '${discriminator}': give ${discriminator}, one of ${expected}`,
        input: valueAt(data, path.slice(0, -1)) ?? null,
        ctx: { discriminator: `'${discriminator}'` },
      };
    }
    // The tag is untrusted and may be any JSON value: quote() never calls its methods and cuts it short.
    const tag = quote(input);
    return {
      type: "union_tag_invalid",
      loc,
      msg: `Input tag '${tag}' found using '${discriminator}' does not match any of the expected tags: ${expected}`,
      input,
      ctx: { discriminator: `'${discriminator}'`, tag, expected_tags: expected },
    };
  }
  return { type: "union_error", loc, msg: issue.message, input };
}

function sizeError(
  direction: "small" | "big",
  origin: string,
  bound: number | bigint,
  inclusive: boolean,
  loc: Loc,
  input: unknown,
): ValidationDetail {
  const n = Number(bound);
  const count = Array.isArray(input) || typeof input === "string" ? input.length : undefined;
  if (origin === "string") {
    const plural = n === 1 ? "character" : "characters";
    return direction === "small"
      ? { type: "string_too_short", loc, msg: `String should have at least ${n} ${plural}`, input, ctx: { min_length: n } }
      : { type: "string_too_long", loc, msg: `String should have at most ${n} ${plural}`, input, ctx: { max_length: n } };
  }
  if (origin === "array") {
    const plural = n === 1 ? "item" : "items";
    return direction === "small"
      ? { type: "too_short", loc, msg: `List should have at least ${n} ${plural} after validation, not ${count}`, input, ctx: { field_type: "List", min_length: n, actual_length: count } }
      : { type: "too_long", loc, msg: `List should have at most ${n} ${plural} after validation, not ${count}`, input, ctx: { field_type: "List", max_length: n, actual_length: count } };
  }
  if (direction === "small") {
    return inclusive
      ? { type: "greater_than_equal", loc, msg: `Input should be greater than or equal to ${n}`, input, ctx: { ge: n } }
      : { type: "greater_than", loc, msg: `Input should be greater than ${n}`, input, ctx: { gt: n } };
  }
  return inclusive
    ? { type: "less_than_equal", loc, msg: `Input should be less than or equal to ${n}`, input, ctx: { le: n } }
    : { type: "less_than", loc, msg: `Input should be less than ${n}`, input, ctx: { lt: n } };
}

function quotedList(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === "string" ? `'${v}'` : String(v)));
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/** The value at `path` inside `data`, or undefined where the path leaves the data. */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
