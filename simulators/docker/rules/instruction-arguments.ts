/** DF007: an instruction with the wrong number or shape of arguments, which the parser rejects. */
import { buildLog } from "../log.js";
import type { Instruction } from "../parse.js";
import { keyValues } from "../parse.js";
import { at, dockerRule } from "../events.js";
import { splitWords, substitute } from "../substitute.js";

function problem(i: Instruction, globalArgs: ReadonlyMap<string, string>): string | null {
  const words = i.json ?? splitWords(i.args);
  switch (i.keyword) {
    case "FROM": {
      if (words.length !== 1 && !(words.length === 3 && words[1]!.toUpperCase() === "AS")) return "FROM requires either one or three arguments";
      if (substitute(words[0]!, globalArgs).trim() === "") return `base name (${words[0]}) should not be blank`;
      return null;
    }
    case "COPY":
    case "ADD":
      if (i.heredocs.length > 0) return null;
      return words.length < 2 ? `${i.keyword} requires at least two arguments, but only one was provided. Destination could not be determined.` : null;
    case "WORKDIR":
    case "USER":
      return words.length !== 1 ? `${i.keyword} requires exactly one argument` : null;
    case "EXPOSE":
    case "RUN":
    case "ARG":
    case "VOLUME":
    case "LABEL":
      return i.args.trim() === "" ? `${i.keyword} requires at least one argument` : null;
    case "ENV":
      if (i.args.trim() === "") return "ENV requires at least one argument";
      return keyValues(i).some((kv) => kv.value === null) ? "ENV must have two arguments" : null;
    default:
      return null;
  }
}

export const instructionArguments = dockerRule({
  code: "DF007",
  name: "instruction-arguments",
  summary: "Each instruction must have the arguments its syntax requires (FROM one or three, COPY two or more, …)",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      for (const i of e.parsed.instructions) {
        const p = problem(i, e.globalArgs);
        if (p === null) continue;
        const message = `dockerfile parse error on line ${i.line}: ${p}`;
        ctx.report(at(i), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed: e.parsed, stepsBefore: [], at: { first: i.line, last: i.endLine }, error: message }) });
        return;
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim AS base\nENV A=1 B=\"two words\"\nENV LEGACY value with spaces\nCOPY a.txt b.txt /dest/\n", "a.txt": "", "b.txt": "" } },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY <<EOF /etc/motd\nhello\nEOF\n" }, name: "COPY with a heredoc" },
      { files: { Dockerfile: "FROM alpine:3.20\n  WORKDIR /src\n\tCOPY --chown=nobody a.txt ./\n    USER nobody\n", "a.txt": "" }, name: "indented instructions (BuildKit allows leading whitespace)" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim base\n" }, line: 1, message: "FROM requires either one or three arguments" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py\n", "app.py": "" }, line: 2, message: "COPY requires at least two arguments" },
      { files: { Dockerfile: "FROM alpine:3.20\nENV DEBUG\n" }, line: 2, message: "ENV must have two arguments" },
      { files: { Dockerfile: "ARG BASE\nFROM ${BASE}\n" }, line: 2, message: "base name (${BASE}) should not be blank" },
      { files: { Dockerfile: "FROM alpine:3.20\nWORKDIR /a /b\n" }, line: 2, message: "WORKDIR requires exactly one argument" },
    ],
  },
});
