/**
 * DF109: the container must run the app, so that it answers on its port (the smoke test): the app told to
 * listen elsewhere, a process that is not the app, a static site whose document root does not hold its
 * build, a container with no command, or a shell that exits on an error before starting anything.
 */
import path from "node:path";
import { helpAsked } from "../app-cli.js";
import { isLoopback } from "../app-start.js";
import { dockerRule } from "../events.js";
import { PROCESS_OUTPUT } from "../process-output.js";

function refused(port: number): string {
  return `curl: (7) Failed to connect to localhost port ${port} after 0 ms: Couldn't connect to server`;
}

export const appNotServing = dockerRule({
  code: "DF109",
  name: "app-not-serving",
  summary: "The container must run the app, so that it answers on its port (the smoke test)",
  stage: "runtime",
  severity: "error",
  phase: "serve",
  needs: ["world", "context"],
  on: {
    "app-start"(e, ctx) {
      if (e.app.port === undefined) return;
      const curl = `$ curl -fsS --retry 3 --retry-connrefused http://localhost:${e.app.port}${e.app.health_path}`;
      // A CLI that takes options prints its help for -h/--help and exits 0: the container stops, serving nothing.
      const help = helpAsked(e.app, e.args);
      if (help >= 0) {
        const usage = PROCESS_OUTPUT[e.language].usage(path.posix.basename(e.imagePath), e.app.accepted_args ?? [], [])[0]!;
        const lines = [usage, "(the container exited with status 0)", curl, refused(e.app.port)];
        return ctx.report({ line: e.args[help]!.line }, lines[3]!, { output: lines });
      }
      if (e.listening !== e.app.port) {
        const lines = [`${e.app.name} listening on ${e.address}:${e.listening}`, curl, refused(e.app.port)];
        return ctx.report({ line: e.line }, lines[2]!, { output: lines });
      }
      // Published ports reach the container's own interface; a server on loopback never sees them.
      if (isLoopback(e.address)) {
        const lines = [`${e.app.name} listening on ${e.address}:${e.listening}`, curl, "curl: (56) Recv failure: Connection reset by peer"];
        ctx.report({ line: e.line }, lines[2]!, { output: lines });
      }
    },
    "container-outcome"(e, ctx) {
      if (e.staticProblem) return ctx.report({ line: e.line }, e.staticProblem[e.staticProblem.length - 1]!, { output: e.staticProblem });
      if (e.serving) return;
      const port = e.app.port ?? 80;
      ctx.report({ line: e.line }, refused(port), { output: [`$ curl -fsS --retry 3 --retry-connrefused http://localhost:${port}${e.app.health_path}`, refused(port)] });
    },
    "container-exit"(e, ctx) {
      ctx.report({ line: e.line }, e.message, { output: [e.message] });
    },
  },
  cases: {
    valid: [
      {
        name: "bound to every interface",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY report_server.py .\nENTRYPOINT [\"python\", \"report_server.py\"]\nCMD [\"--bind\", \"0.0.0.0\", \"--port\", \"9000\"]\n", "report_server.py": "" },
        world: { apps: [{ name: "report-service", entry: "report_server.py", language: "python", port: 9000, port_option: "--port", bind_option: "--bind", accepted_args: ["--port", "--bind"] }] },
      },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/build /usr/share/nginx/html\n", "package.json": "{\"name\":\"web\",\"scripts\":{\"build\":\"react-scripts build\"}}\n", "package-lock.json": "{}\n", "public/index.html": "<div id=root></div>\n" }, world: { apps: [{ name: "web", language: "static", port: 80, build_output_dir: "build", health_path: "/" }] }, name: "a static site serving its build" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD python app.py\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, name: "shell form runs the app too" },
      {
        name: "gunicorn bound to every interface on the app's port",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3 gunicorn==22.0.0\nCOPY app.py .\nCMD [\"gunicorn\", \"--bind=0.0.0.0:8000\", \"app:app\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
      },
      {
        name: "gunicorn without --bind, on the PORT the image sets",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3 gunicorn==22.0.0\nCOPY app.py .\nENV PORT=8000\nCMD [\"gunicorn\", \"app:app\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
      },
      {
        name: "Flask's app.run on every interface in the code",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(host=\"0.0.0.0\", port=8000)\n" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
      },
    ],
    invalid: [
      {
        name: "the app bound to loopback inside the container",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY report_server.py .\nENTRYPOINT [\"python\", \"report_server.py\"]\nCMD [\"--bind\", \"127.0.0.1\"]\n", "report_server.py": "" },
        world: { apps: [{ name: "report-service", entry: "report_server.py", language: "python", port: 9000, port_option: "--port", bind_option: "--bind", accepted_args: ["--port", "--bind"] }] },
        line: 4,
        message: "curl: (56) Recv failure: Connection reset by peer",
      },
      {
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nENTRYPOINT [\"python\", \"app.py\"]\nCMD [\"--port\", \"8000\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 9000, port_option: "--port", accepted_args: ["--port"] }] },
        line: 4,
        message: "Failed to connect to localhost port 9000",
        name: "the app told to listen on another port",
      },
      { files: { Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/public /usr/share/nginx/html\n", "package.json": "{\"name\":\"web\",\"scripts\":{\"build\":\"react-scripts build\"}}\n", "package-lock.json": "{}\n", "public/index.html": "<div id=root></div>\n" }, world: { apps: [{ name: "web", language: "static", port: 80, build_output_dir: "build", health_path: "/" }] }, line: 7, message: "the site serves the unbuilt public/index.html", name: "a static site serving its unbuilt template" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD [\"sleep\", \"infinity\"]\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, line: 4, message: "Failed to connect to localhost port 8000" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, name: "the base image's default command" },
      {
        name: "the app asked for its help, which it prints before exiting",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY report_server.py .\nENTRYPOINT [\"python\", \"report_server.py\"]\nCMD [\"--help\"]\n", "report_server.py": "" },
        world: { apps: [{ name: "report-service", entry: "report_server.py", language: "python", port: 9000, port_option: "--port", bind_option: "--bind", accepted_args: ["--port", "--bind"] }] },
        line: 5,
        message: "Failed to connect to localhost port 9000",
      },
      {
        name: "gunicorn bound to loopback",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3 gunicorn==22.0.0\nCOPY app.py .\nCMD [\"gunicorn\", \"--bind\", \"127.0.0.1:8000\", \"app:app\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
        line: 5,
        message: "curl: (56) Recv failure: Connection reset by peer",
      },
      {
        name: "gunicorn without --bind listens on 127.0.0.1:8000",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3 gunicorn==22.0.0\nCOPY app.py .\nCMD [\"gunicorn\", \"app:app\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
        line: 5,
        message: "curl: (56) Recv failure: Connection reset by peer",
      },
      {
        name: "gunicorn told to listen on another port",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3 gunicorn==22.0.0\nCOPY app.py .\nCMD [\"gunicorn\", \"-b\", \"0.0.0.0:9999\", \"app:app\"]\n", "app.py": "" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
        line: 5,
        message: "Failed to connect to localhost port 8000",
      },
      {
        name: "Flask's app.run told to bind loopback in the code",
        files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nRUN pip install flask==3.0.3\nCOPY app.py .\nCMD [\"python\", \"app.py\"]\n", "app.py": "from flask import Flask\napp = Flask(__name__)\napp.run(host=\"127.0.0.1\", port=8000)\n" },
        world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] },
        line: 5,
        message: "curl: (56) Recv failure: Connection reset by peer",
      },
      {
        name: "an Express server told to listen on localhost in the code",
        files: { Dockerfile: "FROM node:20-alpine\nWORKDIR /app\nCOPY server.js .\nCMD [\"node\", \"server.js\"]\n", "server.js": "const app = require(\"express\")();\napp.listen(3000, \"localhost\");\n" },
        world: { apps: [{ name: "web", entry: "server.js", language: "node", port: 3000 }] },
        line: 4,
        message: "curl: (56) Recv failure: Connection reset by peer",
      },
    ],
  },
});
