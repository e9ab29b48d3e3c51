/** DF106: The container's user must be able to create what the app writes at start. Met when the container starts (app-start.ts). */
import type { DockerRule } from "../rule.js";

export const appWriteDenied: DockerRule = {
  code: "DF106",
  name: "app-write-denied",
  summary: "The container's user must be able to create what the app writes at start",
  stage: "runtime",
  severity: "error",
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
};
