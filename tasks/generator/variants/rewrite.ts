/**
 * The primitives base variants are made of: a text rewrite applied the same way to every place a repository
 * says a thing (file paths and contents, the world, the base's description and where its facts are written),
 * so that a renamed service, port or folder stays one consistent repository; and whole-file edits for the
 * pieces a variant adds or leaves out. Every rewrite keeps the base's id: a variant is the same base, written
 * the way another team would have written it.
 */
import type { World } from "../../../simulators/world.js";
import type { GeneratorBase } from "../define-base.js";
import type { FileSpec } from "../../schema.js";

export type TextRewrite = (text: string) => string;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export interface TokenOptions {
  /** Characters that, just before the token, make it part of a longer word (default: letters, digits, `_`). */
  notAfter?: string;
  /** Characters that, just after the token, make it part of a longer word (default: letters, digits, `_`). */
  notBefore?: string;
  /** A suffix that may follow the token and still counts as the token (`bot` in `acmebot`). */
  suffixes?: readonly string[];
}

const WORD = "A-Za-z0-9_";

/** Replaces `from` wherever it stands as a whole token (so `notes-api` is renamed in `ghcr.io/acme/notes-api:main`). */
export function tokenRewrite(from: string, to: string, options: TokenOptions = {}): TextRewrite {
  if (from === to) return (text) => text;
  const before = `(?<![${options.notAfter ?? WORD}])`;
  const after = options.suffixes?.length ? `(?=${options.suffixes.map(escape).join("|")}|[^${options.notBefore ?? WORD}]|$)` : `(?![${options.notBefore ?? WORD}])`;
  const pattern = new RegExp(`${before}${escape(from)}${after}`, "gm");
  return (text) => (text.includes(from) ? text.replace(pattern, to) : text);
}

/** Whether `token` occurs as a whole token anywhere in the base (its files, paths or world). */
export function mentions(base: GeneratorBase, token: string, options: TokenOptions = {}): boolean {
  const probe = "\u0000";
  const rewrite = tokenRewrite(token, probe, options);
  const texts = [JSON.stringify(base.world), ...Object.keys(base.files), ...Object.values(base.files).map(contentOf)];
  return texts.some((t) => rewrite(t) !== t);
}

export function contentOf(file: FileSpec): string {
  return typeof file === "string" ? file : file.content;
}

function withContent(file: FileSpec, content: string): FileSpec {
  return typeof file === "string" ? content : { ...file, content };
}

/**
 * The base with `rewrite` applied to every file's content, to its world, description and discoverable facts,
 * and (with `paths`) to every file's path, so that a directory renamed is renamed where it is named too.
 */
export function rewriteBase(base: GeneratorBase, rewrite: TextRewrite, options: { paths: boolean }): GeneratorBase {
  const path = options.paths ? rewrite : (p: string) => p;
  const files: Record<string, FileSpec> = {};
  for (const [p, f] of Object.entries(base.files)) files[path(p)] = withContent(f, rewrite(contentOf(f)));
  return {
    ...base,
    description: rewrite(base.description),
    files,
    world: JSON.parse(rewrite(JSON.stringify(base.world))) as World,
    discoverable: base.discoverable.map((d) => ({ fact: rewrite(d.fact), file: path(d.file), text: rewrite(d.text) })),
  };
}

/** The base with its files as `edit` leaves them (a file set to undefined is left out). */
export function editFiles(base: GeneratorBase, edit: (files: Map<string, string>) => void): GeneratorBase {
  const texts = new Map(Object.entries(base.files).map(([p, f]) => [p, contentOf(f)] as const));
  edit(texts);
  const files: Record<string, FileSpec> = {};
  for (const [p, content] of texts) {
    const was = base.files[p];
    files[p] = was === undefined ? content : withContent(was, content);
  }
  return { ...base, files };
}

/** Paths in the order a base's directory is read (each directory's entries by name, depth first). */
function walkOrder(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = x[i]!.localeCompare(y[i]!);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

/** The base with its files listed as a base read from disk lists them, whatever was renamed or added. */
export function inWalkOrder(base: GeneratorBase): GeneratorBase {
  const files: Record<string, FileSpec> = {};
  for (const p of Object.keys(base.files).sort(walkOrder)) files[p] = base.files[p]!;
  return { ...base, files };
}
