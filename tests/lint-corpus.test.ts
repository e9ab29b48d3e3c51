/**
 * `breakfix lint` on well-formed Dockerfiles of every shape real projects use reports no error, with and
 * without the build context; and it reports the typical build breakers.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles } from "../simulators/index.js";
import type { LintFile } from "../simulators/index.js";

const CORPUS = path.join(import.meta.dirname, "fixtures", "lint-clean", "dockerfiles");

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

describe("clean Dockerfiles stay clean", () => {
  it("covers the shapes the issue lists", () => {
    const all = fixtures.map((f) => fs.readFileSync(path.join(CORPUS, f, "Dockerfile"), "utf8")).join("\n");
    for (const shape of [/^FROM .* AS /m, /^ARG .*\nARG .*\nFROM/m, /--platform=/, /--mount=/, /<<EOF/, /^# escape=`/m, /^ONBUILD /m, /^HEALTHCHECK /m, /^CMD \[/m, /^CMD [a-z]/m, /\\\n\s*#/, /C:\\/, /^ADD --chmod=\d+ https:\/\//m, /^ADD https:\/\/\S+\.git#/m]) {
      expect(all, String(shape)).toMatch(shape);
    }
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures)("%s: no error with its build context", (name) => {
    const diagnostics = lintFiles(readTree(path.join(CORPUS, name)), { kind: "auto", context: true });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each(fixtures)("%s: no error with --no-context", (name) => {
    const files = readTree(path.join(CORPUS, name)).filter((f) => f.path === "Dockerfile");
    const diagnostics = lintFiles(files, { kind: "auto", context: false });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("typical build breakers are reported", () => {
  const lint = (dockerfile: string, extra: Record<string, string> = {}, context = true) =>
    lintFiles(
      [{ path: "Dockerfile", content: dockerfile, mode: 0o644 }, ...Object.entries(extra).map(([p, c]) => ({ path: p, content: c, mode: 0o644 }))],
      { kind: "auto", context },
    ).map((d) => `${d.line} ${d.code}`);

  it.each([
    ["no FROM", "WORKDIR /app\nCOPY . .\n", {}, "1 DF001"],
    ["misplaced FROM", "RUN echo hi\nFROM alpine:3.20\n", {}, "1 DF001"],
    ["unknown instruction", "FROM alpine:3.20\nRUN apk add curl\n && apk add git\n", {}, "3 DF002"],
    ["missing tag", "FROM python:3.9-slimm\n", {}, "1 DF003"],
    ["COPY source not in the context", "FROM alpine:3.20\nCOPY requirments.txt .\n", { "requirements.txt": "" }, "2 DF004"],
    ["EXPOSE of a word", 'FROM alpine:3.20\nEXPOSE "eighty"\n', {}, "2 DF005"],
    ["a bad --from", "FROM alpine:3.20 AS builder\nFROM alpine:3.20\nCOPY --from=biulder /a /a\n", {}, "3 DF006"],
  ])("%s", (_, dockerfile, extra, expected) => {
    expect(lint(dockerfile, extra)).toContain(expected);
  });

  it("skips the build-context checks with --no-context", () => {
    expect(lint("FROM alpine:3.20\nCOPY requirments.txt .\n", {}, false)).toEqual([]);
  });
});
