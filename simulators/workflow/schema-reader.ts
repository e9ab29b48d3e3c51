/**
 * Validates a workflow document against the schema data the way GitHub's template reader does: it narrows
 * one-of mapping definitions key by key, so a step with `name:` only cannot be told apart ("There's not
 * enough info…"), a job with `steps:` but no `runs-on:` misses a required property, and an unknown key is
 * an "Unexpected value". Expressions in `${{ }}` are parsed against the contexts available at that spot.
 */
import { isMap, isScalar, isSeq } from "yaml";
import type { Scalar, YAMLMap } from "yaml";
import { availability, findEmbedded, parseExpression } from "./expression.js";
import type { ExpressionError } from "./expression.js";
import { DEFINITIONS } from "./schema-data.js";
import type { Definition, PropertyDef, SchemaTag } from "./schema-data.js";
import { entries, nodePosition, positionAt, resolved } from "./source.js";
import type { Position, WorkflowSource } from "./source.js";

export type SchemaCategory =
  | "trigger"
  | "filter"
  | "permissions"
  | "step-kind"
  | "runs-on"
  | "duplicate-key"
  | "expression-syntax"
  | "expression-context"
  | "schema";

export interface SchemaFinding {
  category: SchemaCategory;
  position: Position;
  message: string;
}

interface Leaf {
  def: Definition;
  context: readonly string[];
  tag: SchemaTag;
}

const MAX_DEPTH = 64;

/** Runs the schema over a parsed workflow; the root `on` is left to the trigger rule when it is empty. */
export function readSchema(source: WorkflowSource): SchemaFinding[] {
  if (!source.root) return [];
  const reader = new SchemaReader(source);
  reader.read(source.root, "workflow-root", [], "general", 0);
  return reader.findings;
}

function leavesOf(name: string, context: readonly string[], tag: SchemaTag, out: Leaf[] = [], depth = 0): Leaf[] {
  const def = DEFINITIONS[name];
  if (!def || depth > 8) return out;
  const ctx = def.context && def.context.length > 0 ? def.context : context;
  const t = def.tag ?? tag;
  if (def.oneOf) for (const member of def.oneOf) leavesOf(member, ctx, t, out, depth + 1);
  else out.push({ def, context: ctx, tag: t });
  return out;
}

function property(p: string | PropertyDef): PropertyDef {
  return typeof p === "string" ? { type: p } : p;
}

function scalarMatches(def: Definition, value: unknown): boolean {
  if (def.null && value === null) return true;
  if (def.boolean && typeof value === "boolean") return true;
  if (def.number && typeof value === "number") return true;
  if (def.string && typeof value === "string") {
    const s = def.string;
    if (s.constant !== undefined && value !== s.constant) return false;
    if (s.nonEmpty && value === "") return false;
    if (s.allowed && !s.allowed.includes(value)) return false;
    return true;
  }
  return false;
}

function isEmpty(node: unknown): boolean {
  if (isScalar(node)) return node.value === null || node.value === "";
  if (isMap(node) || isSeq(node)) return node.items.length === 0;
  return node === null || node === undefined;
}

function literalText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

class SchemaReader {
  readonly findings: SchemaFinding[] = [];
  constructor(private readonly source: WorkflowSource) {}

  private add(category: SchemaCategory, node: unknown, message: string, tag: SchemaTag): void {
    const cat = category === "schema" && (tag === "trigger" || tag === "filter" || tag === "permissions") ? tag : category;
    this.findings.push({ category: cat, position: nodePosition(this.source.lines, node), message });
  }

  read(raw: unknown, name: string, context: readonly string[], tag: SchemaTag, depth: number): void {
    const node = resolved(raw, this.source.doc);
    if (depth > MAX_DEPTH) {
      this.add("schema", node, "Maximum object depth exceeded", tag);
      return;
    }
    const def = DEFINITIONS[name];
    const ctx = def?.context && def.context.length > 0 ? def.context : context;
    const ownTag = def?.tag ?? tag;
    // An empty `on` is the trigger rule's finding ("No event triggers defined"), not a schema one.
    if (name === "on" && isEmpty(node)) return;
    const leaves = leavesOf(name, context, tag);
    if (leaves.some((l) => l.def.any)) return;
    if (isScalar(node)) return this.readScalar(node, leaves, ctx, ownTag, def?.condition === true);
    if (isSeq(node)) {
      const seq = leaves.find((l) => l.def.sequence);
      if (!seq) return this.add("schema", node, "A sequence was not expected", ownTag);
      for (const item of node.items) this.read(item, seq.def.sequence!, seq.context, seq.tag, depth + 1);
      return;
    }
    if (isMap(node)) {
      const maps = leaves.filter((l) => l.def.mapping);
      if (maps.length === 0) return this.add("schema", node, "A mapping was not expected", ownTag);
      return this.readMapping(node, maps, ctx, ownTag, depth);
    }
  }

