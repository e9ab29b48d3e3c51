/**
 * The container and the OpenEnv manifest, checked without Docker (none runs on CI): `breakfix lint` finds no
 * error in the project's own Dockerfile with its real build context, and the Dockerfile has what the
 * project promises (multi-stage, lockfile install, non-root, port 8000, a HEALTHCHECK on /health).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { main } from "../server/cli/main.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("the Dockerfile", () => {
  it("passes breakfix lint with its build context (the repository)", async () => {
    let stdout = "";
    const io = { stdout: (t: string) => void (stdout += t), stderr: () => undefined, env: {}, cwd: ROOT };
    const code = await main(["lint", "--format", "json", "--context", ROOT, "Dockerfile"], io);
    const errors = (JSON.parse(stdout) as Array<{ severity: string }>).filter((d) => d.severity === "error");
    expect(errors).toEqual([]);
    expect(code).toBe(0);
  });

  it("builds in one stage and runs the compiled server as a non-root user on port 8000 in another", () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8000$/m);
    expect(dockerfile).toMatch(/BREAKFIX_IN_CONTAINER=1/);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/bin.js", "serve"\]$/m);
    expect(dockerfile).toMatch(/^COPY tasks\/bases \.\/tasks\/bases$/m);
  });

  it("copies every source directory the build compiles, each present in the context and not ignored", () => {
    const build = JSON.parse(readFileSync(path.join(ROOT, "tsconfig.build.json"), "utf8")) as { include: string[] };
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(\S+(?: \S+)*) \S+$/gm)].flatMap((m) => m[1]!.split(" "));
    for (const dir of build.include) expect(copied, `COPY ${dir}`).toContain(dir);
    for (const source of copied) {
      expect(existsSync(path.join(ROOT, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source);
    }
  });
});

describe("openenv.yaml", () => {
  it("declares the space on port 8000 under breakfix's name", () => {
    const manifest = parse(readFileSync(path.join(ROOT, "openenv.yaml"), "utf8"));
    expect(manifest).toMatchObject({ spec_version: 1, name: "breakfix", type: "space", runtime: "node", port: 8000 });
    expect(manifest.description.length).toBeGreaterThan(40);
  });
});
