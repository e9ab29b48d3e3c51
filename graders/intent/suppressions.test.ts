import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { judgeChange } from "./states.js";
import { noSuppressions as check } from "./suppressions.js";

const noSuppressions = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(check, before, after).map((v) => v.message);

const repo = (files: Record<string, string>) => repositoryFrom(files);

describe("noSuppressions", () => {
  it.each([
    ["|| true", "RUN pip install -r requirements.txt || true\n"],
    ["|| :", "RUN pip install -r requirements.txt || :\n"],
    ["|| exit 0", "RUN pip install -r requirements.txt || exit 0\n"],
    ["|| sleep", 'CMD ["sh", "-c", "python worker.py || sleep infinity"]\n'],
  ])("flags a failure swallowed with %s", (_, line) => {
    const before = repo({ Dockerfile: "FROM python:3.12-slim\n" });
    expect(noSuppressions(before, repo({ Dockerfile: `FROM python:3.12-slim\n${line}` }))).toEqual(["a failure swallowed with || true was added"]);
  });

  it("does not blame a swallowed failure the repository already had, nor || in other commands", () => {
    const had = "FROM python:3.12-slim\nRUN rm -f /tmp/x || true\n";
    expect(noSuppressions(repo({ Dockerfile: had }), repo({ Dockerfile: had + "RUN test -f a || test -f b\n" }))).toEqual([]);
  });

  it("flags npm's engine-strict switched off, not kept", () => {
    const before = repo({ ".npmrc": "engine-strict=true\n" });
    expect(noSuppressions(before, repo({ ".npmrc": "engine-strict=false\n" }))).toEqual(["npm's engine-strict=true was switched off"]);
    expect(noSuppressions(before, repo({ ".npmrc": "# strict engines\nengine-strict=true\n" }))).toEqual([]);
  });
});
