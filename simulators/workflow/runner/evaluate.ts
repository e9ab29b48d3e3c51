/**
 * Evaluates `${{ }}` expressions at run time over the contexts a job has: secrets (empty unless the world's
 * repository has them), github, env, vars, matrix, inputs, steps and needs outputs. What cannot be known
 * (an event payload, an output nobody set) is UNKNOWN: it renders as a stable placeholder and never makes a
 * condition definitely false.
 */
import { availability, findEmbedded, parseExpression } from "../expression.js";
import type { Expr } from "../expression.js";
import { OPEN, UNKNOWN_FIELD } from "./event-payload.js";
import type { PayloadObject, PayloadValue } from "./event-payload.js";
import { checkValueLength, ValueTooLarge } from "../../value-limits.js";
import { FROMJSON_MAX_DEPTH } from "../limits.js";
import { concat, EXPRESSION_VALUE, fnv, literal, OPAQUE } from "./values.js";
import type { Sval } from "./values.js";

export const UNKNOWN = Symbol("unknown");

const LINUX_RUNNER: Record<string, string> = { os: "Linux", arch: "X64", temp: "/home/runner/work/_temp", name: "GitHub Actions 1", tool_cache: "/opt/hostedtoolcache" };
type Value = string | number | boolean | null | Value[] | { [k: string]: Value } | typeof UNKNOWN | Sval;

/** Everything an expression can read while a job runs. */
export interface Scope {
  secret(name: string): Sval;
  github: Record<string, string>;
  env: ReadonlyMap<string, Sval>;
  vars: (name: string) => Sval | typeof UNKNOWN;
  matrix: Record<string, unknown>;
  inputs: Record<string, unknown>;
  steps: ReadonlyMap<string, ReadonlyMap<string, Sval>>;
  /** Steps of an action the simulator does not model: an output they did not set is unknown, not empty. */
  unknownOutputs?: ReadonlySet<string>;
  needs: ReadonlyMap<string, ReadonlyMap<string, Sval>>;
  /** The `runner` context of the job's runner (a Linux one when absent). */
  runner?: Record<string, string>;
  /**
   * How what came before ended, as the status functions read it: the jobs a job needs (any ancestor), or a
   * job's earlier steps. "success" when absent; a run is never cancelled here.
   */
  status?: "success" | "failure";
  /** Under a failed status, the needed job that failed (its `needs.<id>.result` is "failure"). */
  failedNeed?: string;
  /** `github.event`: the payload of the event the run answers; unknown as a whole when absent. */
  event?: PayloadObject;
}

const STATUS_FUNCTIONS = new Set(["success", "failure", "always", "cancelled"]);

const ALL_CONTEXTS = availability([
  "github", "env", "vars", "secrets", "matrix", "inputs", "steps", "needs", "runner", "job", "strategy", "jobs",
  "always(0,0)", "failure(0,255)", "success(0,255)", "cancelled(0,0)", "hashFiles(1,255)",
]);

function isSval(v: unknown): v is Sval {
  return typeof v === "object" && v !== null && "origin" in v && "text" in v;
}

/** The deepest nesting of arrays and objects in JSON text, brackets inside strings not counted; one pass. */
function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return deepest;
}

