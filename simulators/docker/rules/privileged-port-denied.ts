/**
 * DF108: a non-root user cannot bind a port below 1024 where the runtime keeps the default unprivileged port
 * range: host networking. Docker 20.10+ lets any user bind every port inside a container's own network.
 */
import { dockerRule } from "../events.js";
import { isRootUser } from "../image.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

export const privilegedPortDenied = dockerRule({
  code: "DF108",
  name: "privileged-port-denied",
  summary: "A non-root user cannot bind a port below 1024 where the runtime keeps the default unprivileged port range (host networking)",
  stage: "runtime",
  severity: "error",
  phase: "privileged-port",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      const port = e.app.port;
      if (port === undefined || port >= 1024 || isRootUser(e.image.user) || !e.hostNetwork) return;
      const lines = PROCESS_OUTPUT[e.language].bindDenied(port);
      ctx.report({ line: e.line }, headline(lines), { output: lines });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY server.js .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 80 }] }, name: "bridge networking allows it" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY server.js .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 80 }], docker_run: { network: "host" } }, line: 5, message: "listen EACCES: permission denied 0.0.0.0:80" },
    ],
  },
});
