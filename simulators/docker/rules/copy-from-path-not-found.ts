/** DF011: `COPY --from=<stage> <path>` where the stage never produced that path (CRA writes build/, not dist/). */
import { at, dockerRule } from "../events.js";
import { copySourceMessage } from "./copy-source-not-found.js";

export const copyFromPathNotFound = dockerRule({
  code: "DF011",
  name: "copy-from-path-not-found",
  summary: "A COPY --from source must exist in the stage it is copied from",
  stage: "build",
  severity: "error",
  phase: "build",
  needs: ["context"],
  on: {
    "copy-from-path"(e, ctx) {
      // A wildcard may match nothing; a path the model cannot rule out (an unmodelled step ran) is unknown.
      if (e.found || e.wildcard || !e.knownAbsent) return;
      ctx.report(at(e.instruction), copySourceMessage(e.path, `${e.parsed.lines.join("\n")}${e.path}`), { output: [] });
    },
  },
  cases: {
    valid: [
      {
        files: {
          Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/build /usr/share/nginx/html\n",
          "package.json": '{"name":"web","scripts":{"build":"react-scripts build"}}\n',
          "package-lock.json": "{}\n",
          "public/index.html": "<div id=root></div>\n",
        },
        world: { apps: [{ name: "web", language: "static", port: 80, health_path: "/", build_output_dir: "build" }] },
      },
      {
        name: "react-scripts told to write dist/ with BUILD_PATH",
        files: {
          Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN BUILD_PATH=dist npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/dist /usr/share/nginx/html\n",
          "package.json": '{"name":"web","scripts":{"build":"react-scripts build"}}\n',
          "package-lock.json": "{}\n",
          "public/index.html": "<div id=root></div>\n",
        },
        world: { apps: [{ name: "web", language: "static", port: 80, health_path: "/", build_output_dir: "build" }] },
      },
      {
        name: "a file a redirect wrote",
        files: { Dockerfile: "FROM alpine:3.20 AS build\nRUN mkdir -p /out && echo built > /out/stamp.txt && date >> /out/built-at\nFROM alpine:3.20\nCOPY --from=build /out/stamp.txt /out/built-at /srv/\n" },
      },
      {
        name: "a file a group's redirect wrote",
        files: { Dockerfile: "FROM alpine:3.20 AS build\nRUN mkdir -p /out && { echo '[global]'; echo 'daemonize = no'; } > /out/zz-docker.conf\nFROM alpine:3.20\nCOPY --from=build /out/zz-docker.conf /etc/\n" },
      },
    ],
    invalid: [
      {
        files: {
          Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nFROM nginx:1.27-alpine\nCOPY --from=build /app/dist /usr/share/nginx/html\n",
          "package.json": '{"name":"web","scripts":{"build":"react-scripts build"}}\n',
          "package-lock.json": "{}\n",
          "public/index.html": "<div id=root></div>\n",
        },
        world: { apps: [{ name: "web", language: "static", port: 80, health_path: "/", build_output_dir: "build" }] },
        line: 8,
        message: '"/app/dist": not found',
      },
      {
        name: "BUILD_PATH set after the build ran",
        files: {
          Dockerfile: "FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nENV BUILD_PATH=dist\nFROM nginx:1.27-alpine\nCOPY --from=build /app/dist /usr/share/nginx/html\n",
          "package.json": '{"name":"web","scripts":{"build":"react-scripts build"}}\n',
          "package-lock.json": "{}\n",
          "public/index.html": "<div id=root></div>\n",
        },
        world: { apps: [{ name: "web", language: "static", port: 80, health_path: "/", build_output_dir: "build" }] },
        line: 9,
        message: '"/app/dist": not found',
      },
    ],
  },
});
