/** COPY --from sources: an exact path takes its tree, a wildcard matches one segment per `*` as BuildKit does. */
import { describe, expect, it } from "vitest";
import type { FsEntry } from "./image.js";
import { matchesPattern, stageEntries } from "./stage-paths.js";

const file: FsEntry = { type: "file", owner: "root", mode: 0o644 };
const dir: FsEntry = { type: "dir", owner: "root", mode: 0o755 };
const fs = new Map<string, FsEntry>([
  ["/build/target", dir],
  ["/build/target/ledger-1.4.0.jar", file],
  ["/build/target/ledger-1.4.0.jar.original", file],
  ["/build/target/classes", dir],
  ["/build/target/classes/App.class", file],
]);

describe("stage paths", () => {
  it("matches `*` within one segment only", () => {
    expect(matchesPattern("/build/target/*.jar", "/build/target/ledger-1.4.0.jar")).toBe(true);
    expect(matchesPattern("/build/target/*.jar", "/build/target/ledger-1.4.0.jar.original")).toBe(false);
    expect(matchesPattern("/build/*.jar", "/build/target/ledger-1.4.0.jar")).toBe(false);
    expect(matchesPattern("/build/target/ledger-?.?.?.jar", "/build/target/ledger-1.4.0.jar")).toBe(true);
    expect(matchesPattern("/build/target/[lm]*.jar", "/build/target/ledger-1.4.0.jar")).toBe(true);
    expect(matchesPattern("/build/target/[!l]*.jar", "/build/target/ledger-1.4.0.jar")).toBe(false);
  });

  it("takes a wildcard's matches, each with its own root", () => {
    expect(stageEntries(fs, "/build/target/*.jar", true)).toEqual([{ path: "/build/target/ledger-1.4.0.jar", entry: file, root: "/build/target/ledger-1.4.0.jar" }]);
    expect(stageEntries(fs, "/build/target/*", true).map((e) => e.root)).toContain("/build/target/classes");
  });

  it("takes an exact path's whole tree, and nothing for a path that is not there", () => {
    expect(stageEntries(fs, "/build/target/classes", false).map((e) => e.path)).toEqual(["/build/target/classes", "/build/target/classes/App.class"]);
    expect(stageEntries(fs, "/build/out", false)).toEqual([]);
    expect(stageEntries(fs, "/build/target/*.war", true)).toEqual([]);
  });
});
