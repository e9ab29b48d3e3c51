/**
 * git over the episode's repository: `git diff` (the episode's changes to the files it started from, as git
 * prints them), `git status`, `git ls-files`, and `git log`, which has one commit: a scenario's repository
 * comes without history, and inventing one would put facts in the world that are not there.
 */
import { structuredPatch } from "diff";
import { createHash } from "node:crypto";
import type { Repository } from "../repository.js";
import { gitMode } from "../repository.js";
import type { CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import { joinLines } from "./text.js";

export const GIT_SUPPORTED = ["git diff [--stat] [--name-only] [PATH...]", "git status", "git log", "git ls-files"];

function changedPaths(start: Repository, now: Repository, only: readonly string[]): string[] {
  const paths = [...new Set([...start.keys(), ...now.keys()])].sort();
  const wanted = (p: string) => only.length === 0 || only.some((o) => p === o.replace(/\/$/, "") || p.startsWith(`${o.replace(/\/$/, "")}/`));
  return paths.filter((p) => wanted(p) && (start.get(p)?.content !== now.get(p)?.content || start.get(p)?.mode !== now.get(p)?.mode));
}

function blobId(content: string): string {
  return createHash("sha1").update(`blob ${Buffer.byteLength(content, "utf8")}\0${content}`).digest("hex").slice(0, 7);
}

function fileDiff(p: string, before: { content: string; mode: number } | undefined, after: { content: string; mode: number } | undefined): string {
  const lines = [`diff --git a/${p} b/${p}`];
  const oldMode = before ? gitMode(before.mode) : null;
  const newMode = after ? gitMode(after.mode) : null;
  if (!before) lines.push(`new file mode ${newMode}`);
  else if (!after) lines.push(`deleted file mode ${oldMode}`);
  else if (oldMode !== newMode) lines.push(`old mode ${oldMode}`, `new mode ${newMode}`);
  const oldText = before?.content ?? "";
  const newText = after?.content ?? "";
  if (oldText === newText) return joinLines(lines);
  lines.push(`index ${before ? blobId(oldText) : "0000000"}..${after ? blobId(newText) : "0000000"}${before && after && oldMode === newMode ? ` ${oldMode}` : ""}`);
  lines.push(`--- ${before ? `a/${p}` : "/dev/null"}`, `+++ ${after ? `b/${p}` : "/dev/null"}`);
  const patch = structuredPatch(p, p, oldText, newText, "", "", { context: 3 });
  for (const h of patch.hunks) {
    const range = (start: number, count: number) => (count === 1 ? `${start}` : `${count === 0 ? start : start},${count}`);
    lines.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines);
  }
  return joinLines(lines);
}

export function git(argv: readonly string[], ctx: InspectionContext): CommandOutput {
  const [, sub, ...rest] = argv;
  const { start, repo } = ctx.input;
  switch (sub) {
    case "diff": {
      const flags = rest.filter((a) => a.startsWith("-") && a !== "--");
      const paths = rest.filter((a) => !a.startsWith("-") && a !== "HEAD");
      const unknown = flags.find((f) => !["--stat", "--name-only", "--name-status", "--cached", "--staged", "--no-color"].includes(f));
      if (unknown) return failed(`error: invalid option: ${unknown}\n`, 129);
      const changed = changedPaths(start, repo, paths);
      if (flags.includes("--name-only")) return ok(joinLines(changed));
      if (flags.includes("--name-status")) return ok(joinLines(changed.map((p) => `${!start.has(p) ? "A" : !repo.has(p) ? "D" : "M"}\t${p}`)));
      if (flags.includes("--stat")) return ok(stat(start, repo, changed));
      return ok(changed.map((p) => fileDiff(p, start.get(p), repo.get(p))).join(""));
    }
    case "status": {
      const changed = changedPaths(start, repo, []);
      if (changed.length === 0) return ok("On branch main\nnothing to commit, working tree clean\n");
      const tracked = changed.filter((p) => start.has(p));
      const untracked = changed.filter((p) => !start.has(p));
      const out = ["On branch main"];
      if (tracked.length > 0) {
        out.push("Changes not staged for commit:", '  (use "git add <file>..." to update what will be committed)', "");
        for (const p of tracked) out.push(`\t${repo.has(p) ? "modified:" : "deleted: "}   ${p}`);
        out.push("");
      }
      if (untracked.length > 0) {
        out.push("Untracked files:", '  (use "git add <file>..." to include in what will be committed)', "", ...untracked.map((p) => `\t${p}`), "");
      }
      out.push('no changes added to commit (use "git add" and/or "git commit -a")');
      return ok(joinLines(out));
    }
    case "ls-files":
      return ok(joinLines([...repo.keys()].sort()));
    case "log": {
      const id = createHash("sha1").update([...start].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, f]) => `${p}\0${f.content}`).join("\0")).digest("hex");
      const oneline = rest.includes("--oneline");
      if (oneline) return ok(`${id.slice(0, 7)} (HEAD -> main) the repository as the episode found it\n`);
      return ok(
        joinLines([
          `commit ${id} (HEAD -> main)`,
          "",
          "    the repository as the episode found it",
          "",
          "    (the scenario has no earlier history: its author, date and previous commits are not part of the simulated world)",
        ]),
      );
    }
    default:
      return failed(`git: '${sub ?? ""}' is not supported here (read-only inspection). Supported: ${GIT_SUPPORTED.join("; ")}\n`, 1);
  }
}

function stat(start: Repository, repo: Repository, changed: readonly string[]): string {
  let insertions = 0;
  let deletions = 0;
  const rows = changed.map((p) => {
    const patch = structuredPatch(p, p, start.get(p)?.content ?? "", repo.get(p)?.content ?? "", "", "");
    const plus = patch.hunks.reduce((n, h) => n + h.lines.filter((l) => l.startsWith("+")).length, 0);
    const minus = patch.hunks.reduce((n, h) => n + h.lines.filter((l) => l.startsWith("-")).length, 0);
    insertions += plus;
    deletions += minus;
    return { p, n: plus + minus, bar: "+".repeat(Math.min(plus, 40)) + "-".repeat(Math.min(minus, 40)) };
  });
  const width = Math.max(0, ...rows.map((r) => r.p.length));
  const lines = rows.map((r) => ` ${r.p.padEnd(width)} | ${String(r.n).padStart(2)} ${r.bar}`);
  if (changed.length > 0) {
    lines.push(
      ` ${changed.length} file${changed.length === 1 ? "" : "s"} changed, ${insertions} insertion${insertions === 1 ? "" : "s"}(+), ${deletions} deletion${deletions === 1 ? "" : "s"}(-)`,
    );
  }
  return joinLines(lines);
}
