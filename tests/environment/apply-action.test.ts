/** Edit actions: exact semantics, clear reasons for failures, and failures that change nothing. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { repositoryFrom } from "../../simulators/repository.js";

const repo = repositoryFrom({
  Dockerfile: "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nCMD [\"python\", \"app.py\"]\n",
  "app.py": "print('hi')\nprint('hi')\n",
  "entrypoint.sh": { content: "#!/bin/sh\nexec \"$@\"\n", mode: 0o644 },
});

function content(action: EditAction, file = "Dockerfile"): string {
  const out = applyEditAction(repo, action);
  if (!out.ok) throw new Error(out.error);
  return out.repo.get(file)!.content;
}

function error(action: EditAction): string {
  const out = applyEditAction(repo, action);
  if (out.ok) throw new Error("expected a failure");
  return out.error;
}

describe("line actions", () => {
  it("replace_line replaces exactly that line", () => {
    expect(content({ action_type: "replace_line", file_path: "Dockerfile", line_number: 2, new_content: "WORKDIR /srv" })).toBe(
      "FROM python:3.12-slim\nWORKDIR /srv\nCOPY . .\nCMD [\"python\", \"app.py\"]\n",
    );
  });

  it("add_line makes the content that line number, and last + 1 appends", () => {
    expect(content({ action_type: "add_line", file_path: "Dockerfile", line_number: 1, content: "# syntax=docker/dockerfile:1" }).split("\n")[0]).toBe("# syntax=docker/dockerfile:1");
    expect(content({ action_type: "add_line", file_path: "Dockerfile", line_number: 5, content: "EXPOSE 8000" })).toMatch(/app.py"\]\nEXPOSE 8000\n$/);
  });

  it("delete_line and delete_block remove the lines, inclusive", () => {
    expect(content({ action_type: "delete_line", file_path: "Dockerfile", line_number: 3 })).not.toContain("COPY");
    expect(content({ action_type: "delete_block", file_path: "Dockerfile", start_line: 2, end_line: 3 })).toBe("FROM python:3.12-slim\nCMD [\"python\", \"app.py\"]\n");
  });

  it("add_block inserts several lines", () => {
    const out = content({ action_type: "add_block", file_path: "Dockerfile", line_number: 3, content: "COPY requirements.txt .\nRUN pip install -r requirements.txt\n" });
    expect(out.split("\n").slice(2, 5)).toEqual(["COPY requirements.txt .", "RUN pip install -r requirements.txt", "COPY . ."]);
  });

  it.each([
    [{ action_type: "replace_line", file_path: "Dockerfile", line_number: 5, new_content: "x" }, "line_number 5 is out of range for Dockerfile, which has 4 lines (valid: 1 to 4)"],
    [{ action_type: "add_line", file_path: "Dockerfile", line_number: 6, content: "x" }, "valid: 1 to 5"],
    [{ action_type: "delete_block", file_path: "Dockerfile", start_line: 3, end_line: 2 }, "start_line 3 is after end_line 2"],
    [{ action_type: "delete_line", file_path: "Dockerfile", line_number: 999999 }, "out of range"],
  ] as Array<[EditAction, string]>)("refuses %j", (action, message) => {
    expect(error(action)).toContain(message);
  });
});

describe("edit_file", () => {
  it("replaces an exact single match", () => {
    expect(content({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "WORKDIR /app", new_content: "WORKDIR /srv" }] })).toContain("WORKDIR /srv");
  });

  it("creates a file from an empty old_content", () => {
    expect(content({ action_type: "edit_file", edits: [{ file_path: "requirements.txt", old_content: "", new_content: "flask\n" }] }, "requirements.txt")).toBe("flask\n");
  });

  it("refuses no match, an ambiguous match and a missing file, saying why", () => {
    expect(error({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "WORKDIR /nope", new_content: "" }] })).toBe("old_content was not found in Dockerfile");
    expect(error({ action_type: "edit_file", edits: [{ file_path: "app.py", old_content: "print('hi')", new_content: "" }] })).toContain("matches 2 times in app.py (lines 1, 2)");
    expect(error({ action_type: "edit_file", edits: [{ file_path: "main.py", old_content: "x", new_content: "y" }] })).toContain("file 'main.py' does not exist");
  });

  it("points at a near miss that differs only in whitespace", () => {
    expect(error({ action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "WORKDIR  /app", new_content: "" }] })).toContain("up to whitespace is at line 2");
  });

  it("applies several edits all or nothing", () => {
    const out = applyEditAction(repo, {
      action_type: "edit_file",
      edits: [
        { file_path: "Dockerfile", old_content: "WORKDIR /app", new_content: "WORKDIR /srv" },
        { file_path: "Dockerfile", old_content: "not there", new_content: "" },
      ],
    });
    expect(out).toEqual({ ok: false, error: "edit 2: old_content was not found in Dockerfile" });
  });
});

describe("paths", () => {
  it.each(["../../etc/passwd", "/etc/passwd", "a/../../b", "C:/Windows/system.ini", ""])("refuses %j", (p) => {
    const out = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path: p, old_content: "", new_content: "x" }] });
    expect(out.ok).toBe(false);
  });

  it("normalises ./ and //", () => {
    expect(content({ action_type: "replace_line", file_path: ".//Dockerfile", line_number: 1, new_content: "FROM python:3.12" })).toMatch(/^FROM python:3.12\n/);
  });
});

describe("apply_patch", () => {
  it("applies a git diff with a mode change and a content change", () => {
    const out = applyEditAction(repo, {
      action_type: "apply_patch",
      patch:
        "diff --git a/entrypoint.sh b/entrypoint.sh\nold mode 100644\nnew mode 100755\n" +
        "diff --git a/Dockerfile b/Dockerfile\n--- a/Dockerfile\n+++ b/Dockerfile\n@@ -1,2 +1,2 @@\n FROM python:3.12-slim\n-WORKDIR /app\n+WORKDIR /srv\n",
    });
    if (!out.ok) throw new Error(out.error);
    expect(out.repo.get("entrypoint.sh")!.mode).toBe(0o755);
    expect(out.repo.get("Dockerfile")!.content).toContain("WORKDIR /srv");
  });

  it("creates and deletes files", () => {
    const out = applyEditAction(repo, {
      action_type: "apply_patch",
      patch: "--- /dev/null\n+++ b/.dockerignore\n@@ -0,0 +1 @@\n+.git\n--- a/app.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-print('hi')\n-print('hi')\n",
    });
    if (!out.ok) throw new Error(out.error);
    expect(out.repo.get(".dockerignore")!.content).toBe(".git\n");
    expect(out.repo.has("app.py")).toBe(false);
  });

  it.each([
    ["garbage", "changes nothing"],
    ["--- a/Dockerfile\n+++ b/Dockerfile\n@@ -1 +1 @@\nfoo\n", "not a valid unified diff"],
    ["--- a/Dockerfile\n+++ b/Dockerfile\n@@ -1,1 +1,1 @@\n-FROM node\n+FROM python\n", "does not apply to Dockerfile"],
    ["--- a/../../etc/passwd\n+++ b/../../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n", "leaves the repository"],
    ["nothing to see here\n", "changes nothing"],
  ])("refuses %j", (patch, message) => {
    expect(error({ action_type: "apply_patch", patch })).toContain(message);
  });
});

describe("properties", () => {
  const anyAction = fc.oneof(
    fc.record({ action_type: fc.constant("replace_line" as const), file_path: fc.constantFrom("Dockerfile", "app.py", "nope", "../x"), line_number: fc.integer({ min: 1, max: 8 }), new_content: fc.string() }),
    fc.record({ action_type: fc.constant("delete_block" as const), file_path: fc.constantFrom("Dockerfile", "app.py"), start_line: fc.integer({ min: 1, max: 8 }), end_line: fc.integer({ min: 1, max: 8 }) }),
    fc.record({ action_type: fc.constant("apply_patch" as const), patch: fc.string({ minLength: 1 }) }),
    fc.record({
      action_type: fc.constant("edit_file" as const),
      edits: fc.array(fc.record({ file_path: fc.constantFrom("Dockerfile", "app.py", "new.txt"), old_content: fc.string({ maxLength: 12 }), new_content: fc.string() }), { minLength: 1, maxLength: 3 }),
    }),
  );

  it("never throws, and a failed action leaves the repository untouched", () => {
    fc.assert(
      fc.property(anyAction, (action) => {
        const out = applyEditAction(repo, action as EditAction);
        if (!out.ok) expect(out.error.length).toBeGreaterThan(0);
        expect(repo.get("Dockerfile")!.content).toContain("WORKDIR /app");
      }),
      { numRuns: 500 },
    );
  });

  it("add_line then delete_line at the same number restores the file", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.string().filter((s) => !s.includes("\n")), (n, text) => {
        const added = applyEditAction(repo, { action_type: "add_line", file_path: "Dockerfile", line_number: n, content: text });
        if (!added.ok) throw new Error(added.error);
        const removed = applyEditAction(added.repo, { action_type: "delete_line", file_path: "Dockerfile", line_number: n });
        if (!removed.ok) throw new Error(removed.error);
        expect(removed.repo.get("Dockerfile")!.content).toBe(repo.get("Dockerfile")!.content);
      }),
    );
  });
});
