/** DF102: a script run as the container's program must be executable (chmod +x, COPY --chmod, or git mode 100755; ADD of a URL gives 600). */
import { dockerRule } from "../events.js";
import { ociFailure } from "../oci.js";

export const execPermissionDenied = dockerRule({
  code: "DF102",
  name: "exec-permission-denied",
  summary: "A script run as the container's program must be executable (chmod +x, COPY --chmod, or git mode 100755)",
  stage: "runtime",
  severity: "error",
  phase: "exec-mode",
  needs: ["context"],
  on: {
    exec(e, ctx) {
      const r = e.resolved;
      if (r.kind !== "file" || (r.executable && !r.directory)) return;
      const detail = `exec: "${e.shown}": permission denied`;
      ctx.report({ line: e.line }, detail, { output: ociFailure(detail, 126) });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": { content: "#!/bin/sh\nexec \"$@\"\n", mode: 0o755 } } },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nRUN chmod +x /entrypoint.sh\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, name: "chmod in a RUN" },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY --chmod=755 entrypoint.sh /entrypoint.sh\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, name: "COPY --chmod" },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nENTRYPOINT [\"sh\", \"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, name: "run through sh" },
      { files: { Dockerfile: "FROM node:20-slim\nCOPY --chown=node --chmod=700 entrypoint.sh /entrypoint.sh\nUSER node\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, name: "the owner's execute bit, for its owner" },
      { files: { Dockerfile: "FROM alpine:3.20\nADD --chmod=755 https://github.com/krallin/tini/releases/download/v0.19.0/tini-static /tini\nENTRYPOINT [\"/tini\", \"--\"]\nCMD [\"sleep\", \"60\"]\n" }, name: "ADD of a URL with --chmod" },
      { files: { Dockerfile: "FROM alpine:3.20\nADD https://github.com/krallin/tini/releases/download/v0.19.0/tini-static /usr/local/bin/\nRUN chmod +x /usr/local/bin/tini-static\nENTRYPOINT [\"tini-static\", \"--\"]\nCMD [\"sleep\", \"60\"]\n" }, name: "ADD of a URL into a directory, then chmod" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, line: 3, message: 'exec: "/entrypoint.sh": permission denied' },
      {
        files: { Dockerfile: "FROM python:3.12-slim\nCOPY --chmod=700 entrypoint.sh /entrypoint.sh\nUSER nobody\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" },
        line: 4,
        name: "only root's execute bit, for a non-root user",
        message: 'exec: "/entrypoint.sh": permission denied',
      },
      { files: { Dockerfile: "FROM python:3.12-slim AS base\nRUN true\nFROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nENTRYPOINT [\"/entrypoint.sh\"]\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" }, line: 5, name: "final stage" },
      {
        // The Dockerfile reference: a file ADD downloads from a URL gets mode 600.
        files: { Dockerfile: "FROM alpine:3.20\nADD https://github.com/krallin/tini/releases/download/v0.19.0/tini-static /tini\nENTRYPOINT [\"/tini\", \"--\"]\nCMD [\"sleep\", \"60\"]\n" },
        line: 3,
        name: "ADD of a URL without a chmod",
        message: 'exec: "/tini": permission denied',
      },
    ],
  },
});
