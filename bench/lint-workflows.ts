/**
 * The workflow figures of `npm run bench`: `breakfix lint` of 1,500 workflows, as repositories (copies of the
 * clean workflow repository of tests/fixtures, each with its support files, linted as one tree and as 1,500
 * named files) and as a loose folder of workflow files (a corpus kept outside any repository). Every one is
 * clean, so the error count says the figure measured what it should.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { lintTargets } from "../server/cli/lint.js";
import { collectTargets } from "../server/cli/lint-files.js";

const CORPUS = path.join(import.meta.dirname, "..", "tests", "fixtures", "lint-clean", "workflow-repo");
const WORKFLOWS_DIR = path.join(".github", "workflows");

/** The corpus's workflows by name, and every other file of its repository by path. */
function readCorpus(): { workflows: [string, string][]; support: [string, string][] } {
  const workflows: [string, string][] = [];
  const support: [string, string][] = [];
  const visit = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(CORPUS, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (path.dirname(child) === WORKFLOWS_DIR) workflows.push([entry.name, fs.readFileSync(path.join(CORPUS, child), "utf8")]);
      else support.push([child, fs.readFileSync(path.join(CORPUS, child), "utf8")]);
    }
  };
  visit("");
  return { workflows: workflows.sort(), support };
}

function write(root: string, rel: string, content: string): string {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/**
 * `count` workflows under a fresh temporary directory: `repos/repo-N/` repositories of `perRepo` workflows each
 * (the corpus's, then copies of its first under new names), and the same workflows loose under `loose/`.
 */
export function writeWorkflowTree(count: number, perRepo: number): { root: string; files: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "breakfix-bench-workflows-"));
  const { workflows, support } = readCorpus();
  const files: string[] = [];
  for (let r = 0; r * perRepo < count; r++) {
    const repo = path.join("repos", `repo-${String(r).padStart(4, "0")}`);
    fs.mkdirSync(path.join(root, repo, ".git"), { recursive: true });
    for (const [rel, content] of support) write(root, path.join(repo, rel), content);
    for (let i = 0; i < perRepo && r * perRepo + i < count; i++) {
      const [name, content] = i < workflows.length ? workflows[i]! : [`extra-${i}.yml`, workflows[0]![1]];
      files.push(write(root, path.join(repo, WORKFLOWS_DIR, name), content));
      write(root, path.join("loose", `${r}-${name}`), content);
    }
  }
  return { root, files };
}

/** Milliseconds and errors of one lint of `paths` (relative to `root`). */
function timeLint(root: string, paths: readonly string[]): { ms: number; errors: number } {
  const start = performance.now();
  const diagnostics = lintTargets(collectTargets(paths, root), root, "auto", undefined, () => undefined);
  return { ms: performance.now() - start, errors: diagnostics.filter((d) => d.severity === "error").length };
}

export interface WorkflowLintFigures {
  workflows: number;
  repositories: number;
  /** `breakfix lint repos/`: every repository whole. */
  tree: number;
  /** `breakfix lint repos/*\/.github/workflows/*.yml`: each workflow named, its repository loaded for it. */
  named: number;
  /** `breakfix lint loose/`: the workflows outside any repository. */
  loose: number;
  errors: number;
}

/** Lints `count` workflows each way, the faster of `rounds` runs each (the machine is shared), and removes them. */
export function workflowLintFigures(count: number, rounds = 2, perRepo = 15): WorkflowLintFigures {
  const { root, files } = writeWorkflowTree(count, perRepo);
  try {
    const named = files.map((f) => path.relative(root, f));
    const runs = { tree: [["repos"]], named: [named], loose: [["loose"]] } as const;
    const best: Record<string, number> = {};
    let errors = 0;
    for (const [name, [paths]] of Object.entries(runs)) {
      const times = Array.from({ length: rounds }, () => timeLint(root, paths));
      best[name] = Math.min(...times.map((t) => t.ms));
      errors += times.reduce((n, t) => n + t.errors, 0);
    }
    return { workflows: files.length, repositories: Math.ceil(count / perRepo), tree: best["tree"]!, named: best["named"]!, loose: best["loose"]!, errors };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
