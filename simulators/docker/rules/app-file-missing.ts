/**
 * DF103: the file the container's program runs (python X, node X, npm start's package.json and script, sh X,
 * a WSGI module) must be in the image where the launcher looks for it, and a compiled program must be built
 * for the platform the image runs on (`exec format error` otherwise).
 */
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";
import { headline } from "../start-outcome.js";

function output(e: { launcher: string; program: string; target: string; missing: string | null }): { message: string; lines: string[] } | null {
  switch (e.missing) {
    case "file": {
      if (e.launcher === "sh") {
        const message = `${e.program}: 0: cannot open ${e.target}: No such file`;
        return { message, lines: [message] };
      }
      const lines = PROCESS_OUTPUT[e.launcher === "node" ? "node" : "python"].fileMissing(e.target);
      return { message: headline(lines), lines };
    }
    case "package-json": {
      const lines = PROCESS_OUTPUT.node.npmNoPackage(e.target);
      return { message: lines.find((l) => l.includes("Could not read package.json")) ?? headline(lines), lines };
    }
    case "script": {
      const message = `npm error Missing script: "${e.target}"`;
      return { message, lines: [message] };
    }
    case "module": {
      const message = `ModuleNotFoundError: No module named '${e.target}'`;
      return { message, lines: [message] };
    }
    case "platform": {
      // runc's words (docker run and the kubelet's container log alike) for a binary of another architecture.
      const message = `exec ${e.target}: exec format error`;
      return { message, lines: [message] };
    }
    default:
      return null;
  }
}

export const appFileMissing = dockerRule({
  code: "DF103",
  name: "app-file-missing",
  summary: "The file the container's program runs (python X, node X, npm start's package.json) must be in the image where it looks, built for the image's platform",
  stage: "runtime",
  severity: "error",
  phase: "launch",
  needs: ["context"],
  on: {
    "launch-target"(e, ctx) {
      const found = output(e);
      if (found) ctx.report({ line: e.line }, found.message, { output: found.lines });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "print(1)\n" } },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /srv\nCOPY . .\nCMD [\"npm\", \"start\"]\n", "package.json": "{\"scripts\":{\"start\":\"node server.js\"}}\n", "server.js": "" } },
      {
        name: "a Go binary compiled for the platform it runs on",
        files: { Dockerfile: "FROM golang:1.22-alpine AS build\nWORKDIR /src\nCOPY go.mod main.go .\nRUN CGO_ENABLED=0 GOARCH=amd64 go build -o /out/agent .\nFROM alpine:3.20\nCOPY --from=build /out/agent /agent\nENTRYPOINT [\"/agent\"]\n", "go.mod": "module example.com/agent\n", "main.go": "package main\n" },
      },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY worker.py .\nCMD [\"python\", \"workers.py\"]\n", "worker.py": "" }, line: 4, message: "can't open file '/app/workers.py'" },
      { files: { Dockerfile: "FROM node:20-slim\nCOPY . /app\nCMD [\"npm\", \"start\"]\n", "package.json": "{\"scripts\":{\"start\":\"node server.js\"}}\n", "server.js": "" }, line: 3, message: "Could not read package.json" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY index.js .\nCMD [\"node\", \"server.js\"]\n", "index.js": "" }, line: 4, message: "Cannot find module '/app/server.js'" },
      {
        name: "a Go binary cross-compiled for arm64, run on the amd64 runner",
        files: { Dockerfile: "FROM golang:1.22-alpine AS build\nWORKDIR /src\nCOPY go.mod main.go .\nRUN GOARCH=arm64 go build -o /out/agent .\nFROM alpine:3.20\nCOPY --from=build /out/agent /agent\nENTRYPOINT [\"/agent\"]\n", "go.mod": "module example.com/agent\n", "main.go": "package main\n" },
        line: 7,
        message: "exec /agent: exec format error",
      },
    ],
  },
});
