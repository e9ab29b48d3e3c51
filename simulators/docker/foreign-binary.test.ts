/**
 * DF103's `exec format error`: `go build` compiles for GOOS/GOARCH (else for the platform its stage runs on),
 * COPY --from carries the binary's platform along, and a container whose program was compiled for another
 * architecture than the one it runs on is refused by the kernel, whether docker runs it here or the image is
 * only built and pushed for a platform.
 */
import { describe, expect, it } from "vitest";
import { RuleEngine } from "../engine/engine.js";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";
import { goTarget } from "./commands/packages.js";
import { DOCKER_RULES, simulateDockerfile } from "./index.js";
import { foreignBinary } from "./process.js";

const world = parseWorld({ apps: [{ name: "agent", entry: "main.go", language: "go", port: 9100 }] });

function dockerfile(goEnv: string, buildFrom = "FROM --platform=$BUILDPLATFORM golang:1.22-alpine AS build"): string {
  return `${buildFrom}\nARG TARGETOS\nARG TARGETARCH\nWORKDIR /src\nCOPY go.mod main.go ./\nRUN ${goEnv} go build -o /out/agent .\n\nFROM gcr.io/distroless/static-debian12:nonroot\nCOPY --from=build /out/agent /agent\nENTRYPOINT ["/agent"]\n`;
}

/** Builds the Dockerfile for `platform` as a pipeline does (run: false), returning the DF103 findings. */
function pushedFor(content: string, platform: string) {
  const repo = repositoryFrom({ Dockerfile: content, "go.mod": "module example.com/agent\n\ngo 1.22\n", "main.go": "package main\n" });
  const engine = new RuleEngine(DOCKER_RULES, { world, worldKnown: true, context: true });
  const outcome = simulateDockerfile(engine, repo, { worldKnown: true }, { file: "Dockerfile", contextDir: ".", run: false, platform });
  return { outcome, df103: engine.current().filter((d) => d.code === "DF103") };
}

describe("goTarget", () => {
  it("takes GOOS and GOARCH, else the platform the toolchain runs on", () => {
    expect(goTarget(new Map([["GOARCH", "arm64"]]), "linux/amd64")).toBe("linux/arm64");
    expect(goTarget(new Map([["GOOS", "windows"], ["GOARCH", "amd64"]]), "linux/arm64")).toBe("windows/amd64");
    expect(goTarget(new Map(), "linux/arm64/v8")).toBe("linux/arm64");
  });

  it("reads an empty GOARCH (an ARG never declared in the stage) as the toolchain's own, as go does", () => {
    expect(goTarget(new Map([["GOARCH", ""], ["GOOS", ""]]), "linux/amd64")).toBe("linux/amd64");
  });

  it("says nothing without a platform to fall back on", () => {
    expect(goTarget(undefined, undefined)).toBeUndefined();
    expect(goTarget(new Map([["GOARCH", "arm64"]]), "")).toBeUndefined();
  });
});

describe("foreignBinary", () => {
  it("compares OS and architecture, not the variant", () => {
    expect(foreignBinary("linux/amd64", "linux/arm64")).toBe(true);
    expect(foreignBinary("windows/amd64", "linux/amd64")).toBe(true);
    expect(foreignBinary("linux/arm64", "linux/arm64/v8")).toBe(false);
  });

  it("never calls a program foreign when either platform is unknown", () => {
    expect(foreignBinary(undefined, "linux/arm64")).toBe(false);
    expect(foreignBinary("linux/amd64", undefined)).toBe(false);
  });
});

describe("an image built and pushed for a platform", () => {
  it("refuses an amd64 binary in the arm64 image, with runc's words", () => {
    const { outcome, df103 } = pushedFor(dockerfile("CGO_ENABLED=0 GOARCH=amd64"), "linux/arm64");
    expect(outcome.failed).toBe(true);
    expect(df103.map((d) => d.message)).toEqual(["exec /agent: exec format error"]);
    expect(df103[0]!.line).toBe(10); // the ENTRYPOINT
    expect(df103[0]!.log).toBe("$ docker run --rm --platform linux/arm64 <image>\nexec /agent: exec format error");
  });

  it("accepts the same binary in the amd64 image", () => {
    expect(pushedFor(dockerfile("CGO_ENABLED=0 GOARCH=amd64"), "linux/amd64").df103).toEqual([]);
  });

  it("accepts a cross-compile for the target's own architecture on every platform", () => {
    for (const platform of ["linux/amd64", "linux/arm64"]) {
      expect(pushedFor(dockerfile("CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH"), platform).df103, platform).toEqual([]);
    }
  });

  it("compiles for the build platform when the stage runs there and GOARCH says nothing", () => {
    expect(pushedFor(dockerfile("CGO_ENABLED=0"), "linux/arm64").df103).toHaveLength(1);
    // Without --platform the build stage itself runs on the target (emulated), and so does its go.
    expect(pushedFor(dockerfile("CGO_ENABLED=0", "FROM golang:1.22-alpine AS build"), "linux/arm64").df103).toEqual([]);
  });
});

describe("docker run on the runner (linux/amd64)", () => {
  it("refuses a program cross-compiled for arm64", () => {
    const result = simulateRepository(repositoryFrom({ Dockerfile: dockerfile("GOARCH=arm64"), "go.mod": "module example.com/agent\n", "main.go": "" }), world, { worldKnown: true, context: true });
    const df103 = result.diagnostics.filter((d) => d.code === "DF103");
    expect(df103.map((d) => d.message)).toEqual(["exec /agent: exec format error"]);
  });

  it("runs a program compiled for the runner", () => {
    const result = simulateRepository(repositoryFrom({ Dockerfile: dockerfile("GOARCH=amd64"), "go.mod": "module example.com/agent\n", "main.go": "" }), world, { worldKnown: true, context: true });
    expect(result.diagnostics.filter((d) => d.code === "DF103")).toEqual([]);
  });
});
