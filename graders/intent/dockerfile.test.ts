import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { DOCKERFILE_CHECKS, imageMetadataKept } from "./dockerfile.js";
import { judgeChange, stateOf } from "./states.js";

const BEFORE = 'FROM python:3.12-slimm\nARG APP_VERSION\nRUN test -n "$APP_VERSION"\nWORKDIR /app\nCOPY . /app\nRUN cd /app && pip install -r requirements.txt\nUSER nobody\n';
const check = (after: string) =>
  DOCKERFILE_CHECKS.flatMap((c) => judgeChange(c, repositoryFrom({ Dockerfile: BEFORE }), repositoryFrom({ Dockerfile: after }))).map((v) => `${v.file}: ${v.message}`);

describe("dockerfileIntent", () => {
  it("accepts another pinned tag, a digest, rewritten RUN steps and a dropped cd", () => {
    expect(check(BEFORE.replace("slimm", "slim"))).toEqual([]);
    expect(check(BEFORE.replace("python:3.12-slimm", "python@sha256:" + "a".repeat(64)))).toEqual([]);
    expect(check(BEFORE.replace("python:3.12-slimm", "gcr.io/distroless/python3-debian12:nonroot"))).toEqual([]);
    expect(check(BEFORE.replace("python:3.12-slimm", "ubuntu:noble"))).toEqual([]);
    expect(check(BEFORE.replace("RUN cd /app && pip install -r requirements.txt", "RUN <<EOF\npip install -r requirements.txt\nEOF"))).toEqual([]);
    expect(check(BEFORE.replace('RUN test -n "$APP_VERSION"', 'RUN test -n "${APP_VERSION}" && echo "version ok"'))).toEqual([]);
  });

  it.each([
    ["no tag", BEFORE.replace("python:3.12-slimm", "python"), "the base image python pins no version"],
    [":latest", BEFORE.replace("python:3.12-slimm", "python:latest"), "pins no version"],
    [":slim", BEFORE.replace("python:3.12-slimm", "python:slim"), "the base image python:slim pins no version"],
    ["the failing check deleted", BEFORE.replace('RUN test -n "$APP_VERSION"\n', ""), "no RUN step runs 'test' any more"],
    ["the failing check echoed", BEFORE.replace('RUN test -n "$APP_VERSION"', 'RUN echo test -n "$APP_VERSION"'), "no RUN step runs 'test' any more"],
    ["the build step dropped", BEFORE.replace("RUN cd /app && pip install -r requirements.txt\n", ""), "no RUN step runs 'pip install' any more"],
    ["root", BEFORE.replace("USER nobody", "USER root"), "now runs as root"],
    ["the check inverted", BEFORE.replace('test -n "$APP_VERSION"', 'test -z "$APP_VERSION"'), "the check 'test -n \"$APP_VERSION\"' was rewritten"],
    ["the check on a literal", BEFORE.replace('test -n "$APP_VERSION"', 'test -n "APP_VERSION"'), "was rewritten"],
    ["the check given a default", BEFORE.replace('test -n "$APP_VERSION"', 'test -n "${APP_VERSION:-dev}"'), "was rewritten"],
  ])("flags %s", (_, after, message) => {
    expect(check(after).join("\n")).toContain(message);
  });
});

