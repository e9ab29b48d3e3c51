/** Cache exports and imports are told apart by the backend and location they name, not by their wording. */
import { describe, expect, it } from "vitest";
import { cacheBackend, cacheBackends } from "./cache-backends.js";

describe("a cache entry's backend", () => {
  it("is the same whatever the mode, compression or attribute order", () => {
    expect(cacheBackend("type=gha,mode=max,scope=api")).toBe("gha scope=api");
    expect(cacheBackend("scope=api, type=GHA, mode=min, compression=zstd")).toBe("gha scope=api");
    expect(cacheBackend("type=gha")).toBe(cacheBackend("type=gha,scope=buildkit"));
  });

  it("tells the GitHub Actions cache from an inline one, and one scope or ref from another", () => {
    expect(cacheBackend("type=inline")).toBe("inline");
    expect(cacheBackend("type=gha,scope=api")).not.toBe(cacheBackend("type=gha,scope=web"));
    expect(cacheBackend("type=registry,ref=ghcr.io/acme/api:cache,mode=max")).toBe("registry ref=ghcr.io/acme/api:cache");
    expect(cacheBackend("ghcr.io/acme/api:cache")).toBe("registry ref=ghcr.io/acme/api:cache");
    expect(cacheBackend("type=local,dest=/tmp/.buildx-cache")).toBe("local dest=/tmp/.buildx-cache");
  });

  it("is unknown for an entry with no type, a type buildx does not have, a broken field or an expression", () => {
    for (const entry of ["mode=max", "type=floppy,dest=a", "type=gha,,=x", "type=gha,scope", "${{ env.CACHE }}", "  "]) expect(cacheBackend(entry), entry).toBe("unknown");
  });

  it("reads one entry per line of the action's input", () => {
    expect(cacheBackends("type=gha,scope=api\n\n  type=registry,ref=acme/api:cache\n")).toEqual(["gha scope=api", "registry ref=acme/api:cache"]);
    expect(cacheBackends("")).toEqual([]);
  });
});
