/**
 * nginx's configuration reader: tokens (bare or quoted words, `;`, `{`, `}`, `#` comments), directives checked
 * against the directive table in their context, and `include` expanded where it stands (a glob that matches
 * nothing is fine; a missing file is an error). Errors read as `nginx -t` prints them, with the file and the
 * line of the token at which nginx noticed, and the first error stops the read, as it stops nginx.
 */
import { compileGlob, matchGlob } from "../../glob.js";
import { memoByContent } from "../../parse-cache.js";
import { MAX_INCLUDED_BYTES, MAX_INCLUDED_FILES } from "../limits.js";
import type { Context } from "./directives.js";
import { DIRECTIVES } from "./directives.js";

export interface Directive {
  name: string;
  args: string[];
  /** Host path of the file it is in, and its line. */
  file: string;
  line: number;
  /** The line of the `;` or `{` that ends it: where nginx is when it complains about the directive. */
  endLine: number;
  children?: Directive[];
}

export interface NginxError {
  file: string;
  line: number;
  /** The text after `nginx: [emerg] `, without the ` in FILE:LINE` suffix. */
  message: string;
}

/** Where nginx reads its files: the files on disk, or those a running master read at its last (re)load. */
export interface ConfigSource {
  read(hostPath: string): string | undefined;
  /** Host paths of the files, for include globs. */
  paths(): Iterable<string>;
}

interface Token {
  text: string;
  line: number;
  quoted: boolean;
}

const WORD = /[^ \t\r\n;{}]+/y;

function tokenize(text: string): Token[] | { line: number; message: string } {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === ";" || c === "{" || c === "}") {
      tokens.push({ text: c, line, quoted: false });
      i++;
    } else if (c === '"' || c === "'") {
      const start = line;
      let j = i + 1;
      let word = "";
      while (j < text.length && text[j] !== c) {
        if (text[j] === "\\" && j + 1 < text.length) {
          word += text[j + 1];
          j += 2;
          continue;
        }
        if (text[j] === "\n") line++;
        word += text[j++];
      }
      if (j >= text.length) return { line: start, message: 'unexpected end of file, expecting ";" or "}"' };
      tokens.push({ text: word, line, quoted: true });
      i = j + 1;
    } else {
      // A word runs to the next space, tab, newline, ';', '{' or '}', as nginx reads it: any other character
      // is part of it (a no-break space or a byte order mark too, which a regex's \s stopped at before taking
      // one, so the word was empty and read again forever). A '#' inside a word is part of it.
      WORD.lastIndex = i;
      WORD.test(text);
      tokens.push({ text: text.slice(i, WORD.lastIndex), line, quoted: false });
      i = WORD.lastIndex;
    }
  }
  return tokens;
}

export interface ParsedConfig {
  directives: Directive[];
  /** Host paths of every file read (the main file and its includes), in reading order. */
  files: string[];
  error: NginxError | null;
}

class Stop extends Error {
  constructor(readonly error: NginxError) {
    super(error.message);
  }
}

const MAX_INCLUDE_DEPTH = 8;

/** What a reading has read through include so far, against MAX_INCLUDED_FILES and MAX_INCLUDED_BYTES. */
interface Reading {
  files: string[];
  includedFiles: number;
  includedBytes: number;
}

/** Reads `/etc/nginx/nginx.conf` (or `main`) and its includes from `source`. */
export function parseNginx(source: ConfigSource, main = "/etc/nginx/nginx.conf"): ParsedConfig {
  const reading: Reading = { files: [], includedFiles: 0, includedBytes: 0 };
  const { files } = reading;
  const text = source.read(main);
  if (text === undefined) {
    return { directives: [], files, error: { file: main, line: 0, message: `open() "${main}" failed (2: No such file or directory)` } };
  }
  try {
    const directives = readFile(source, main, text, "main", reading, 0);
    return { directives, files, error: null };
  } catch (error) {
    if (error instanceof Stop) return { directives: [], files, error: error.error };
    throw error;
  }
}

function readFile(source: ConfigSource, file: string, text: string, context: Context, reading: Reading, depth: number): Directive[] {
  reading.files.push(file);
  // A file that names no include reads the same whatever else the host holds: its reading is kept by path,
  // context and text, since every step reads the configuration several times and mostly unchanged (a 480 KB
  // nginx.conf was tokenised and read again each time, a quarter of a second a restart). Files that include
  // (or only mention the word) are read afresh, so their includes are counted against the bounds each time.
  if (!text.includes("include")) {
    const alone = readAlone(`${context}\n${file}\n${text}`);
    if ("error" in alone) throw new Stop(alone.error);
    return alone.directives;
  }
  return readTokens(source, file, text, context, reading, depth);
}

/** Directives are shared by every reading of the same text: callers read them, never change them. */
const readAlone = memoByContent(
  (key): { directives: Directive[] } | { error: NginxError } => {
    const contextEnd = key.indexOf("\n");
    const fileEnd = key.indexOf("\n", contextEnd + 1);
    const [context, file, text] = [key.slice(0, contextEnd) as Context, key.slice(contextEnd + 1, fileEnd), key.slice(fileEnd + 1)];
    try {
      return { directives: readTokens(NO_INCLUDES, file, text, context, { files: [], includedFiles: 0, includedBytes: 0 }, 0) };
    } catch (error) {
      if (error instanceof Stop) return { error: error.error };
      throw error;
    }
  },
  // Charged 60 bytes per character: a reading's tokens are dropped and its directives kept, measured (heap freed
  // by dropping them) at 6 a character for long directives, 16 for server blocks, 27 for `a b;` lines.
  { name: "nginx configurations", expansion: 60 },
);