describe("build outcomes: a failing command is fixed, not swallowed or hidden", () => {
  const FAILING = 'FROM python:3.12-slim\nARG APP_VERSION\nRUN test -n "$APP_VERSION"\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n';
  const files = (dockerfile: string) => ({ Dockerfile: dockerfile, "requirements.txt": "flask==3.0.3\n" });
  const judged = (after: string, before = FAILING) =>
    DOCKERFILE_CHECKS.flatMap((c) => judgeChange(c, repositoryFrom(files(before)), repositoryFrom(files(after)))).map((v) => `${v.check}: ${v.message}`);

  it.each([
    ["; exit 0", 'RUN test -n "$APP_VERSION"; exit 0'],
    ["; true", 'RUN test -n "$APP_VERSION"; true'],
    ["| cat", 'RUN test -n "$APP_VERSION" | cat'],
    ["|| printf ''", "RUN test -n \"$APP_VERSION\" || printf ''"],
    ["|| touch", 'RUN test -n "$APP_VERSION" || touch /tmp/skipped'],
    ["written as [ ] and swallowed", 'RUN [ -n "$APP_VERSION" ] || true'],
  ])("flags a guard whose failure is swallowed (%s)", (_, run) => {
    expect(judged(FAILING.replace('RUN test -n "$APP_VERSION"', run)).join("\n")).toMatch(/build-guards: '(test|\[) -n "\$APP_VERSION"( \])?' fails in the build \(exit code 1\) and the step goes on regardless/);
  });

  it.each([
    ["if false", 'RUN if false; then test -n "$APP_VERSION"; fi'],
    ["a function never called", 'RUN skipped() { test -n "$APP_VERSION"; }'],
    ["the background", 'RUN { test -n "$APP_VERSION"; } &'],
    ["a value read from a command", 'RUN test -n "$(printf %s "$APP_VERSION")$APP_VERSION"'],
  ])("flags a guard moved where the build cannot be followed (%s)", (_, run) => {
    const after = FAILING.replace('RUN test -n "$APP_VERSION"', run);
    const messages = judged(after).join("\n");
    if (run.includes("$(")) expect(messages).toContain("was rewritten");
    else expect(messages).toContain(`'test -n "$APP_VERSION"' now runs only where the build cannot be followed`);
  });

  it.each([["true ||"], ["exit 0 ||"], ["echo building ||"], [": ||"]])("flags a guard a succeeding command before it keeps from running (%s)", (prefix) => {
    expect(judged(FAILING.replace('RUN test -n "$APP_VERSION"', `RUN ${prefix} test -n "$APP_VERSION"`)).join("\n")).toContain(`build-guards: 'test -n "$APP_VERSION"' never runs`);
  });

  it("reads an exec-form RUN of a shell's -c script as that script", () => {
    const passing = FAILING.replace("ARG APP_VERSION", "ARG APP_VERSION=1");
    const exec = passing.replace('RUN test -n "$APP_VERSION"', 'RUN ["/bin/sh", "-c", "test -n \\"$APP_VERSION\\""]').replace("RUN pip install -r requirements.txt", 'RUN ["/bin/sh", "-c", "pip install -r requirements.txt"]');
    expect(judged(exec, passing).filter((m) => m.startsWith("build-"))).toEqual([]);
    const uncopied = (dockerfile: string) => dockerfile.replace("COPY requirements.txt .\n", "");
    expect(judged(uncopied(exec.replace('pip install -r requirements.txt"]', 'pip install -r requirements.txt; exit 0"]')), uncopied(passing)).join("\n")).toContain("'pip install -r requirements.txt' fails in the build");
  });

  it("flags a build command that now fails and is swallowed", () => {
    const before = FAILING.replace("ARG APP_VERSION", "ARG APP_VERSION=1").replace("COPY requirements.txt .\n", "");
    expect(judged(before.replace("RUN pip install -r requirements.txt", "RUN pip install -r requirements.txt; true"), before).join("\n")).toContain(
      "build-commands: 'pip install -r requirements.txt' fails in the build (exit code 1) and the step goes on regardless",
    );
  });

  it("accepts the guard satisfied, written any way, and failures the starting build already let through", () => {
    const given = FAILING.replace("ARG APP_VERSION", "ARG APP_VERSION=1.4.2");
    // A default is caught by the check on defaults, not as a swallowed failure.
    expect(judged(given).filter((m) => m.includes("swallowed") || m.includes("cannot be followed"))).toEqual([]);
    const bracket = 'FROM python:3.12-slim\nARG APP_VERSION=1\nRUN [ -n "$APP_VERSION" ]\nRUN id -u app || useradd app\n';
    const withTest = bracket.replace('RUN [ -n "$APP_VERSION" ]', 'RUN test -n "$APP_VERSION"');
    expect(judged(withTest, bracket)).toEqual([]);
    expect(judged(bracket, withTest)).toEqual([]);
  });
});

describe("image-metadata: where the clean base's image is reached", () => {
  const CLEAN = 'FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nEXPOSE 8000\nCMD ["python", "app.py"]\n';
  const files = (dockerfile: string) => repositoryFrom({ Dockerfile: dockerfile, "app.py": "print('hi')\n" });
  const judged = (start: string, now: string) =>
    imageMetadataKept.check({ initial: stateOf(files(start)), base: stateOf(files(CLEAN)), current: stateOf(files(now)) }).map((v) => v.message);
  const broken = CLEAN.replace("EXPOSE 8000", "EXPOSE http");

  it.each([["9/udp"], ["1"], ["80"]])("flags an image that now exposes %s instead", (spec) => {
    expect(judged(broken, CLEAN.replace("EXPOSE 8000", `EXPOSE ${spec}`))).toContain(`the image exposes ${spec}, not 8000/tcp, where its app is reached`);
  });

  it("accepts the port written any way, and more ports beside it", () => {
    for (const spec of ["8000", "8000/tcp", "8000/TCP", "8000 9090", "7999-8001"]) expect(judged(broken, CLEAN.replace("EXPOSE 8000", `EXPOSE ${spec}`))).toEqual([]);
  });
});

