/**
 * grep's output as GNU grep 3.8 prints it (each expectation was printed by the real grep over the same files):
 * overlapping contexts merged into one group, `--` between groups that do not touch, within a file and from
 * one file to the next, even with -A0; the names a recursive search prints for `/`, `.`, `d/` and no operand;
 * and a context as wide as the file costs the lines printed, not the matches times the context.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { BoundedOutput } from "../../simulators/inspect/output.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const world = catalog.scenario("typo_filename")!.world;
const inRepo = (files: Record<string, string>) => {
  const repo = repositoryFrom(files);
  return (command: string) => inspectRepository(command, { repo, world, start: repo });
};

const lines = (n: number, hit: (i: number) => boolean) => Array.from({ length: n }, (_, i) => (hit(i) ? `hit ${i}` : `line ${i}`)).join("\n") + "\n";

describe("grep's context groups", () => {
  const run = inRepo({ "a.txt": lines(12, (i) => i === 1 || i === 3 || i === 9), "d/b.txt": "x\nhit\ny\nz\nhit\n" });

  it("merges overlapping contexts and sets groups apart with --, across files too", () => {
    expect(run("grep -n -C1 hit a.txt d/b.txt")).toBe(
      "a.txt-1-line 0\na.txt:2:hit 1\na.txt-3-line 2\na.txt:4:hit 3\na.txt-5-line 4\n--\na.txt-9-line 8\na.txt:10:hit 9\na.txt-11-line 10\n--\n" +
        "d/b.txt-1-x\nd/b.txt:2:hit\nd/b.txt-3-y\nd/b.txt-4-z\nd/b.txt:5:hit\n",
    );
    expect(run("grep -A0 hit a.txt")).toBe("hit 1\n--\nhit 3\n--\nhit 9\n");
    expect(run("grep -n hit a.txt")).toBe("2:hit 1\n4:hit 3\n10:hit 9\n");
    expect(run("grep -B 20000 -n 'hit 3' a.txt")).toBe("1-line 0\n2-hit 1\n3-line 2\n4:hit 3\n");
  });

  describe("as wide as the file", () => {
    afterEach(() => vi.restoreAllMocks());

    it("prints each line once, writing once per line printed", () => {
      const big = inRepo({ "big.txt": lines(20_000, () => true) });
      const writes = vi.spyOn(BoundedOutput.prototype, "add");
      // Every line matches: 20,000 matches each with 20,000 lines of context around it.
      expect(big("grep -n -C 20000 hit big.txt | wc -l")).toBe("20000\n");
      const byGrep = writes.mock.calls.length;
      expect(byGrep).toBeLessThanOrEqual(20_000 + 2);
    });
  });
});

describe("the names a recursive grep prints", () => {
  const run = inRepo({ top: "hit\n", "d/e/f": "hit\n" });

  it.each([
    ["grep -r hit", "d/e/f:hit\ntop:hit\n"],
    ["grep -r hit .", "./d/e/f:hit\n./top:hit\n"],
    ["grep -r hit ./", "./d/e/f:hit\n./top:hit\n"],
    ["grep -r hit d/", "d/e/f:hit\n"],
    ["grep -r hit ./d", "./d/e/f:hit\n"],
    ["grep -r hit d/e/..", "d/e/../e/f:hit\n"],
    ["grep -r hit . d", "./d/e/f:hit\n./top:hit\nd/e/f:hit\n"],
    // One file named, even with -r: no name, as GNU grep.
    ["grep -r hit top", "hit\n"],
    ["grep -rc hit top", "1\n"],
  ])("%s", (command, expected) => {
    expect(run(command)).toBe(expected);
  });

  it("on a host, `/` gives absolute paths, `.` ./-paths and no operand paths from /", () => {
    const id = "nginx_misconfiguration";
    const repo: Repository = repositoryFrom(catalog.scenario(id)!.files);
    const look = (command: string) => inspectRepository(command, { repo, world: catalog.scenario(id)!.world, start: repo });
    const shop = "sites-enabled/shop:    listen 80;\n";
    expect(look("grep -r 'listen 80;' /")).toBe(`/etc/nginx/${shop}`);
    expect(look("grep -r 'listen 80;' /etc/nginx/")).toBe(`/etc/nginx/${shop}`);
    expect(look("grep -r 'listen 80;' .")).toBe(`./etc/nginx/${shop}`);
    expect(look("grep -r 'listen 80;'")).toBe(`etc/nginx/${shop}`);
    expect(look("grep -rl 'listen 80;' /etc")).toBe("/etc/nginx/sites-enabled/shop\n");
  });
});
