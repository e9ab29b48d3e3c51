/** DF109: The container must run the app, so that it answers on its port (the smoke test). Met when the container starts (container.ts). */
import type { DockerRule } from "../rule.js";

export const appNotServing: DockerRule = {
  code: "DF109",
  name: "app-not-serving",
  summary: "The container must run the app, so that it answers on its port (the smoke test)",
  stage: "runtime",
  severity: "error",
  cases: {
    valid: [
      { files: { Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/build /usr/share/nginx/html\n", "package.json": "{\"name\":\"web\",\"scripts\":{\"build\":\"react-scripts build\"}}\n", "package-lock.json": "{}\n", "public/index.html": "<div id=root></div>\n" }, world: { apps: [{ name: "web", language: "static", port: 80, build_output_dir: "build", health_path: "/" }] }, name: "a static site serving its build" },
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD python app.py\n", "app.py": "" }, world: { apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] }, name: "shell form runs the app too" },
    ],
    invalid: [
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
    ],
  },
};
