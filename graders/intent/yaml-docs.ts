/** Reads YAML documents for intent checks: plain values, bounded, never throwing. */
import { parseAllDocuments } from "yaml";
import { memoByContent } from "./memo.js";

/** The documents of a YAML file as plain values (shared: do not mutate). */
export const yamlDocuments = memoByContent(readDocuments);

function readDocuments(content: string): unknown[] {
  if (content.length > 1_000_000) return [];
  try {
    return parseAllDocuments(content, { uniqueKeys: false })
      .filter((d) => d.errors.length === 0)
      .map((d) => d.toJS({ maxAliasCount: 100 }) as unknown);
  } catch {
    return [];
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