/** GitHub's string conversion of a value (booleans lower-case, null empty). */
function toText(v: Value): string {
  if (v === UNKNOWN) return "";
  if (isSval(v)) return v.text;
  if (v === null) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function truthy(v: Value): boolean | typeof UNKNOWN {
  if (v === UNKNOWN) return UNKNOWN;
  if (isSval(v)) return v.origin.kind === "opaque" ? UNKNOWN : v.text !== "";
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v !== "";
  if (typeof v === "number") return v !== 0 && !Number.isNaN(v);
  if (v === null) return false;
  return true;
}

function plain(v: Value): Value {
  return isSval(v) ? (v.origin.kind === "opaque" ? UNKNOWN : v.text) : v;
}

/** A payload value as the evaluator holds it: an unknown field is UNKNOWN, an object whose fields are is unknown. */
function fromPayload(v: PayloadValue): Value {
  return v === UNKNOWN_FIELD ? UNKNOWN : (v as Value);
}

/** Whether a value holds anything unknown (it cannot be printed whole, as toJSON would). */
function holdsUnknown(v: Value): boolean {
  if (v === UNKNOWN) return true;
  if (typeof v !== "object" || v === null || isSval(v)) return false;
  if (OPEN in v) return true;
  return (Array.isArray(v) ? v : Object.values(v)).some((x) => x === (UNKNOWN_FIELD as unknown) || holdsUnknown(x));
}

function member(target: Value, key: string, scope: Scope, path: string[]): Value {
  if (target === UNKNOWN) return UNKNOWN;
  if (typeof target === "object" && target !== null && !Array.isArray(target) && !isSval(target)) {
    const found = Object.entries(target).find(([k]) => k.toLowerCase() === key.toLowerCase());
    // A field an open object (part of an event payload) does not list may be there: unknown, not absent.
    if (!found) return OPEN in target ? UNKNOWN : null;
    return fromPayload(found[1] as PayloadValue);
  }
  void scope;
  void path;
  return null;
}

function contextValue(name: string, key: string | null, scope: Scope): Value {
  const outputsOf = (m: ReadonlyMap<string, ReadonlyMap<string, Sval>>, failed?: string, open?: ReadonlySet<string>): Value => {
    if (key === null) return UNKNOWN;
    const outputs = m.get(key);
    const result = failed !== undefined && failed.toLowerCase() === key.toLowerCase() ? "failure" : "success";
    const obj: { [k: string]: Value } = { result, outcome: result, conclusion: result };
    const known = outputs ? Object.fromEntries([...outputs].map(([k, v]) => [k, v as Value])) : null;
    obj.outputs = known === null ? UNKNOWN : open?.has(key) ? ({ ...known, [OPEN]: true } as unknown as Value) : known;
    return obj;
  };
  switch (name) {
    case "secrets":
      return key === null ? UNKNOWN : scope.secret(key);
    case "github":
      if (key === null) return UNKNOWN;
      if (key === "token") return scope.secret("GITHUB_TOKEN");
      if (key.toLowerCase() === "event") return scope.event === undefined ? UNKNOWN : (scope.event as Value);
      return key in scope.github ? scope.github[key]! : UNKNOWN;
    case "env":
      return key === null ? UNKNOWN : (scope.env.get(key) ?? "");
    case "vars":
      return key === null ? UNKNOWN : scope.vars(key);
    case "matrix":
      return key === null ? UNKNOWN : key in scope.matrix ? (scope.matrix[key] as Value) : "";
    case "inputs":
      return key === null ? UNKNOWN : key in scope.inputs ? (scope.inputs[key] as Value) : UNKNOWN;
    case "steps":
      return outputsOf(scope.steps, undefined, scope.unknownOutputs);
    case "needs":
      return outputsOf(scope.needs, scope.failedNeed);
    case "runner":
      return (scope.runner ?? LINUX_RUNNER)[key ?? ""] ?? UNKNOWN;
    default:
      return UNKNOWN;
  }
}

function compare(op: string, a: Value, b: Value): boolean | typeof UNKNOWN {
  const x = plain(a);
  const y = plain(b);
  if (x === UNKNOWN || y === UNKNOWN) return UNKNOWN;
  const norm = (v: Value): string | number | boolean | null => (typeof v === "object" && v !== null ? JSON.stringify(v) : (v as string | number | boolean | null));
  let l = norm(x);
  let r = norm(y);
  if (typeof l === "string" && typeof r === "string") {
    l = l.toLowerCase();
    r = r.toLowerCase();
  } else if (typeof l !== typeof r) {
    l = Number(l === null ? 0 : l);
    r = Number(r === null ? 0 : r);
  }
  switch (op) {
    case "==":
      return l === r;
    case "!=":
      return l !== r;
    case "<":
      return (l as number) < (r as number);
    case "<=":
      return (l as number) <= (r as number);
    case ">":
      return (l as number) > (r as number);
    default:
      return (l as number) >= (r as number);
  }
}

function call(name: string, args: Value[], scope: Scope): Value {
  const text = args.map((a) => (a === UNKNOWN ? null : toText(a)));
  const failed = scope.status === "failure";
  switch (name) {
    case "success":
      return !failed;
    case "failure":
      return failed;
    case "always":
      return true;
    case "cancelled":
      return false;
    case "contains": {
      const [hay, needle] = args.map(plain);
      if (hay === UNKNOWN || needle === UNKNOWN) return UNKNOWN;
      if (Array.isArray(hay)) return hay.some((h) => toText(h).toLowerCase() === toText(needle!).toLowerCase());
      return toText(hay!).toLowerCase().includes(toText(needle!).toLowerCase());
    }
    case "startswith":
    case "endswith": {
      if (text[0] === null || text[1] === null) return UNKNOWN;
      const [s, p] = [text[0]!.toLowerCase(), text[1]!.toLowerCase()];
      return name === "startswith" ? s.startsWith(p) : s.endsWith(p);
    }
    case "format": {
      if (text.some((t) => t === null)) return UNKNOWN;
      // Nested formats grow as a product: the result is counted as it is built, never past MAX_VALUE_CHARS.
      let chars = text[0]!.length;
      return text[0]!.replace(/\{(\d+)\}/g, (_, i: string) => {
        const arg = text[Number(i) + 1] ?? "";
        chars += arg.length;
        checkValueLength(chars);
        return arg;
      }).replace(/\{\{/g, "{").replace(/\}\}/g, "}");
    }
    case "join": {
      const list = plain(args[0]!);
      if (list === UNKNOWN) return UNKNOWN;
      if (!Array.isArray(list)) return toText(list);
      const items = list.map(toText);
      checkValueLength(items.reduce((n, t) => n + t.length + (text[1] ?? ",").length, 0));
      return items.join(text[1] ?? ",");
    }
    case "tojson":
      return holdsUnknown(args[0]!) ? UNKNOWN : JSON.stringify(plain(args[0]!), null, 2);
    case "fromjson": {
      if (text[0] === null) return UNKNOWN;
      // Refused by the runner's reader as malformed JSON is, and unknown here likewise; read, it would
      // overflow the stack wherever the value is walked (converted to text, to JSON, searched).
      if (jsonDepth(text[0]!) > FROMJSON_MAX_DEPTH) return UNKNOWN;
      try {
        return JSON.parse(text[0]!) as Value;
      } catch {
        return UNKNOWN;
      }
    }
    default:
      return UNKNOWN;
  }
}

/** Arrays an object filter (`needs.*`) made: a property read on one reads it on each element, as GitHub's does. */
const FILTERED = new WeakSet<Value[]>();

function filteredArray(items: Value[]): Value[] {
  FILTERED.add(items);
  return items;
}

/**
 * `target.*`: the values of an object or the items of an array. Of the contexts only `needs` is enumerated
 * (every job the job needs is known, `needs.*.result` included); the others' members are not all known here.
 */
function objectFilter(target: Expr, scope: Scope): Value {
  if (target.kind === "context") {
    return target.name === "needs" ? filteredArray([...scope.needs.keys()].map((id) => contextValue("needs", id, scope))) : UNKNOWN;
  }
  const v = evaluate(target, scope);
  if (v === UNKNOWN || holdsUnknown(v)) return UNKNOWN;
  if (Array.isArray(v)) return filteredArray(FILTERED.has(v) ? v.flatMap((x) => (Array.isArray(x) ? x : typeof x === "object" && x !== null && !isSval(x) ? Object.values(x) : [])) : [...v]);
  return filteredArray(typeof v === "object" && v !== null && !isSval(v) ? Object.values(v) : []);
}

/** `needs.*.result`: the key read on each element of a filtered array; elements without it add nothing. */
function filteredMember(items: Value[], key: string, scope: Scope): Value {
  const out: Value[] = [];
  for (const item of items) {
    const v = member(item, key, scope, []);
    if (v === UNKNOWN) return UNKNOWN;
    if (v !== null) out.push(v);
  }
  return filteredArray(out);
}

function evaluate(expr: Expr, scope: Scope): Value {
  switch (expr.kind) {
    case "literal":
      return expr.value;
    case "context":
      return contextValue(expr.name, null, scope);
    case "index": {
      if (expr.key === "*") return objectFilter(expr.target, scope);
      if (expr.target.kind === "context") {
        const key = evaluate(expr.key, scope);
        return key === UNKNOWN ? UNKNOWN : contextValue(expr.target.name, toText(key), scope);
      }
      const target = evaluate(expr.target, scope);
      const key = evaluate(expr.key, scope);
      if (key === UNKNOWN) return UNKNOWN;
      if (Array.isArray(target) && FILTERED.has(target)) return filteredMember(target, toText(key), scope);
      return member(target, toText(key), scope, []);
    }
    case "call":
      return call(expr.name, expr.args.map((a) => evaluate(a, scope)), scope);
    case "not": {
      const t = truthy(evaluate(expr.expr, scope));
      return t === UNKNOWN ? UNKNOWN : !t;
    }
    case "binary":
      return compare(expr.op, evaluate(expr.left, scope), evaluate(expr.right, scope));
    case "logical": {
      let sawUnknown = false;
      let last: Value = null;
      for (const arg of expr.args) {
        last = evaluate(arg, scope);
        const t = truthy(last);
        if (t === UNKNOWN) sawUnknown = true;
        else if (expr.op === "&&" ? !t : t) return last;
      }
      return sawUnknown ? UNKNOWN : last;
    }
  }
}

/** Evaluates one expression's text to a value with origin; unknown values get a stable placeholder. */
export function evaluateText(inner: string, scope: Scope): Sval {
  const parsed = parseExpression(inner, ALL_CONTEXTS);
  if ("error" in parsed || parsed.expr === null) return { text: `x${fnv(inner)}`, origin: OPAQUE };
  let value: Value;
  try {
    value = evaluate(parsed.expr, scope);
  } catch (e) {
    // A result past MAX_VALUE_CHARS (GitHub stops at 1 MB of evaluation memory): not known, never built.
    if (e instanceof ValueTooLarge) return { text: `x${fnv(inner)}`, origin: EXPRESSION_VALUE };
    throw e;
  }
  if (value === UNKNOWN) return { text: `x${fnv(inner)}`, origin: EXPRESSION_VALUE };
  if (isSval(value)) return value;
  return { text: toText(value), origin: { kind: "literal" } };
}

/** The literal text and expression values a string is made of once every `${{ }}` in it is substituted. */
export function interpolateParts(text: string, scope: Scope): Sval[] {
  const embedded = findEmbedded(text);
  if (!embedded || embedded.length === 0) return [literal(text)];
  const parts: Sval[] = [];
  let at = 0;
  for (const e of embedded) {
    if (e.start > at) parts.push(literal(text.slice(at, e.start)));
    parts.push(evaluateText(e.inner, scope));
    at = e.end;
  }
  if (at < text.length) parts.push(literal(text.slice(at)));
  return parts;
}

/** Substitutes every `${{ }}` in a string, as GitHub does before a step sees the value. */
export function interpolate(text: string, scope: Scope): Sval {
  try {
    return concat(interpolateParts(text, scope));
  } catch (e) {
    // `env:` values that double one another: past MAX_VALUE_CHARS the value is not known, and not built.
    if (e instanceof ValueTooLarge) return { text: `x${fnv(text)}`, origin: EXPRESSION_VALUE };
    throw e;
  }
}

/** Whether an expression calls a status function anywhere (`always()`, `!cancelled()`, `failure() || x`). */
function callsStatus(expr: Expr): boolean {
  switch (expr.kind) {
    case "call":
      return STATUS_FUNCTIONS.has(expr.name) || expr.args.some(callsStatus);
    case "index":
      return callsStatus(expr.target) || (expr.key !== "*" && callsStatus(expr.key));
    case "not":
      return callsStatus(expr.expr);
    case "binary":
      return callsStatus(expr.left) || callsStatus(expr.right);
    case "logical":
      return expr.args.some(callsStatus);
    default:
      return false;
  }
}

/**
 * Evaluates an `if:` condition: true, false, or "unknown" (it depends on something we cannot know, so the
 * step runs). `constant` tells a condition that is false by itself (`if: false`) from one false here. As on
 * GitHub, a condition that calls no status function means `success() && (condition)`.
 */
export function evaluateCondition(raw: string, scope: Scope): { result: boolean | "unknown"; constant: boolean; statusOnly: boolean } {
  const embedded = findEmbedded(raw);
  const inner = embedded && embedded.length === 1 && embedded[0]!.start === 0 && embedded[0]!.end === raw.trim().length ? embedded[0]!.inner : raw.trim();
  const parsed = parseExpression(inner, ALL_CONTEXTS);
  if ("error" in parsed || parsed.expr === null) return { result: "unknown", constant: false, statusOnly: false };
  const constant = !/[A-Za-z_]\w*\s*[.([]/.test(inner.replace(/'[^']*'/g, ""));
  const statusOnly = /\b(failure|cancelled)\s*\(/.test(inner.replace(/'[^']*'/g, ""));
  if (scope.status === "failure" && !callsStatus(parsed.expr)) return { result: false, constant, statusOnly };
  const t = truthy(evaluate(parsed.expr, scope));
  return { result: t === UNKNOWN ? "unknown" : t, constant, statusOnly };
}

/**
 * Whether a job with this `if:` still runs once one of the jobs it needs failed: its condition under a failed
 * status, with that job's `needs.<id>.result` "failure" (no `if:` is `success()`, which does not run). A test
 * job's failure stops the publish job after it unless its condition says `always()`, `failure()` or
 * `!cancelled()`. True when some needed job's failure lets it run, false when none does.
 */
export function runsAfterFailure(raw: string, scope: Scope, needs: readonly string[]): boolean | "unknown" {
  const condition = raw.trim() === "" ? "success()" : raw;
  let unknown = false;
  for (const failedNeed of needs) {
    const result = evaluateCondition(condition, { ...scope, status: "failure", failedNeed }).result;
    if (result === true) return true;
    if (result === "unknown") unknown = true;
  }
  return unknown ? "unknown" : false;
}