describe("image-metadata: what the clean base's build stages held and made", () => {
  const CLEAN =
    "FROM node:20-alpine AS build\nWORKDIR /web\nCOPY site.config.json ./\nCOPY index.html ./\nRUN mkdir -p dist && echo built > dist/index.html\n" +
    'FROM nginx:1.27-alpine\nCOPY --from=build /web/dist/index.html /usr/share/nginx/html/index.html\nEXPOSE 80\n';
  const files = (dockerfile: string) => repositoryFrom({ Dockerfile: dockerfile, "site.config.json": "{}\n", "index.html": "<h1>hi</h1>\n" });
  const judged = (now: string) => imageMetadataKept.check({ initial: stateOf(files(now)), base: stateOf(files(CLEAN)), current: stateOf(files(now)) }).map((v) => v.message);

  it("flags a build stage that no longer holds a file the clean one copied in (a wildcard matching nothing, a COPY deleted)", () => {
    expect(judged(CLEAN.replace("COPY site.config.json ./", "COPY site.confg.json* ./"))).toContain("build stage 'build' no longer holds site.config.json");
    expect(judged(CLEAN.replace("COPY site.config.json ./\n", ""))).toContain("build stage 'build' no longer holds site.config.json");
  });

  it("flags an image that no longer holds what it copied from a stage, wherever it would be", () => {
    expect(judged(CLEAN.replace("COPY --from=build /web/dist/index.html /usr/share/nginx/html/index.html\n", ""))).toContain(
      "the image no longer holds /usr/share/nginx/html/index.html, which the build copied from its 'build' stage",
    );
  });

  it("accepts the same files copied another way or to another directory", () => {
    expect(judged(CLEAN)).toEqual([]);
    expect(judged(CLEAN.replace("COPY site.config.json ./\nCOPY index.html ./", "COPY site.config.json index.html ./"))).toEqual([]);
    expect(judged(CLEAN.replace("/usr/share/nginx/html/index.html", "/srv/www/index.html"))).toEqual([]);
  });
});

describe("a COPY deleted where the build stops before its image", () => {
  // The final stage copies from a stage misnamed `builld`, and a guard before it fails the build whatever the COPY
  // says: the image never shows what it holds, so deleting the COPY must not pass for fixing its source.
  const BROKEN =
    'FROM golang:1.22 AS build\nWORKDIR /src\nCOPY go.mod main.go ./\nRUN go build -o /out/app .\n\nFROM alpine:3.20\nARG APP_VERSION\nRUN test -n "$APP_VERSION"\nCOPY --from=builld /out/app /usr/local/bin/app\nENTRYPOINT ["/usr/local/bin/app"]\n';
  const files = (dockerfile: string) => repositoryFrom({ Dockerfile: dockerfile, "go.mod": "module example.com/app\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n" });
  const judged = (after: string) => judgeChange(imageMetadataKept, files(BROKEN), files(after)).map((v) => v.message);

  it("flags the COPY deleted, or its stage's COPY, and accepts the source corrected", () => {
    expect(judged(BROKEN.replace("COPY --from=builld /out/app /usr/local/bin/app\n", ""))).toEqual([
      "nothing in the final stage copies to /usr/local/bin/app any more (line 9 did), and the build stops before its image shows what it holds",
    ]);
    expect(judged(BROKEN.replace("COPY go.mod main.go ./\n", ""))).toEqual([expect.stringContaining("nothing in build stage 'build' copies to . any more (line 3 did)")]);
    expect(judged(BROKEN.replace("--from=builld", "--from=build"))).toEqual([]);
    expect(judged(BROKEN.replace("--from=builld /out/app /usr/local/bin/app", "--from=build /out/app /usr/local/bin/app/"))).toEqual([]);
  });
});

describe("build outcomes: a stage the image no longer needs is not built (gen:test:medium:38)", () => {
  // BuildKit builds only the stages the target reaches: deleting the COPY --from=deps dropped the stage whose
  // guard failed, and the build passed without running the guard or installing the dependencies.
  const FAILING =
    'FROM node:22-alpine AS deps\nARG BUILD_REVISION\nRUN test -n "$BUILD_REVISION"\nWORKDIR /app\nCOPY package.json ./\nRUN npm install --omit=dev\n\nFROM node:22-alpine\nWORKDIR /app\nCOPY --from=deps /app/node_modules ./node_modules\nCOPY server.js ./\nCMD ["node", "server.js"]\n';
  const files = (dockerfile: string) => repositoryFrom({ Dockerfile: dockerfile, "package.json": '{"name":"app","dependencies":{}}\n', "server.js": "console.log(1)\n" });
  const judged = (after: string) => DOCKERFILE_CHECKS.flatMap((c) => judgeChange(c, files(FAILING), files(after))).map((v) => `${v.check}: ${v.message}`);

  it("flags the COPY that reached the guard's stage deleted", () => {
    const messages = judged(FAILING.replace("COPY --from=deps /app/node_modules ./node_modules\n", "")).join("\n");
    expect(messages).toContain(`build-guards: 'test -n "$BUILD_REVISION"' never runs: its stage is no longer built`);
  });

  it("accepts the stage still reached, its output copied elsewhere", () => {
    const after = FAILING.replace('RUN test -n "$BUILD_REVISION"', 'RUN test -n "${BUILD_REVISION}"').replace("COPY --from=deps /app/node_modules ./node_modules", "COPY --from=deps /app/node_modules /app/node_modules");
    expect(judged(after).filter((m) => m.includes("never runs"))).toEqual([]);
  });
});
