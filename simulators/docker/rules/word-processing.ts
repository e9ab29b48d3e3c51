/**
 * DF014: a word BuildKit cannot process: an unmatched quote or a substitution its lexer rejects (`${a.b}`, `${}`,
 * a missing `}`) in ENV, LABEL, ARG, COPY, ADD, WORKDIR, USER, VOLUME, STOPSIGNAL, EXPOSE or FROM. The build fails
 * while the Dockerfile is converted, before anything runs: global ARGs first, then each stage's FROM, then the
 * stages' instructions in order. An ARG or ENV whose value substitutes past MAX_VALUE_CHARS (`ENV A=$A$A`, forty
 * times) fails there too, saying so: BuildKit would run out of memory, the simulator stops at its bound.
 */
import { buildLog } from "../log.js";
import type { Instruction } from "../parse.js";
import { processedWords } from "../processed-words.js";
import { at, dockerRule } from "../events.js";
import { firstOverflowingValue } from "../variables.js";
import { goQuote, processWord } from "../word-lexer.js";
import { MAX_VALUE_CHARS } from "../../value-limits.js";

export const wordProcessing = dockerRule({
  code: "DF014",
  name: "word-processing",
  summary: "Quotes must be closed and substitutions well formed in the words BuildKit processes (ENV, LABEL, ARG, COPY, WORKDIR, …)",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      const { parsed } = e;
      const order: Instruction[] = [...parsed.globalArgs, ...parsed.stages.map((s) => s.from), ...parsed.stages.flatMap((s) => s.instructions)];
      for (const i of order) {
        for (const word of processedWords(i, parsed.escape)) {
          const result = processWord(word, new Map(), parsed.escape);
          if (result.ok) continue;
          ctx.report(at(i), result.error, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed, stepsBefore: [], at: { first: i.line, last: i.endLine }, error: result.error }) });
          return; // the conversion stops at the first
        }
      }
      // BuildKit has no bound but memory; the simulator holds a value to MAX_VALUE_CHARS and says so past it.
      const overflow = firstOverflowingValue(parsed);
      if (overflow) {
        const i = overflow.instruction;
        const error = `failed to process ${goQuote(overflow.written)}: the value would grow to ${overflow.chars} characters, past the ${MAX_VALUE_CHARS} the simulator holds (MAX_VALUE_CHARS)`;
        ctx.report(at(i), error, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed, stepsBefore: [], at: { first: i.line, last: i.endLine }, error }) });
      }
    },
  },
  cases: {
    valid: [
      {
        name: "quotes, escapes and substitutions BuildKit reads",
        files: {
          Dockerfile:
            'ARG BASE=alpine:3.20\nFROM ${BASE}\nARG VERSION="1.0 beta"\nENV A="quoted value" B=\'single ${not.a.var}\' C=${HOME:-/root} D=a\\ b\nLABEL org.opencontainers.image.title="My app" description=\'it\'\\\'\'s fine\'\nENV LEGACY some "legacy" value\nWORKDIR ${C}/app\nCOPY ["a b.txt", "/dst/"]\nEXPOSE ${PORT:-8080}\nRUN echo \'${left.to.the.shell}\'\n',
          "a b.txt": "",
        },
      },
      { lint: true, name: "a build arg with a default from another", files: { Dockerfile: "FROM alpine:3.20\nARG A=1\nARG B=${A}.0\nUSER ${UID:-1000}\n" } },
    ],
    invalid: [
      { files: { Dockerfile: 'FROM alpine:3.20\nLABEL description="unterminated\n' }, line: 2, message: 'failed to process "\\"unterminated": unexpected end of statement while looking for matching double-quote' },
      { files: { Dockerfile: "FROM alpine:3.20\nENV PATH=${a.b}:$PATH\n" }, line: 2, message: 'failed to process "${a.b}:$PATH": unsupported modifier (.) in substitution' },
      { files: { Dockerfile: "FROM alpine:3.20\nARG VERSION='1.0\n" }, line: 2, message: "while looking for matching single-quote", name: "an ARG default" },
      { files: { Dockerfile: "ARG TAG=${}\nFROM alpine:3.20\n" }, line: 1, message: "syntax error: bad substitution", name: "a global ARG" },
      { files: { Dockerfile: "FROM alpine:3.20\nWORKDIR /srv/${APP:-app\n" }, line: 2, message: "syntax error: missing '}'", name: "WORKDIR" },
      { files: { Dockerfile: 'FROM alpine:3.20\nCOPY "my file.txt" /srv/\n', "my file.txt": "" }, line: 2, message: 'failed to process "\\"my": unexpected end of statement', name: "COPY splits on whitespace before it reads quotes" },
      { lint: true, files: { Dockerfile: "FROM alpine:3.20 AS base\nENV X=1\nFROM base\nLABEL version=${VERSION:x}\n" }, line: 4, message: "unsupported modifier (:x) in substitution", name: "a later stage, in lint" },
    ],
  },
});
