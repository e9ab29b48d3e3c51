/**
 * The tags docker/metadata-action computes from its `tags:` input, one entry a line (`type=raw,value=latest`;
 * a field without `=` is the value of a raw entry, as the action parses it). Raw entries are pushed as written,
 * with their prefix and suffix, unless `enable=false`; a line holding a value the run cannot know (a step's
 * output) makes the tags unknown, not that value's placeholder. The other types (ref, semver, sha, ...) keep
 * the approximation the run has always made: the branch's name, as `type=ref,event=branch` gives on a push.
 */
import type { Sval } from "./values.js";

/** What the `tags:` input gives: the tag values (without the image) and whether some are unknown. */
export interface MetadataTags {
  values: string[];
  unknown: boolean;
}

/** Splits the input's parts into lines, each known only when every part of it is. */
function lines(parts: readonly Sval[]): { text: string; known: boolean }[] {
  const out = [{ text: "", known: true }];
  for (const part of parts) {
    part.text.split("\n").forEach((fragment, i) => {
      if (i > 0) out.push({ text: "", known: true });
      const line = out[out.length - 1]!;
      line.text += fragment;
      if (part.origin.kind === "opaque") line.known = false;
    });
  }
  return out.map((l) => ({ ...l, text: l.text.trim() })).filter((l) => l.text !== "" && !l.text.startsWith("#"));
}

/**
 * The tags of a `tags:` input (no input: the branch's name).
 * @example metadataTags([literal("type=raw,value=latest\ntype=ref,event=branch")], "main") // { values: ["latest", "main"], unknown: false }
 */
export function metadataTags(parts: readonly Sval[], branchTag: string): MetadataTags {
  const entries = lines(parts);
  if (entries.length === 0) return { values: [branchTag], unknown: false };
  const values: string[] = [];
  let unknown = false;
  let other = false;
  for (const entry of entries) {
    if (!entry.known) {
      unknown = true;
      continue;
    }
    const attrs = new Map<string, string>();
    for (const field of entry.text.split(",")) {
      const eq = field.indexOf("=");
      if (eq < 0) attrs.set("value", field.trim());
      else attrs.set(field.slice(0, eq).trim(), field.slice(eq + 1).trim());
    }
    const enable = attrs.get("enable") ?? "true";
    if (enable === "false") continue;
    if (enable !== "true") unknown = true;
    else if ((attrs.get("type") ?? "raw") !== "raw") other = true;
    else if ((attrs.get("value") ?? "") !== "") values.push(`${attrs.get("prefix") ?? ""}${attrs.get("value")}${attrs.get("suffix") ?? ""}`);
  }
  if (other) values.push(branchTag);
  return { values: [...new Set(values)], unknown };
}
