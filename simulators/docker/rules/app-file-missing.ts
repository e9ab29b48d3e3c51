/** DF103: The file the container's program runs (python X, node X, npm start's package.json) must be in the image where it looks. Met when the container starts (process.ts). */
import type { DockerRule } from "../rule.js";

export const appFileMissing: DockerRule = {
  code: "DF103",
  name: "app-file-missing",
  summary: "The file the container's program runs (python X, node X, npm start's package.json) must be in the image where it looks",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "print(1)\n" } },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /srv\nCOPY . .\nCMD [\"npm\", \"start\"]\n", "package.json": "{\"scripts\":{\"start\":\"node server.js\"}}\n", "server.js": "" } },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY worker.py .\nCMD [\"python\", \"workers.py\"]\n", "worker.py": "" }, line: 4, message: "can't open file '/app/workers.py'" },
      { files: { Dockerfile: "FROM node:20-slim\nCOPY . /app\nCMD [\"npm\", \"start\"]\n", "package.json": "{\"scripts\":{\"start\":\"node server.js\"}}\n", "server.js": "" }, line: 3, message: "Could not read package.json" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY index.js .\nCMD [\"node\", \"server.js\"]\n", "index.js": "" }, line: 4, message: "Cannot find module '/app/server.js'" },
    ],
  },
};
