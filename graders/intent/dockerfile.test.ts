import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { DOCKERFILE_CHECKS } from "./dockerfile.js";
import { judgeChange } from "./states.js";

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
