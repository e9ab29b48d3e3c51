/**
 * DF109 on images the model does not know: a base nobody outside the scenario can judge may bring its own
 * command, so "no command specified" and "not serving" are left undecided there, on every path to the
 * container's process; what Docker itself decides (an ENTRYPOINT resets the inherited CMD) still counts.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";

const world = parseWorld({ apps: [{ name: "api", entry: "app.py", language: "python", port: 8000 }] });
const files = { "app.py": "", "entrypoint.sh": '#!/bin/sh\nexec "$@"\n' };

function run(dockerfile: string) {
  const result = simulateRepository(repositoryFrom({ Dockerfile: dockerfile, ...files }), world, { worldKnown: true, context: true });
  return { df109: result.diagnostics.filter((d) => d.code === "DF109"), checked: result.checked.has("DF109@Dockerfile") };
}

describe("an unknown base image", () => {
  it.each([
    ["its own command", "FROM ghcr.io/acme/base:1\nCOPY app.py .\n"],
    ["through an earlier stage", "FROM ghcr.io/acme/base:1 AS base\nFROM base\nCOPY app.py .\n"],
    ["an ENTRYPOINT set by a later stage", "FROM ghcr.io/acme/base:1 AS base\nFROM base\nENTRYPOINT [\"/usr/local/bin/start\"]\n"],
    ["its docker-entrypoint.sh, which is not the node image's", "FROM ghcr.io/acme/base:1\nENTRYPOINT [\"docker-entrypoint.sh\"]\nCMD [\"serve\"]\n"],
    ["a program of its own", "ARG BASE=ghcr.io/acme/base:1\nFROM $BASE\nCMD [\"serve\", \"--port\", \"8000\"]\n"],
  ])("is not judged for its command: %s", (_, dockerfile) => {
    const { df109, checked } = run(dockerfile);
    expect(df109).toEqual([]);
    expect(checked).toBe(false);
  });
});

describe("what Docker decides whatever the base", () => {
  it("a known image with no command is refused by the daemon", () => {
    expect(run("FROM scratch\nCOPY app.py /app.py\n").df109.map((d) => d.message)).toEqual(["docker: Error response from daemon: no command specified."]);
  });

  it("an ENTRYPOINT resets the CMD an earlier stage set, so the script's exec \"$@\" runs nothing", () => {
    const dockerfile =
      'FROM python:3.12-slim AS base\nWORKDIR /app\nCOPY app.py .\nCMD ["python", "app.py"]\nFROM base\nCOPY entrypoint.sh /entrypoint.sh\nRUN chmod +x /entrypoint.sh\nENTRYPOINT ["/entrypoint.sh"]\n';
    expect(run(dockerfile).df109.map((d) => d.message)).toEqual(["curl: (7) Failed to connect to localhost port 8000 after 0 ms: Couldn't connect to server"]);
    expect(run(dockerfile.replace('FROM base\n', 'FROM base\nCMD ["python", "app.py"]\n')).df109).toEqual([]);
  });

  it("an init with no program after it exits with its usage (the wrapper's complaint, not the daemon's)", () => {
    expect(run('FROM python:3.12-slim\nRUN apt-get update && apt-get install -y tini\nENTRYPOINT ["tini", "--"]\n').df109.map((d) => d.message)).toEqual(["curl: (7) Failed to connect to localhost port 8000 after 0 ms: Couldn't connect to server"]);
  });
});

describe("whether an unknown base image exists", () => {
  const df003 = (dockerfile: string, worldKnown: boolean) => {
    const result = simulateRepository(repositoryFrom({ Dockerfile: dockerfile, ...files }), world, { worldKnown, context: true });
    return { undecided: result.undecided.has("DF003@Dockerfile"), fired: result.diagnostics.some((d) => d.code === "DF003") };
  };

  it.each([["a private registry", "FROM registry.internal.example/base/runtime:1.0\n"], ["Docker Hub outside the world", "FROM acme/base-runtime:1.0\n"], ["ghcr.io outside the world", "FROM ghcr.io/acme/base:2024 AS build\nFROM python:3.12-slim\n"]])(
    "is undecided in a scenario, never a pass: %s",
    (_, dockerfile) => {
      expect(df003(dockerfile, true)).toEqual({ undecided: true, fired: false });
    },
  );

  it("is taken on trust in lint, and an image the world knows is decided", () => {
    expect(df003("FROM acme/base-runtime:1.0\n", false)).toEqual({ undecided: false, fired: false });
    expect(df003("FROM python:3.12-slim\n", true)).toEqual({ undecided: false, fired: false });
  });
});
