/**
 * Reads a Dockerfile with dockerfile-ast into the shape the rules and the build model use: instructions with
 * 1-based lines, their argument text with continuations joined and comment lines dropped (as BuildKit does),
 * flags, exec-form arrays, heredocs, and build stages.
 */
import { DockerfileParser } from "dockerfile-ast";
import type { Instruction as AstInstruction } from "dockerfile-ast";
import { memoByContent } from "../parse-cache.js";

export const KNOWN_INSTRUCTIONS = new Set([
  "ADD", "ARG", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "FROM", "HEALTHCHECK", "LABEL", "MAINTAINER",
  "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR",
]);

export interface Heredoc {
  name: string;
  body: string;
}

export interface Instruction {
  /** Upper-cased keyword. */
  keyword: string;
  /** The keyword as written (`&&`, `copy`). */
  written: string;
  line: number;
  endLine: number;
  column: number;
  /** Arguments with continuations joined and flags removed. */
  args: string;
  flags: Map<string, string | null>;
  /** Every `--mount=` of a RUN (it may repeat). */
  mounts: string[];
  /** The exec form's array when the arguments are a JSON array of strings, else null (shell form). */
  json: string[] | null;
  heredocs: Heredoc[];
  /** The instruction's source lines as written, for logs. */
  text: string;
}

export interface BuildStage {
  index: number;
  name: string | null;
  /** The FROM instruction. */
  from: Instruction;
  /** Image reference as written (before ARG substitution). */
  image: string;
  platform: string | null;
  instructions: Instruction[];
}

export interface ParsedDockerfile {
  instructions: Instruction[];
  /** ARGs before the first FROM: the only variables FROM lines can use. */
  globalArgs: Instruction[];
  stages: BuildStage[];
  escape: string;
  lines: string[];
}

/** Joins continuation lines as BuildKit does: the escape char before a newline continues, comment lines inside vanish. */
function joinContinuations(raw: string, escape: string): string {
  const out: string[] = [];
  const lines = raw.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/\r$/, "");
    if (i > 0 && /^\s*#/.test(line)) continue;
    const continues = line.endsWith(escape) && i < lines.length - 1;
    if (continues) line = line.slice(0, -1);
    out.push(line);
    if (!continues) out.push("\n");
  }
  return out.join("").replace(/\n$/, "").replace(/\n/g, "\n");
}

const FLAG = /^--([A-Za-z-]+)(?:=(\S*))?$/;

