/**
 * Build contexts cost what they hold: made once per repository and directory, however many Dockerfiles share
 * the tree, and a COPY reads the files it copies.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import type { RepoFile } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";
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
});
