/** DF001: an instruction other than ARG before the first FROM, or no FROM at all. */
import { at, dockerRule } from "../events.js";
import { buildLog } from "../log.js";

export const noBuildStage = dockerRule({
  code: "DF001",
  name: "no-build-stage",
  summary: "The Dockerfile must start with FROM (only ARG and comments may come before it)",
  stage: "build",
  severity: "error",
  phase: "parse",
  on: {
    dockerfile(e, ctx) {
      const { parsed } = e;
      const first = parsed.instructions.find((i) => i.keyword !== "ARG");
      if (parsed.instructions.length === 0) {
        const message = "file with no instructions";
        ctx.report({ line: 1 }, message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed, stepsBefore: [], error: message }) });
        return;
      }
      if (!first) {
        const message = "dockerfile contains no stages to build";
        ctx.report({ line: 1 }, message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed, stepsBefore: [], error: message }) });
        return;
      }
      if (first.keyword !== "FROM" && first.keyword !== "" ) {
        const known = ["ADD", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "HEALTHCHECK", "LABEL", "MAINTAINER", "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR"];
        if (!known.includes(first.keyword)) return; // an unknown instruction is DF002's finding
        const message = "no build stage in current context";
        ctx.report(at(first), message, { log: buildLog({ dockerfilePath: e.file, contextDir: e.contextDir, parsed, stepsBefore: [], at: { first: first.line, last: first.endLine }, error: message }) });
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM alpine:3.20\nRUN echo ok\n" } },
      { files: { Dockerfile: "# comment\nARG VERSION=3.20\nFROM alpine:${VERSION}\n" } },
      { files: { Dockerfile: "# syntax=docker/dockerfile:1\nFROM scratch\nCOPY app /app\nCMD [\"/app\"]\n", app: { content: "", mode: 0o755 } }, name: "directive then FROM scratch" },
    ],
    invalid: [
      { files: { Dockerfile: "WORKDIR /app\nCOPY . .\nCMD [\"python\", \"app.py\"]\n" }, line: 1, message: "no build stage in current context" },
      { files: { Dockerfile: "ARG VERSION=1\n" }, line: 1, message: "dockerfile contains no stages to build" },
      { files: { Dockerfile: "# only a comment\n" }, line: 1, message: "file with no instructions" },
      { files: { Dockerfile: "RUN apk add curl\nFROM alpine:3.20\n" }, line: 1, name: "FROM after another instruction" },
    ],
  },
});
