/**
 * `npm run build` with react-scripts: the bundle lands where BUILD_PATH says, whether the Dockerfile sets it
 * or the package's build script does (npm runs the script through sh, so its `VAR=value` prefix applies).
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../../index.js";
import type { ImageBuiltEvent } from "../events.js";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";

const DOCKERFILE = "FROM node:20-alpine AS builder\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\n";
const pkg = (build: string) => JSON.stringify({ name: "web", version: "1.0.0", scripts: { build } });
const LOCK = JSON.stringify({ name: "web", version: "1.0.0", lockfileVersion: 3, packages: {} });

/** The files of the builder image after `npm run build`. */
function built(build: string): string[] {
  const world = parseWorld({ apps: [{ name: "web", build_output_dir: "build" }] });
  const run = simulateRepository(repositoryFrom({ Dockerfile: DOCKERFILE, "package.json": pkg(build), "package-lock.json": LOCK }), world, { worldKnown: true, context: true });
  const images = run.facts.of<ImageBuiltEvent>("image-built");
  return [...images[images.length - 1]!.event.image.fs].filter(([, e]) => e.type === "file").map(([p]) => p);
}

describe("npm run build with react-scripts", () => {
  it("writes build/ by default", () => {
    expect(built("react-scripts build")).toContain("/app/build/index.html");
  });

  it("writes where the script's own BUILD_PATH prefix says", () => {
    const files = built("BUILD_PATH=dist react-scripts build");
    expect(files).toContain("/app/dist/index.html");
    expect(files).not.toContain("/app/build/index.html");
  });

  it("reads the prefix through cross-env and with quotes", () => {
    expect(built("cross-env BUILD_PATH='out' react-scripts build")).toContain("/app/out/index.html");
  });

  it("runs the script through sh, so what it does after the build counts", () => {
    const moved = built("react-scripts build && mv build dist");
    expect(moved).toContain("/app/dist/index.html");
    expect(moved).not.toContain("/app/build/index.html");
    expect(built("react-scripts build; cp -r build public")).toContain("/app/public/index.html");
    expect(built("true || react-scripts build")).not.toContain("/app/build/index.html");
  });

  it("refuses a build script that runs itself, which would never end", () => {
    const world = parseWorld({ apps: [{ name: "web", build_output_dir: "build" }] });
    const files = { Dockerfile: DOCKERFILE, "package.json": pkg("react-scripts build && npm run build"), "package-lock.json": LOCK };
    const run = simulateRepository(repositoryFrom(files), world, { worldKnown: true, context: true });
    expect(run.diagnostics.map((d) => d.message)).toContain('process "/bin/sh -c npm run build" did not complete successfully: exit code: 1');
  });

  it("says which of cp and mv could not find its source", () => {
    const world = parseWorld({ apps: [{ name: "web", build_output_dir: "build" }] });
    const files = { Dockerfile: DOCKERFILE.replace("RUN npm run build\n", "RUN mv out dist\n"), "package.json": pkg("react-scripts build"), "package-lock.json": LOCK };
    const run = simulateRepository(repositoryFrom(files), world, { worldKnown: true, context: true });
    expect(JSON.stringify(run.facts.since(0))).toContain("mv: cannot stat 'out': No such file or directory");
  });
});
