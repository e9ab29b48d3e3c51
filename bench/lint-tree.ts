/**
 * The lint-tree figure of `npm run bench`: `breakfix lint` of one generated tree of Dockerfiles (services of
 * five shapes, each in its own directory with its sources, and one Dockerfile at the root whose context is the
 * whole tree), with each Dockerfile's build context and with `--no-context`. The ratio is what the build
 * contexts cost; linear work keeps it flat as the tree grows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { lintTargets } from "../server/cli/lint.js";
import { collectTargets } from "../server/cli/lint-files.js";

type Files = Record<string, string>;

/** The five service shapes, in turn: node, python, a Go multi-stage build, an nginx site, an old Alpine tag. */
function service(i: number): Files {
  const name = `svc-${i}`;
  switch (i % 5) {
    case 0:
      return {
        Dockerfile: 'FROM node:20-alpine\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci --omit=dev\nCOPY . .\nUSER node\nEXPOSE 3000\nCMD ["node", "server.js"]\n',
        "package.json": `{"name":"${name}","scripts":{"start":"node server.js"}}\n`,
        "package-lock.json": "{}\n",
        "server.js": 'require("http").createServer((q, s) => s.end("ok")).listen(3000);\n',
        "src/routes.js": "module.exports = [];\n",
      };
    case 1:
      return {
        Dockerfile: 'FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install --no-cache-dir -r requirements.txt\nCOPY . .\nEXPOSE 8000\nCMD ["gunicorn", "-b", "0.0.0.0:8000", "app:app"]\n',
        "requirements.txt": "flask\ngunicorn\n",
        "app.py": "from flask import Flask\napp = Flask(__name__)\n",
        "pkg/__init__.py": "",
        ".dockerignore": "**/__pycache__\n*.pyc\n",
      };
    case 2:
      return {
        Dockerfile: 'FROM golang:1.22 AS build\nWORKDIR /src\nCOPY go.mod ./\nRUN go mod download\nCOPY . .\nRUN CGO_ENABLED=0 go build -o /out/server ./cmd/server\nFROM gcr.io/distroless/static-debian12:nonroot\nCOPY --from=build /out/server /server\nENTRYPOINT ["/server"]\n',
        "go.mod": `module example.com/${name}\n\ngo 1.22\n`,
        "cmd/server/main.go": "package main\n\nfunc main() {}\n",
      };
    case 3:
      return {
        Dockerfile: "FROM nginx:1.27-alpine\nCOPY nginx.conf /etc/nginx/conf.d/default.conf\nCOPY site/ /usr/share/nginx/html/\nEXPOSE 80\n",
        "nginx.conf": "server { listen 80; root /usr/share/nginx/html; }\n",
        "site/index.html": `<h1>${name}</h1>\n`,
        "site/app.css": "body{}\n",
      };
    default:
      return {
        Dockerfile: 'FROM alpine:3.9\nRUN apk add --no-cache curl\nCOPY scripts/ /opt/scripts/\nRUN chmod +x /opt/scripts/run.sh\nCMD ["/opt/scripts/run.sh"]\n',
        "scripts/run.sh": "#!/bin/sh\nexec sleep 3600\n",
      };
  }
}

/** Writes the tree under a fresh temporary directory and returns it. */
export function writeTree(dockerfiles: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "breakfix-bench-"));
  const write = (rel: string, content: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  for (let i = 0; i < dockerfiles - 1; i++) for (const [rel, content] of Object.entries(service(i))) write(path.join("services", `svc-${String(i).padStart(5, "0")}`, rel), content);
  write("Dockerfile", "FROM alpine:3.20\nWORKDIR /src\nCOPY . .\nRUN ls services > /src/index.txt\n");
  return root;
}

/** Milliseconds to lint the tree, with each Dockerfile's context or with none. */
export function timeLint(root: string, context: boolean): { ms: number; errors: number } {
  const start = performance.now();
  const targets = collectTargets([root], root);
  const diagnostics = lintTargets(targets, root, "auto", context ? undefined : null, () => undefined);
  return { ms: performance.now() - start, errors: diagnostics.filter((d) => d.severity === "error").length };
}

/**
 * Lints a tree of `dockerfiles` Dockerfiles both ways, twice each in turn after a small warm-up, and removes it.
 * The faster of each pair is kept: the machine is shared, and a neighbour's load is not the linter's cost.
 */
export function lintTreeFigures(dockerfiles: number): { withContext: number; withoutContext: number; errors: number } {
  const warm = writeTree(50);
  timeLint(warm, true);
  timeLint(warm, false);
  fs.rmSync(warm, { recursive: true, force: true });
  const root = writeTree(dockerfiles);
  try {
    const runs = [false, true, false, true].map((context) => ({ context, ...timeLint(root, context) }));
    const best = (context: boolean) => Math.min(...runs.filter((r) => r.context === context).map((r) => r.ms));
    return { withContext: best(true), withoutContext: best(false), errors: runs.reduce((n, r) => n + r.errors, 0) };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
