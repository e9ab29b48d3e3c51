/** DF008: an empty line inside a continuation, which BuildKit warns will become an error. */
import { at, dockerRule } from "../events.js";

export const emptyContinuation = dockerRule({
  code: "DF008",
  name: "empty-continuation",
  summary: "A continued instruction must not contain empty lines (BuildKit's NoEmptyContinuation)",
  stage: "build",
  severity: "warning",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      for (const i of e.parsed.instructions) {
        if (i.heredocs.length > 0 || i.endLine === i.line) continue;
        for (let n = i.line + 1; n <= i.endLine; n++) {
          if ((e.parsed.lines[n - 1] ?? "").trim() === "") {
            ctx.report({ line: n, column: 1 }, `Empty continuation line (line ${n})`);
            break;
          }
        }
      }
    },
  },
  cases: {
    valid: [{ files: { Dockerfile: "FROM alpine:3.20\nRUN apk add \\\n    curl\n" } }],
    invalid: [{ files: { Dockerfile: "FROM alpine:3.20\nRUN apk add \\\n\n    curl\n" }, line: 3, message: "Empty continuation line" }],
  },
});
