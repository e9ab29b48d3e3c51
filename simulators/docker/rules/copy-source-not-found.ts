/**
 * DF004: a COPY or ADD source that is not in the build context (missing, misspelt, outside the context, or
 * excluded by .dockerignore). A wildcard may match nothing; a URL is fetched, not looked up.
 */
import { at, dockerRule } from "../events.js";
import { stableId } from "../log.js";

/** BuildKit's error when a step's cache key cannot be computed: `detail` is why. */
export function cacheKeyMessage(detail: string, seed: string): string {
  return `failed to compute cache key: failed to calculate checksum of ref ${stableId(seed + "a")}::${stableId(seed + "b")}: ${detail}`;
}

export function copySourceMessage(source: string, seed: string): string {
  const shown = "/" + source.replace(/^\.?\/+/, "").replace(/\/$/, "");
  return cacheKeyMessage(`"${shown}": not found`, seed);
}

export const copySourceNotFound = dockerRule({
  code: "DF004",
  name: "copy-source-not-found",
  summary: "Every COPY/ADD source must exist in the build context and not be excluded by .dockerignore",
  stage: "build",
  severity: "error",
  phase: "build",
  needs: ["context"],
  on: {
    "copy-source"(e, ctx) {
      if (e.matches > 0 || e.wildcard) return;
      ctx.report(at(e.instruction), copySourceMessage(e.normal.replace(/^(\.\.\/)+/, ""), `${e.context.dir}${e.source}`), { output: [] });
    },
  },
  cases: {
    valid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\n", "requirements.txt": "flask\n" } },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY src/ /app/\n", "src/app.py": "" }, name: "a directory" },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY *.txt /app/\n" }, name: "a wildcard may match nothing" },
      { files: { Dockerfile: "FROM alpine:3.20\nADD https://example.com/tool.tar.gz /tmp/\n" }, name: "a URL" },
    ],
    invalid: [
      { files: { Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirments.txt .\n", "requirements.txt": "flask\n" }, line: 3, message: '"/requirments.txt": not found' },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY .env /app/\n", ".env": "A=1\n", ".dockerignore": ".env\n" }, line: 2, message: '"/.env": not found', name: "excluded by .dockerignore" },
      { files: { Dockerfile: "FROM python:3.12-slim\nCOPY ../shared /app/\n" }, line: 2, message: "not found", name: "outside the context" },
    ],
  },
});
