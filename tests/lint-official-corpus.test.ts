/**
 * `breakfix lint` on official-image Dockerfiles (transcribed from the Docker Library's public Dockerfiles, old
 * tags and new) and on applications built on old official tags: no error, with the build context and without.
 * Docker Hub still serves the old tags these build on, so none of them may be called missing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles } from "../simulators/index.js";
import type { LintFile } from "../simulators/index.js";

const CORPUS = path.join(import.meta.dirname, "fixtures", "lint-clean", "official");

function readTree(dir: string): LintFile[] {
  const out: LintFile[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push({ path: path.relative(dir, full).split(path.sep).join("/"), content: fs.readFileSync(full, "utf8"), mode: fs.statSync(full).mode & 0o777 });
    }
  };
  walk(dir);
  return out;
}

const fixtures = fs.readdirSync(CORPUS).sort();
const show = (d: { line: number; code: string; message: string }) => `${d.line} ${d.code} ${d.message}`;

describe("official-image Dockerfiles lint clean", () => {
  it("cover the official images, across old and new tags", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    const froms = fixtures.flatMap((f) => [...fs.readFileSync(path.join(CORPUS, f, "Dockerfile"), "utf8").matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!));
    for (const tag of ["alpine:3.9", "php:7.2-fpm", "debian:jessie-slim", "ubuntu:xenial", "debian:stretch-slim", "debian:jessie", "alpine:3.7", "node:8-alpine", "python:2.7-slim", "debian:bookworm-slim", "ubuntu:22.04", "alpine:3.23", "scratch"]) {
      expect(froms, tag).toContain(tag);
    }
    for (const image of ["python", "node", "golang", "nginx", "php", "ruby", "postgres", "redis", "httpd", "openjdk", "eclipse-temurin", "alpine", "debian", "ubuntu"]) {
      expect(fixtures.some((f) => f.startsWith(`${image}-`)), image).toBe(true);
    }
  });

  it.each(fixtures)("%s: no error with its build context", (name) => {
    const diagnostics = lintFiles(readTree(path.join(CORPUS, name)), { kind: "auto", context: true });
    expect(diagnostics.filter((d) => d.severity === "error").map(show)).toEqual([]);
  });

  it.each(fixtures)("%s: no error with --no-context", (name) => {
    const files = readTree(path.join(CORPUS, name)).filter((f) => f.path === "Dockerfile");
    const diagnostics = lintFiles(files, { kind: "auto", context: false });
    expect(diagnostics.filter((d) => d.severity === "error").map(show)).toEqual([]);
  });
});
