/**
 * Reading a checkout's commit from .git without git: every layout git leaves (loose ref, packed-refs, detached
 * HEAD, a worktree's gitdir file with its common directory), and "unknown" for anything else.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gitCommit } from "../../server/git-commit.js";

const base = mkdtempSync(path.join(tmpdir(), "breakfix-git-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const A = "0123456789abcdef0123456789abcdef01234567";
const B = "89abcdef0123456789abcdef0123456789abcdef";

/** A directory with the given files (path → content) under it. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(base, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  mkdirSync(root, { recursive: true });
  return root;
}

describe("gitCommit", () => {
  it("follows HEAD to a loose branch ref", () => {
    expect(gitCommit(tree("loose", { ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${A}\n` }))).toBe(A);
  });

  it("finds a packed ref, skipping peeled tag lines", () => {
    const packed = `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/other\n^${A}\n${A} refs/heads/main\n`;
    expect(gitCommit(tree("packed", { ".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": packed }))).toBe(A);
  });

  it("reads a detached HEAD", () => {
    expect(gitCommit(tree("detached", { ".git/HEAD": `${B}\n` }))).toBe(B);
  });

  it("follows a worktree's gitdir file; the branch ref lives in the common directory", () => {
    tree("main-repo", { ".git/refs/heads/feature": `${B}\n`, ".git/worktrees/wt/HEAD": "ref: refs/heads/feature\n", ".git/worktrees/wt/commondir": "../..\n" });
    const worktree = tree("worktree", { ".git": `gitdir: ${path.join(base, "main-repo", ".git", "worktrees", "wt")}\n` });
    expect(gitCommit(worktree)).toBe(B);
    const relative = tree("worktree-relative", { ".git": "gitdir: ../main-repo/.git/worktrees/wt\n" });
    expect(gitCommit(relative)).toBe(B);
  });

  it("is unknown without .git, on an unborn branch, a malformed HEAD or a ref that climbs out", () => {
    expect(gitCommit(tree("plain", { "README.md": "no git here\n" }))).toBeUndefined();
    expect(gitCommit(tree("unborn", { ".git/HEAD": "ref: refs/heads/main\n" }))).toBeUndefined();
    expect(gitCommit(tree("garbage", { ".git/HEAD": "not a ref\n" }))).toBeUndefined();
    expect(gitCommit(tree("short", { ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": "abc123\n" }))).toBeUndefined();
    expect(gitCommit(tree("climbing", { ".git/HEAD": "ref: refs/../../secret\n", secret: `${A}\n` }))).toBeUndefined();
    expect(gitCommit(tree("dangling", { ".git": "gitdir: /no/such/dir\n" }))).toBeUndefined();
  });
});
