/**
 * Build contexts cost what they hold: made once per repository and directory, however many Dockerfiles share
 * the tree, and a COPY reads the files it copies. Their glob matching is bounded by the simulation's budget,
 * and a simulation costs the same whether a context was made before or not.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import type { RepoFile } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";
import { MAX_GLOB_STEPS } from "../../contracts/limits.js";
import { repositoryFrom } from "../repository.js";
import { buildContext, matchSource } from "./context.js";

/** A repository that counts how often something walks all of it. */
class CountingRepository extends Map<string, RepoFile> {
  walks = 0;
  override keys() {
    this.walks++;
    return super.keys();
  }
  override entries() {
    this.walks++;
    return super.entries();
  }
  override [Symbol.iterator]() {
    this.walks++;
    return super[Symbol.iterator]();
  }
}

function tree(services: number): CountingRepository {
  const repo = new CountingRepository();
  const file = (content: string): RepoFile => ({ content, mode: 0o644 });
  for (let i = 0; i < services; i++) {
    repo.set(`services/s${i}/Dockerfile`, file("FROM node:20-alpine\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY src/ ./src/\nCMD [\"node\", \"src/server.js\"]\n"));
    repo.set(`services/s${i}/package.json`, file("{}\n"));
    repo.set(`services/s${i}/package-lock.json`, file("{}\n"));
    repo.set(`services/s${i}/src/server.js`, file("\n"));
  }
  return repo;
}

describe("build contexts", () => {
  it("are made once per directory, not once per Dockerfile: walks of the repository do not grow with the tree", () => {
    const walks = [20, 80].map((n) => {
      const repo = tree(n);
      const result = simulateRepository(repo, EMPTY_WORLD, { worldKnown: false, context: true });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      return repo.walks;
    });
    expect(walks[1]).toBe(walks[0]);
  });

  it("are shared by the Dockerfiles of one directory", () => {
    const repo = tree(2);
    expect(buildContext(repo, "services/s1")).toBe(buildContext(repo, "services/s1"));
    expect([...buildContext(repo, "services/s1").files.keys()]).toEqual(["Dockerfile", "package-lock.json", "package.json", "src/server.js"]);
  });

  it("give a COPY of a directory or a pattern the files under it, and nothing else", () => {
    const context = buildContext(tree(3), "services");
    expect(matchSource(context, "s1/src").map((m) => m.rel)).toEqual(["s1/src/server.js"]);
    expect(matchSource(context, "s2/*.json").map((m) => m.rel)).toEqual(["s2/package-lock.json", "s2/package.json"]);
    expect(matchSource(context, "s1").length).toBe(4);
    expect(matchSource(context, ".").length).toBe(12);
  });

  it("give a wildcard COPY the contents of a directory it matches, as BuildKit copies them, and `**` no more than `*`", () => {
    const context = buildContext(repositoryFrom({ "src/app.py": "", "src/lib/util.py": "", "setup.py": "" }), ".");
    expect(matchSource(context, "sr*")).toEqual([
      { rel: "src/app.py", base: "src" },
      { rel: "src/lib/util.py", base: "src" },
    ]);
    expect(matchSource(context, "src/*.py")).toEqual([{ rel: "src/app.py", base: "src" }]);
    expect(matchSource(context, "**/*.py").map((m) => m.rel)).toEqual(["src/app.py"]);
    expect(() => matchSource(context, "[abc")).toThrow("syntax error in pattern");
  });
});

describe("glob cost in a build", () => {
  const names = Array.from({ length: 150 }, (_, i) => `${"a".repeat(900)}${i}`);
  const files = Object.fromEntries(names.map((n) => [n, "x\n"]));
  const ignore = Array.from({ length: 2_000 }, (_, i) => `*a*a*a*a*a*a*b*${i}*`).join("\n");
  const repo = () => repositoryFrom({ ...files, Dockerfile: "FROM alpine:3.20\nCOPY a* /data/\n", ".dockerignore": ignore });

  it(`stops a .dockerignore that would take more than MAX_GLOB_STEPS (${MAX_GLOB_STEPS}) steps at once, saying so`, () => {
    const started = performance.now();
    const result = simulateRepository(repo(), EMPTY_WORLD, { worldKnown: false, context: true });
    expect(performance.now() - started).toBeLessThan(1_000);
    const finding = result.diagnostics.find((d) => d.code === "DF015");
    expect(finding?.message).toContain(`more than ${MAX_GLOB_STEPS} steps (MAX_GLOB_STEPS)`);
    expect(finding?.file).toBe(".dockerignore");
  });

  it("costs a simulation the same whether its context was made before or not", () => {
    const shared = repo();
    const first = simulateRepository(shared, EMPTY_WORLD, { worldKnown: false, context: true }).diagnostics;
    const again = simulateRepository(shared, EMPTY_WORLD, { worldKnown: false, context: true }).diagnostics;
    expect(again).toEqual(first);
    const light = repositoryFrom({ ...files, Dockerfile: "FROM alpine:3.20\nCOPY a* /data/\n", ".dockerignore": "*.log\n" });
    const copied = simulateRepository(light, EMPTY_WORLD, { worldKnown: false, context: true });
    expect(copied.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(simulateRepository(light, EMPTY_WORLD, { worldKnown: false, context: true }).diagnostics).toEqual(copied.diagnostics);
  });
});