  private readScalar(node: Scalar, leaves: Leaf[], context: readonly string[], tag: SchemaTag, condition: boolean): void {
    const value = node.value;
    if (typeof value === "string" && value.includes("${{")) {
      const embedded = findEmbedded(value);
      if (!embedded) {
        return this.add(
          "expression-syntax",
          node,
          "The expression is not closed. An unescaped ${{ sequence was found, but the closing }} sequence was not found.",
          tag,
        );
      }
      if (context.length === 0) return this.add("schema", node, "A template expression is not allowed in this context", tag);
      const allowed = availability(context);
      embedded.forEach((e, index) => {
        const parsed = parseExpression(e.inner, allowed);
        if ("error" in parsed) this.expressionError(parsed.error, this.expressionPosition(node, index));
      });
      return;
    }
    if (condition && typeof value === "string" && value.trim() !== "") {
      const parsed = parseExpression(value.trim(), availability(context));
      if ("error" in parsed) this.expressionError(parsed.error, nodePosition(this.source.lines, node));
      return;
    }
    const defs = leaves.map((l) => l.def);
    if (defs.some((d) => scalarMatches(d, value))) return;
    if (typeof value !== "string" && defs.some((d) => scalarMatches(d, literalText(value)))) return;
    this.add("schema", node, `Unexpected value '${literalText(value)}'`, tag);
  }

  private expressionError(error: ExpressionError, position: Position): void {
    const category: SchemaCategory = error.kind === "named-value" ? "expression-context" : "expression-syntax";
    this.findings.push({ category, position, message: error.message });
  }

  /** Where the index-th `${{` of a scalar sits in the file (block scalars included). */
  private expressionPosition(node: Scalar, index: number): Position {
    const range = node.range;
    if (!range) return { line: 1, column: 1 };
    const text = this.source.text.slice(range[0], range[1]);
    let at = -1;
    for (let i = 0; i <= index; i++) {
      at = text.indexOf("${{", at + 1);
      if (at < 0) return nodePosition(this.source.lines, node);
    }
    return positionAt(this.source.lines, range[0] + at);
  }

  private readMapping(node: YAMLMap, maps: Leaf[], context: readonly string[], tag: SchemaTag, depth: number): void {
    let candidates = maps;
    const loose = maps.length === 1 && Object.keys(maps[0]!.def.mapping!.props).length === 0 && maps[0]!.def.mapping!.looseKey;
    const seen = new Set<string>();
    let expressionKey = false;
    for (const entry of entries(node, this.source.doc)) {
      const key = entry.key;
      if (key.includes("${{")) {
        expressionKey = true;
        if (context.length === 0) this.add("schema", entry.keyNode, "A template expression is not allowed in this context", tag);
        continue;
      }
      const upper = key.toUpperCase();
      if (key !== "" && seen.has(upper)) {
        this.add("duplicate-key", entry.keyNode, `'${key}' is already defined`, tag);
        continue;
      }
      seen.add(upper);
      const first = candidates[0]!;
      if (loose) {
        this.read(entry.value, first.def.mapping!.looseValue!, first.context, first.tag, depth + 1);
        continue;
      }
      const matching = candidates.filter((c) => c.def.mapping!.props[key] !== undefined);
      if (matching.length > 0) {
        candidates = matching;
        const prop = property(matching[0]!.def.mapping!.props[key]!);
        this.read(entry.value, prop.type, matching[0]!.context, matching[0]!.tag, depth + 1);
      } else if (first.def.mapping!.looseKey) {
        this.read(entry.value, first.def.mapping!.looseValue!, first.context, first.tag, depth + 1);
      } else {
        const stepKind = first.tag === "step" && (key === "run" || key === "uses");
        this.add(stepKind ? "step-kind" : "schema", entry.keyNode, `Unexpected value '${key}'`, first.tag);
      }
    }
    if (candidates.length > 1) {
      const counts = new Map<string, number>();
      for (const c of candidates) for (const k of Object.keys(c.def.mapping!.props)) counts.set(k, (counts.get(k) ?? 0) + 1);
      const distinct = [...counts].filter(([, n]) => n === 1).map(([k]) => k).sort();
      const category: SchemaCategory = candidates[0]!.tag === "step" ? "step-kind" : "schema";
      this.add(category, node, `There's not enough info to determine what you meant. Add one of these properties: ${distinct.join(", ")}`, tag);
    } else if (!expressionKey) {
      const only = candidates[0]!;
      for (const [name, p] of Object.entries(only.def.mapping!.props)) {
        if (!property(p).required || seen.has(name.toUpperCase())) continue;
        const category: SchemaCategory =
          name === "runs-on" ? "runs-on" : only.tag === "step" && (name === "run" || name === "uses") ? "step-kind" : "schema";
        this.add(category, node, `Required property is missing: ${name}`, only.tag);
      }
    }
  }
}
