/**
 * DF101: the container's program must exist: on PATH, at the path given, or (for a script) its `#!`
 * interpreter. The OCI runtime refuses to start a process it cannot find.
 */
import { dockerRule } from "../events.js";
import { ociFailure } from "../oci.js";

export const execNotFound = dockerRule({
  code: "DF101",
  name: "exec-not-found",
  summary: "The container's program must exist: on PATH, or at the path given",
  stage: "runtime",
  severity: "error",
  phase: "exec",
  needs: ["context"],
  on: {
    exec(e, ctx) {
      const r = e.resolved;
      if (r.kind === "absent") {
        const detail = r.viaPath ? `exec: "${e.name}": executable file not found in $PATH` : `exec: "${e.name}": stat ${e.name}: no such file or directory`;
        ctx.report({ line: e.line }, detail, { output: ociFailure(detail, 127) });
      } else if (r.kind === "file" && r.interpreter && !r.interpreter.found) {
        const message = `exec ${r.path}: no such file or directory`;
        ctx.report({ line: e.line }, message, { output: [message] });
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nCMD [\"python\", \"-c\", \"print(1)\"]\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY run.sh /usr/local/bin/run.sh\nCMD [\"run.sh\"]\n", "run.sh": { content: "#!/bin/sh\nexec python -c 1\n", mode: 0o755 } }, name: "a copied script on PATH" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nCMD [\"pyhton\", \"app.py\"]\n" }, line: 2, message: 'exec: "pyhton": executable file not found in $PATH' },
      { files: { Dockerfile: "FROM python:3.12-slim\nENTRYPOINT [\"/docker-entrypoint.sh\"]\n" }, line: 2, message: "no such file or directory" },
      { files: { Dockerfile: "FROM node:20-alpine\nCMD [\"bash\", \"-c\", \"node server.js\"]\n" }, line: 2, name: "bash on alpine" },
    ],
  },
});
