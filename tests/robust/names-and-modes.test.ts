/**
 * File names and modes no file system or repository has are failed actions that change nothing: NUL and other
 * control characters in a path (NUL ends a name for every OS), invisible characters (`\uFEFFDockerfile` is
 * another file than Dockerfile that looks the same: trim() used to drop the mark and edit Dockerfile), and a
 * patch's mode that is not a regular file's (`new mode 777777777`), refused in git apply's words.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

function expectFailed(action: Action, message: string): void {
  const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "ep");
  const before = episode.state();
  const answer = episode.step(action).observation;
  expect(answer.last_action_error).toContain(message);
  expect(episode.state().files).toEqual(before.files);
  expect(episode.state().failed_actions).toBe(before.failed_actions + 1);
}

const dockerfile = catalog.scenario("typo_filename")!.files["Dockerfile"]!;
const firstLine = (typeof dockerfile === "string" ? dockerfile : dockerfile.content).split("\n")[0]!;
const modify = (name: string) => `--- a/${name}\n+++ b/${name}\n@@ -1 +1 @@\n-${firstLine}\n+${firstLine} AS base\n`;
const create = (name: string) => `--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+x\n`;
const modeChange = (mode: string) => `diff --git a/Dockerfile b/Dockerfile\nold mode 100644\nnew mode ${mode}\n`;

describe("a patch's file names", () => {
  it.each([
    ["NUL in the name of a file it changes", modify("Dock\0erfile"), "file_path 'Dock\\u0000erfile' contains NUL (U+0000): no file system accepts it in a file name"],
    ["NUL in the name of a file it creates", create("x\0y"), "file_path 'x\\u0000y' contains NUL (U+0000)"],
    ["a control character", create("a\u0001b"), "file_path 'a\\u0001b' contains the control character U+0001"],
    ["a byte-order mark before Dockerfile", modify("\uFEFFDockerfile"), "file_path '\\ufeffDockerfile' contains the invisible character U+FEFF: it would name another file than 'Dockerfile' that looks the same"],
    ["a zero-width space in a new name", create("Docker\u200Bfile"), "contains the invisible character U+200B"],
  ])("%s is refused", (_, patch, message) => {
    expectFailed({ action_type: "apply_patch", patch }, message);
  });
});

describe("a patch's modes", () => {
  it.each([
    ["777777777", "error: invalid mode on line 3: 777777777"],
    ["10075x", "error: invalid mode on line 3: 10075x"],
    ["120000", "error: invalid mode on line 3: 120000"],
  ])("new mode %s is refused as git apply does", (mode, message) => {
    expectFailed({ action_type: "apply_patch", patch: modeChange(mode) }, message);
  });

  it("a new file's mode is checked too, and any owner-executable bit is 100755 as in git", () => {
    expectFailed({ action_type: "apply_patch", patch: `diff --git a/x b/x\nnew file mode 999999\n${create("x")}` }, "error: invalid mode on line 2: 999999");
    const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "ep");
    expect(episode.step({ action_type: "apply_patch", patch: modeChange("100777") }).observation.last_action_error).toBeNull();
    expect(episode.state().file_modes["Dockerfile"]).toBe("100755");
  });
});

describe("edit_file's paths", () => {
  it.each([
    ["Dock\0erfile", "contains NUL (U+0000)"],
    ["x\ny", "file_path 'x\\u000ay' contains the control character U+000A"],
    ["\uFEFFDockerfile", "contains the invisible character U+FEFF"],
  ])("%j is refused", (file_path, message) => {
    expectFailed({ action_type: "edit_file", edits: [{ file_path, old_content: "", new_content: "x\n" }] }, message);
  });

  it("spaces around a name are still trimmed", () => {
    const episode = startJudgedEpisode(catalog, { scenario_id: "typo_filename" }, "ep");
    expect(episode.step({ action_type: "edit_file", edits: [{ file_path: " notes.txt\n", old_content: "", new_content: "x\n" }] }).observation.last_action_error).toBeNull();
  });
});
