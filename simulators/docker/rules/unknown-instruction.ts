/** DF002: a line the parser reads as an instruction it does not know, such as `&& cmd` after a lost `\`. */
import { buildLog } from "../log.js";
import { KNOWN_INSTRUCTIONS } from "../parse.js";
import { at, dockerRule } from "../events.js";

export const unknownInstruction = dockerRule({
  code: "DF002",
  name: "unknown-instruction",
  summary: "Every instruction must be a Dockerfile keyword; an orphaned continuation line is not",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      for (const i of e.parsed.instructions) {
        if (KNOWN_INSTRUCTIONS.has(i.keyword)) continue;
        const message = `dockerfile parse error on line ${i.line}: unknown instruction: ${i.written}`;
        ctx.report(at(i), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed: e.parsed, stepsBefore: [], at: { first: i.line, last: i.line }, error: message }) });
        return; // the parser stops at the first one
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN pip install flask \\\n    && pip install gunicorn\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN apt-get update \\\n    # comment inside a continuation\n    && apt-get install -y curl\n" } },
      { files: { Dockerfile: "from alpine:3.20\nrun echo lower-case keywords are fine\n" } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN pip install flask\n    && pip install gunicorn\n" }, line: 3, message: "unknown instruction: &&" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN apk add curl\n    unzip\n" }, line: 3, message: "unknown instruction: unzip" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPPY . /app\n" }, line: 2, message: "unknown instruction: COPPY" },
    ],
  },
});
