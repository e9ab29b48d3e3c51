/** DF106: the container's user must be able to create what the app writes at start. */
import path from "node:path";
import { dockerRule } from "../events.js";
import { canWrite, resolveIn } from "../image.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

export const appWriteDenied = dockerRule({
  code: "DF106",
  name: "app-write-denied",
  summary: "The container's user must be able to create what the app writes at start",
  stage: "runtime",
  severity: "error",
  phase: "writes",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      const user = e.image.user;
      for (const dir of e.app.writes) {
        const target = resolveIn(path.posix.dirname(e.imagePath), dir);
        const entry = e.image.fs.get(target);
        const writable = entry ? canWrite(e.image, user, target) : canWrite(e.image, user, path.posix.dirname(target));
        if (writable) continue;
        const lines = PROCESS_OUTPUT[e.language].writeDenied(target, Boolean(entry));
        return ctx.report({ line: e.line }, headline(lines), { output: lines });
      }
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY --chown=node:node . .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "", "data/.gitkeep": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 3000, writes: ["data"] }] }, name: "the directory copied with --chown" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY . .\nRUN mkdir -p data && chown node:node data\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 3000, writes: ["data"] }] }, name: "a writable directory made before USER" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY . .\nRUN mkdir -p data && chown 1000:1000 data\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 3000, writes: ["data"] }] }, name: "chown to the node user's uid (1000 in the node images)" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY . .\nUSER node\nCMD [\"node\", \"server.js\"]\n", "server.js": "" }, world: { apps: [{ name: "api", entry: "server.js", language: "node", port: 3000, writes: ["data"] }] }, line: 5, message: "EACCES: permission denied, mkdir '/app/data'" },
    ],
  },
});
