/**
 * DF015: a pattern BuildKit cannot read. A .dockerignore line of 64 KiB or more (`failed parsing
 * .dockerignore: bufio.Scanner: token too long`), a lone `!`, or a pattern Go refuses ("syntax error in
 * pattern": `[abc` for every build, `[z-a]` once the context is walked); a COPY source such a pattern (as
 * an include pattern of the context, or in the step's cache key). Also the simulator's own bound: patterns
 * that would take more than MAX_GLOB_STEPS to match.
 */
import { at, dockerRule } from "../events.js";

export const contextPatternInvalid = dockerRule({
  code: "DF015",
  name: "context-pattern-invalid",
  summary: "The .dockerignore and the COPY sources' patterns must be ones BuildKit reads: no line of 64 KiB, no malformed pattern such as `[abc` or `[z-a]`",
  stage: "build",
  severity: "error",
  phase: "build",
  needs: ["context"],
  on: {
    "build-context"(e, ctx) {
      const { problem } = e;
      if (!problem) return;
      const where = problem.file !== undefined ? { file: problem.file, line: problem.line ?? 1 } : (problem.at ?? e.at);
      ctx.report(where, problem.message, { output: [] });
    },
    "copy-pattern"(e, ctx) {
      ctx.report(at(e.instruction), e.message, { output: [] });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py /app/\n", "app.py": "", ".dockerignore": "# caches\n*.pyc\n**/__pycache__\n!keep.pyc\n" } },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py /app/\n", "app.py": "", ".dockerignore": `${"a".repeat(32_000)}\n` }, name: "a long line under 64 KiB" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py /app/\n", "app.py": "", ".dockerignore": "*\n[z-a]\n!app.py\n" }, name: "a bad pattern no path reaches: every path is already excluded" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN true\n", ".dockerignore": "[z-a]\n" }, name: "a build that does not use its context never walks it" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY . /app/\nCOPY [z-a]* /app/\n", "app.py": "" }, name: "with the whole context copied there are no include patterns" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py /app/\n", "app.py": "", ".dockerignore": "*.pyc\n[z-a]\n" }, file: ".dockerignore", line: 2, message: "failed to match excludepatterns: syntax error in pattern" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN true\n", ".dockerignore": "*.pyc\n[abc\n" }, file: ".dockerignore", line: 2, message: "syntax error in pattern", name: "an unterminated class, even in a build that copies nothing" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY app.py /app/\n", "app.py": "", ".dockerignore": "!\n" }, file: ".dockerignore", line: 1, message: 'illegal exclusion pattern: "!"', name: "a lone !" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN true\n", ".dockerignore": `x\n${"a".repeat(70_000)}\n` }, file: ".dockerignore", line: 2, message: "failed parsing .dockerignore: bufio.Scanner: token too long", name: "a line of 64 KiB or more, even in a build that copies nothing" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY [z-a]* /app/\n", "app.py": "" }, file: "Dockerfile", line: 2, message: "failed to match includepatterns: syntax error in pattern", name: "a COPY source, as an include pattern" },
      { files: { Dockerfile: "FROM alpine:3.20\nCOPY . /app/\nCOPY [abc /app/\n", "app.py": "" }, file: "Dockerfile", line: 3, message: "failed to compute cache key", name: "a COPY source Go refuses, in the step's cache key" },
    ],
  },
});