function splitFlags(args: string): { flags: Map<string, string | null>; mounts: string[]; rest: string } {
  const flags = new Map<string, string | null>();
  const mounts: string[] = [];
  let rest = args.trimStart();
  for (;;) {
    const m = /^(--[A-Za-z-]+(?:=(?:"[^"]*"|'[^']*'|\S)*)?)(\s+|$)/.exec(rest);
    if (!m) break;
    const f = FLAG.exec(m[1]!.replace(/=(["'])(.*)\1$/, "=$2"));
    if (!f) break;
    flags.set(f[1]!.toLowerCase(), f[2] ?? null);
    if (f[1]!.toLowerCase() === "mount" && f[2]) mounts.push(f[2]);
    rest = rest.slice(m[0].length);
  }
  return { flags, mounts, rest };
}

function execForm(text: string): string[] | null {
  const t = text.trim();
  if (!t.startsWith("[")) return null;
  try {
    const v: unknown = JSON.parse(t);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : null;
  } catch {
    return null;
  }
}

/** Heredoc bodies (`<<EOF` … `EOF`), which the parser leaves inside the instruction's text. */
function heredocsOf(text: string): Heredoc[] {
  const first = text.split("\n")[0] ?? "";
  const names = [...first.matchAll(/<<-?\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?/g)].map((m) => m[1]!);
  const rest = text.split("\n").slice(1);
  const docs: Heredoc[] = [];
  let at = 0;
  for (const name of names) {
    const end = rest.findIndex((l, i) => i >= at && l.trim() === name);
    if (end < 0) break;
    docs.push({ name, body: rest.slice(at, end).join("\n") });
    at = end + 1;
  }
  return docs;
}

function toInstruction(node: AstInstruction, lines: string[], escape: string): Instruction {
  const range = node.getRange();
  const startLine = range.start.line;
  const endLine = range.end.line;
  const text = lines.slice(startLine, endLine + 1).join("\n");
  const keywordRange = node.getInstructionRange();
  // `text` starts at the beginning of the keyword's line, so the keyword's own column says where its
  // arguments begin, whatever indentation precedes it (BuildKit allows leading whitespace).
  const afterKeyword = text.slice(keywordRange.end.character);
  const heredocs = /<<-?\s*["']?[A-Za-z_]/.test(afterKeyword.split("\n")[0] ?? "") ? heredocsOf(afterKeyword) : [];
  const firstLineOnly = heredocs.length > 0 ? (afterKeyword.split("\n")[0] ?? "") : afterKeyword;
  const joined = joinContinuations(firstLineOnly, escape).trim();
  const { flags, mounts, rest } = splitFlags(joined);
  const keyword = node.getKeyword();
  const takesFlags = ["FROM", "COPY", "ADD", "RUN", "HEALTHCHECK"].includes(keyword);
  const args = takesFlags ? rest : joined;
  return {
    keyword,
    written: node.getInstruction(),
    line: startLine + 1,
    endLine: endLine + 1,
    column: keywordRange.start.character + 1,
    args,
    flags: takesFlags ? flags : new Map(),
    mounts: keyword === "RUN" ? mounts : [],
    json: ["CMD", "ENTRYPOINT", "RUN", "SHELL", "COPY", "ADD", "VOLUME"].includes(keyword) ? execForm(args) : null,
    heredocs,
    text,
  };
}

/**
 * The Dockerfile read, shared by content: the build, the pipeline and every step of an episode read the same
 * unchanged text again and again. A parse is read, never changed.
 */
export function parseDockerfile(content: string): ParsedDockerfile {
  return cachedDockerfile(content);
}

// Charged 25 bytes per character: measured 12 to 20 (scripts/parse-memory.ts).
const cachedDockerfile = memoByContent(readDockerfile, { name: "dockerfiles", expansion: 25 });

function readDockerfile(content: string): ParsedDockerfile {
  const dockerfile = DockerfileParser.parse(content);
  const escape = dockerfile.getEscapeCharacter();
  const lines = content.split("\n").map((l) => l.replace(/\r$/, ""));
  const instructions = dockerfile.getInstructions().map((n) => toInstruction(n, lines, escape));
  const stages: BuildStage[] = [];
  const globalArgs: Instruction[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = instruction.args.split(/\s+/).filter(Boolean);
      const asAt = words.findIndex((w) => w.toUpperCase() === "AS");
      stages.push({
        index: stages.length,
        name: asAt >= 0 ? (words[asAt + 1] ?? null)?.toLowerCase() ?? null : null,
        from: instruction,
        image: words[0] ?? "",
        platform: instruction.flags.get("platform") ?? null,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (instruction.keyword === "ARG") globalArgs.push(instruction);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return { instructions, globalArgs, stages, escape, lines };
}

/** `name=value` pairs of ARG/ENV/LABEL, and the legacy `ENV name value` form. */
export function keyValues(instruction: Instruction): Array<{ key: string; value: string | null }> {
  const text = instruction.args.trim();
  if (instruction.keyword === "ENV" && !/^[^\s=]+=/.test(text)) {
    const m = /^(\S+)\s+([\s\S]*)$/.exec(text);
    return m ? [{ key: m[1]!, value: m[2]! }] : [{ key: text, value: null }];
  }
  const pairs: Array<{ key: string; value: string | null }> = [];
  const re = /([^\s=]+)(?:=("(?:[^"\\]|\\.)*"|'[^']*'|(?:[^\s\\]|\\.)*))?/g;
  for (const m of text.matchAll(re)) {
    let value = m[2] ?? null;
    if (value !== null && /^(["']).*\1$/s.test(value)) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    pairs.push({ key: m[1]!, value });
  }
  return pairs;
}