/** The source a file that names no include is read from: it is never asked for another file. */
const NO_INCLUDES: ConfigSource = {
  read: () => undefined,
  paths: () => [],
};

function readTokens(source: ConfigSource, file: string, text: string, context: Context, reading: Reading, depth: number): Directive[] {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) throw new Stop({ file, ...tokens });
  const at = { i: 0 };
  // At the end of the file nginx's line counter has counted every newline.
  const eofLine = text.split("\n").length;
  return readBlock(source, file, tokens, at, context, reading, depth, false, eofLine);
}

function readBlock(source: ConfigSource, file: string, tokens: Token[], at: { i: number }, context: Context, reading: Reading, depth: number, inBlock: boolean, eofLine: number): Directive[] {
  const out: Directive[] = [];
  const lastLine = eofLine;
  for (;;) {
    const t = tokens[at.i];
    if (!t) {
      if (inBlock) throw new Stop({ file, line: lastLine, message: 'unexpected end of file, expecting "}"' });
      return out;
    }
    if (!t.quoted && t.text === "}") {
      if (!inBlock) throw new Stop({ file, line: t.line, message: 'unexpected "}"' });
      at.i++;
      return out;
    }
    if (!t.quoted && (t.text === ";" || t.text === "{")) throw new Stop({ file, line: t.line, message: `unexpected "${t.text}"` });
    const words: Token[] = [];
    let end: Token | undefined;
    while (at.i < tokens.length) {
      const w = tokens[at.i]!;
      if (!w.quoted && (w.text === ";" || w.text === "{" || w.text === "}")) {
        end = w;
        break;
      }
      words.push(w);
      at.i++;
    }
    const name = words[0]!.text;
    const args = words.slice(1).map((w) => w.text);
    if (!end) throw new Stop({ file, line: lastLine, message: 'unexpected end of file, expecting ";" or "}"' });
    const spec = context === "types" || context === "map" ? { contexts: [context], args: [1, Infinity] as const } : DIRECTIVES[name];
    if (!spec) throw new Stop({ file, line: words[0]!.line, message: `unknown directive "${name}"` });
    const isUpstreamServer = name === "server" && context === "upstream";
    const opensBlock = name === "server" && context === "http" ? true : "block" in spec && spec.block === true;
    if (!spec.contexts.includes(context)) throw new Stop({ file, line: end.line, message: `"${name}" directive is not allowed here` });
    if (end.text === "}") throw new Stop({ file, line: end.line, message: opensBlock ? `directive "${name}" has no opening "{"` : `unexpected "}"` });
    if (opensBlock && end.text !== "{") throw new Stop({ file, line: end.line, message: `directive "${name}" has no opening "{"` });
    if (!opensBlock && end.text === "{") throw new Stop({ file, line: end.line, message: `directive "${name}" is not terminated by ";"` });
    const [min, max] = isUpstreamServer ? [1, Infinity] : name === "server" ? [0, 0] : spec.args;
    if (args.length < min || args.length > max) throw new Stop({ file, line: end.line, message: `invalid number of arguments in "${name}" directive` });
    at.i++;
    const directive: Directive = { name, args, file, line: words[0]!.line, endLine: end.line };
    if (opensBlock) {
      const inner: Context = name === "server" ? "server" : (spec as { opens?: Context }).opens ?? context;
      directive.children = readBlock(source, file, tokens, at, inner, reading, depth, true, eofLine);
    }
    if (name === "include") {
      // Pushed one by one: spread as arguments, the hundreds of thousands of directives a few large includes
      // hold overflowed the stack.
      for (const d of include(source, args[0]!, file, end.line, context, reading, depth)) out.push(d);
      continue;
    }
    out.push(directive);
  }
}

function include(source: ConfigSource, pattern: string, file: string, line: number, context: Context, reading: Reading, depth: number): Directive[] {
  if (depth >= MAX_INCLUDE_DEPTH) throw new Stop({ file, line, message: `include depth over ${MAX_INCLUDE_DEPTH}` });
  const absolute = pattern.startsWith("/") ? pattern : `/etc/nginx/${pattern}`;
  let targets: string[];
  if (/[*?[]/.test(absolute)) {
    const glob = compileGlob(absolute.slice(1), "filepath");
    targets = [...source.paths()].filter((p) => matchGlob(glob, p.slice(1))).sort();
  } else {
    if (source.read(absolute) === undefined) throw new Stop({ file, line, message: `open() "${absolute}" failed (2: No such file or directory)` });
    targets = [absolute];
  }
  const out: Directive[] = [];
  for (const target of targets) {
    const text = source.read(target)!;
    reading.includedFiles += 1;
    reading.includedBytes += text.length;
    // nginx sets no bound, but each include is read again where it stands, so includes multiply.
    if (reading.includedFiles > MAX_INCLUDED_FILES) throw new Stop({ file, line, message: `include "${pattern}" would read more than ${MAX_INCLUDED_FILES} included files in all, more than the simulator reads (MAX_INCLUDED_FILES)` });
    if (reading.includedBytes > MAX_INCLUDED_BYTES) throw new Stop({ file, line, message: `include "${pattern}" would read more than ${MAX_INCLUDED_BYTES} bytes of included files in all, more than the simulator reads (MAX_INCLUDED_BYTES)` });
    for (const d of readFile(source, target, text, context, reading, depth + 1)) out.push(d);
  }
  return out;
}
