/** DF108: A non-root user cannot bind a port below 1024 where the runtime keeps the default unprivileged port range (host networking). Met when the container starts (app-start.ts). */
import type { DockerRule } from "../rule.js";

export const privilegedPortDenied: DockerRule = {
  code: "DF108",
  name: "privileged-port-denied",
  summary: "A non-root user cannot bind a port below 1024 where the runtime keeps the default unprivileged port range (host networking)",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY server.js .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 80 }] }, name: "bridge networking allows it" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY server.js .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 80 }], docker_run: { network: "host" } }, line: 5, message: "listen EACCES: permission denied 0.0.0.0:80" },
    ],
  },
};
