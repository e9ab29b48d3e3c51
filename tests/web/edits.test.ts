/**
 * The playground turns editor changes into actions; here those actions go through the real engine and must
 * produce exactly what the user typed, for any text (a property test over files full of repeated lines, where
 * a careless old_content would match twice). Also the quick-start reader of the README.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionSchema, type EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { EXECUTABLE, REGULAR, repositoryFrom, type Repository } from "../../simulators/repository.js";
import { actionFor, changedFiles, minimalEdit, type FileChange } from "../../web/edits.js";
import { readmeSection } from "../../web/readme.js";

function apply(repo: Repository, action: Record<string, unknown>): Repository {
  const parsed = ActionSchema.parse(action) as EditAction;
  const outcome = applyEditAction(repo, parsed);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.repo;
}

const change = (before: string | null, after: string, modeAfter: "100644" | "100755" = "100644"): FileChange => ({
  path: "app/Dockerfile",
  before,
  after,
  modeBefore: "100644",
  modeAfter,
});

describe("edits from the editor", () => {
  it("edit_file carries the changed lines only, widened until they occur once", () => {
    expect(minimalEdit("FROM x\nCOPY requirments.txt .\nRUN y\n", "FROM x\nCOPY requirements.txt .\nRUN y\n")).toEqual({
      old_content: "COPY requirments.txt .",
      new_content: "COPY requirements.txt .",
    });
    // "RUN a" occurs twice: the edit takes in the line before it.
    expect(minimalEdit("FROM x\nRUN a\nFROM y\nRUN a\n", "FROM x\nRUN a\nFROM y\nRUN b\n")).toEqual({ old_content: "FROM y\nRUN a", new_content: "FROM y\nRUN b" });
    // A pure insertion has no old text of its own: it takes in a neighbour.
    expect(minimalEdit("a\nc\n", "a\nb\nc\n")).toEqual({ old_content: "a", new_content: "a\nb" });
  });

  it("any change, sent as edit_file or as apply_patch, gives exactly the editor's text through the engine", () => {
    const text = fc.array(fc.constantFrom("RUN a", "RUN b", "RUN ab", "a", "  - uses: x", "", "COPY . ."), { maxLength: 12 }).chain((lines) => fc.constantFrom(lines.join("\n"), `${lines.join("\n")}\n`));
    fc.assert(
      fc.property(text, text, (before, after) => {
        fc.pre(before !== after);
        const repo = repositoryFrom({ "app/Dockerfile": before });
        for (const kind of ["edit_file", "apply_patch"] as const) {
          const { action } = actionFor([change(before, after)], kind);
          expect(apply(repo, action).get("app/Dockerfile")!.content).toBe(after);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a changed execute bit goes out as apply_patch with git's mode lines; a new file as an edit that creates it", () => {
    const repo = repositoryFrom({ "app/Dockerfile": "echo hi\n" });
    const modeOnly = actionFor([change("echo hi\n", "echo hi\n", "100755")], "edit_file");
    expect(modeOnly.kind).toBe("apply_patch");
    expect(modeOnly.action.patch).toContain("old mode 100644\nnew mode 100755");
    expect(apply(repo, modeOnly.action).get("app/Dockerfile")).toEqual({ content: "echo hi\n", mode: EXECUTABLE });
    const both = actionFor([change("echo hi\n", "echo hello\n", "100755")], "edit_file");
    expect(apply(repo, both.action).get("app/Dockerfile")).toEqual({ content: "echo hello\n", mode: EXECUTABLE });

    const created = { path: "k8s/configmap.yaml", before: null, after: "kind: ConfigMap\n", modeBefore: "100644", modeAfter: "100644" } as const;
    for (const kind of ["edit_file", "apply_patch"] as const) {
      expect(apply(repo, actionFor([created], kind).action).get("k8s/configmap.yaml")).toEqual({ content: "kind: ConfigMap\n", mode: REGULAR });
    }
    // Text in an existing empty file cannot be an edit_file (its old text would be ""): a patch says it.
    const empty = repositoryFrom({ "app/Dockerfile": "" });
    const filled = actionFor([change("", "FROM x\n")], "edit_file");
    expect(filled.kind).toBe("apply_patch");
    expect(apply(empty, filled.action).get("app/Dockerfile")!.content).toBe("FROM x\n");
  });

  it("several files in one action, in path order; unchanged drafts are left out", () => {
    const changes = changedFiles(
      { b: "1\n", a: "x\n", c: "same\n" },
      {},
      new Map([
        ["b", { content: "2\n", mode: "100644" as const }],
        ["a", { content: "y\n", mode: "100644" as const }],
        ["c", { content: "same\n", mode: "100644" as const }],
      ]),
    );
    expect(changes.map((c) => c.path)).toEqual(["a", "b"]);
    const { action } = actionFor(changes, "edit_file");
    expect(action).toEqual({ action_type: "edit_file", edits: [{ file_path: "a", old_content: "x", new_content: "y" }, { file_path: "b", old_content: "1", new_content: "2" }] });
  });
});

describe("the README's quick starts, as the Connect view reads them", () => {
  it("has a Quick starts section with an OpenEnv Python client and an MCP client config", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readmeSection(readme, "Quick starts")!;
    expect(section).toContain("GenericEnvClient");
    expect(section).toContain('"mcpServers"');
    expect(section).not.toContain("## Tasks");
  });
});
