/** DF009: a RUN step whose command fails (a requirements file that is not there, npm ci without a lockfile, …). */
import { at, dockerRule } from "../events.js";

export function runFailedMessage(shell: readonly string[], command: string, status: number): string {
  const shown = shell.length > 0 ? `${shell.join(" ")} ${command}` : command;
  return `process "${shown}" did not complete successfully: exit code: ${status}`;
}

export const runCommandFailed = dockerRule({
  code: "DF009",
  name: "run-command-failed",
  summary: "A RUN step must succeed: the files, directories and permissions its commands need must be there",
  stage: "build",
  severity: "error",
  phase: "build",
  needs: ["context"],
  on: {
    "run-step"(e, ctx) {
      if (e.status === 0) return;
      // BuildKit prefixes each line a step prints with the seconds since the step started.
      const output = e.output.map((line, n) => `${(0.3 + n * 0.011).toFixed(3)} ${line}`);
      ctx.report(at(e.instruction), runFailedMessage(e.shell, e.command, e.status), { output, exitCode: e.status });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install --no-cache-dir -r requirements.txt\n", "requirements.txt": "flask\n" } },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\n", "package.json": "{}\n", "package-lock.json": "{}\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY entrypoint.sh /entrypoint.sh\nRUN chmod +x /entrypoint.sh\n", "entrypoint.sh": "#!/bin/sh\nexec \"$@\"\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN false || true\n" }, name: "a swallowed failure" },
      { files: { Dockerfile: "FROM python:2.7-slim\nRUN pip install flask==1.1.4\n" }, name: "a release that still installs on Python 2.7" },
      { files: { Dockerfile: "FROM alpine:3.20\nARG VERSION=1.0\nRUN echo \"$VERSION\" > /VERSION\nRUN [ \"$VERSION\" = \"$(cat /VERSION)\" ]\nRUN V=\"$(cat /VERSION)\" && test \"$V\" = \"1.0\"\n" }, name: "a test against a command's output, which is not known" },
      { files: { Dockerfile: "FROM node:20-alpine\nRUN npm install -g serve@14 && serve --version\n" }, name: "a global npm install in /" },
      { files: { Dockerfile: "FROM node:20-alpine\nWORKDIR /tools\nRUN npm install typescript\n" }, name: "npm install of a package writes its own package.json" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN mkdir /data && chown : /data && chown :nogroup /data\nUSER nobody\nRUN chown : /tmp\n" }, name: "chown with an empty owner changes no owner" },
      { files: { Dockerfile: "FROM golang:1.23-alpine\nWORKDIR /src\nCOPY go.mod ./\nRUN go mod download\nCOPY . .\nRUN go build -o /out/app ./cmd/app\n", "go.mod": "module example.com/app\n\ngo 1.23\n" }, name: "Go module commands beside the go.mod" },
      { files: { Dockerfile: "FROM golang:1.23-alpine\nWORKDIR /src\nCOPY main.go .\nRUN go build -o /out/app main.go && go mod init example.com/app\n", "main.go": "package main\n" }, name: "go build of files, and go mod init, need no go.mod" },
      { files: { Dockerfile: "FROM scratch\nADD rootfs.tar.xz /\nRUN echo 'force-unsafe-io' > /etc/dpkg/dpkg.cfg.d/docker-apt-speedup\nCMD [\"bash\"]\n", "rootfs.tar.xz": "" }, name: "a root filesystem ADD unpacks (its files are not known)" },
    ],
    invalid: [
      {
        name: "a pinned requirement the image's Python cannot install",
        files: { Dockerfile: "FROM python:2.7-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n", "requirements.txt": "flask==3.0.3\n" },
        line: 4,
        message: "exit code: 1",
      },
      { name: "a version that was never released", files: { Dockerfile: "FROM python:3.12-slim\nRUN pip install flask==9.0.0\n" }, line: 2, message: "exit code: 1" },
      {
        name: "a Go module command with no go.mod in the directory or above (a COPY that copied none)",
        files: { Dockerfile: "FROM golang:1.23-alpine\nWORKDIR /src\nCOPY og.mod* ./\nRUN go mod download\n", "go.mod": "module example.com/app\n\ngo 1.23\n" },
        line: 4,
        message: "exit code: 1",
      },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN && pip install flask\n" }, line: 2, message: "exit code: 2", name: "a list that starts with an operator" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements*.txt ./\nRUN pip install -r requirements.txt\n" }, line: 4, message: "did not complete successfully: exit code: 1" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nCOPY package.json ./\nRUN npm ci\n", "package.json": "{}\n" }, line: 4, name: "npm ci without a lockfile" },
      { files: { Dockerfile: "FROM node:20-slim\nCOPY package*.json ./\nRUN npm install\n", "package.json": "{}\n" }, line: 3, name: "npm install in /" },
      { files: { Dockerfile: "FROM python:3.12-slim\nRUN chmod +x /entrypoint.sh\nCOPY entrypoint.sh /entrypoint.sh\n", "entrypoint.sh": "#!/bin/sh\n" }, line: 2, name: "chmod before the COPY" },
      { files: { Dockerfile: "FROM node:20-slim\nWORKDIR /app\nUSER node\nRUN chown -R node /app\n" }, line: 4, message: "exit code: 1", name: "chown as a non-root user" },
      { files: { Dockerfile: "FROM alpine:3.20\nRUN echo on > /nonexistent/dir/flag\n" }, line: 2, message: "exit code: 2", name: "a redirect into a directory that is not there" },
      { files: { Dockerfile: "FROM alpine:3.20\nUSER nobody\nRUN echo 'listen 8080;' > /etc/app.conf\n" }, line: 3, message: "exit code: 2", name: "a redirect into a directory the user may not write" },
    ],
  },
});
