/** DF101: The container's program must exist: on PATH, or at the path given. Met when the container starts (process.ts). */
import type { DockerRule } from "../rule.js";

export const execNotFound: DockerRule = {
  code: "DF101",
  name: "exec-not-found",
  summary: "The container's program must exist: on PATH, or at the path given",
  stage: "runtime",
  severity: "error",
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
};
