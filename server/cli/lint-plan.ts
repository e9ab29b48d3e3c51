/**
 * How `breakfix lint` splits the files it was given into runs of the pure `lintFiles`. Files are grouped by
 * repository root (lint-roots.ts; files under no root by the folder named on the command line), so that one
 * repository's objects never meet another's. Each run carries what its checks read besides the files asked
 * about: each Dockerfile's build context (its directory, and any a compose file above it names), and, for a workflow under `<root>/.github/workflows/`
 * whose repository was not named whole, that repository's files, which its steps read. A workflow anywhere else
 * has no workspace to read (lintFiles runs it without the workspace checks), and the plan says which they were.
 */
import path from "node:path";
import { detectKind, withoutWorkspace, type LintFile, type LintKind, type LintOptions } from "../../simulators/index.js";
import { isWorkflowPath } from "../../simulators/workflow/index.js";
import { composeContextsFor } from "./lint-compose.js";
import { isDirectory, readFileForLint, walk, type LintTarget } from "./lint-files.js";
import { RepositoryRoots } from "./lint-roots.js";

/** One call of the pure linter: its files under run-relative paths, and how to show each target's path. */
export interface LintRun {
  files: Map<string, LintFile>;
  /** Run-relative path → the user's spelling, for the files whose diagnostics are reported. */
  shown: Map<string, string>;
  options: LintOptions;
}

export interface LintPlan {
  runs: LintRun[];
  /** Workflows linted without a repository's workspace (their steps' file reads unchecked), as the user wrote them. */
  withoutWorkspace: string[];
  /** Targets of no kind breakfix checks (reported as skipped when the user named them). */
  unchecked: LintTarget[];
}

interface Read {
  target: LintTarget;
  content: string;
  mode: number;
  kind: Exclude<LintKind, "auto"> | null;
}

function newRun(options: LintOptions): LintRun {
  return { files: new Map(), shown: new Map(), options };
}

function relative(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join("/");
}

/** Adds a file the checks may read but that is not itself reported. */
function addContext(run: LintRun, rel: string, abs: string): void {
  if (!run.files.has(rel)) run.files.set(rel, { path: rel, ...readFileForLint(abs), check: false });
}

function addTarget(run: LintRun, rel: string, f: Read): void {
  run.files.set(rel, { path: rel, content: f.content, mode: f.mode });
  run.shown.set(rel, f.target.display);
}

/** The deepest directory containing every path (a file counts by its directory). */
export function commonDirectory(paths: readonly string[]): string {
  const dirs = paths.map((p) => (isDirectory(p) ? p : path.dirname(p)).split(path.sep));
  const first = dirs[0] ?? [path.sep];
  let n = first.length;
  for (const parts of dirs) {
    let i = 0;
    while (i < n && parts[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join(path.sep) || path.sep;
}

interface Group {
  root: string | null;
  members: Read[];
}

/** Whether directory `dir` is `ancestor` or lies below it. */
function within(dir: string, ancestor: string): boolean {
  return dir === ancestor || dir.startsWith(ancestor.endsWith(path.sep) ? ancestor : ancestor + path.sep);
}

/**
 * The runs for `targets`. `contextDir`: undefined, each Dockerfile builds with its own directory; null, no build
 * context (`--no-context`); a directory, every Dockerfile builds with that one (`--context DIR`), in one run.
 */
export function planLint(targets: readonly LintTarget[], cwd: string, kind: LintKind, contextDir: string | null | undefined): LintPlan {
  const reads: Read[] = targets.map((t) => {
    const { content, mode } = readFileForLint(t.abs);
    // Kinds are detected on the absolute path, which keeps `.github/workflows/` whatever directory the user is in.
    return { target: t, content, mode, kind: kind === "auto" ? detectKind(t.abs, content) : kind };
  });
  const options: LintOptions = { kind, context: contextDir !== null };
  const plan: LintPlan = { runs: [], withoutWorkspace: [], unchecked: reads.filter((r) => r.kind === null).map((r) => r.target) };

  // Under --context DIR, every Dockerfile builds with DIR's files: one run, the context read once. A Dockerfile
  // outside DIR stands beside it (`../other/Dockerfile`), outside the context, as `docker build -f`.
  const inGivenContext = typeof contextDir === "string" ? reads.filter((r) => r.kind === "dockerfile") : [];
  if (inGivenContext.length > 0) {
    const run = newRun({ ...options, dockerContext: "." });
    for (const rel of walk(contextDir as string)) addContext(run, rel, path.join(contextDir as string, rel));
    for (const f of inGivenContext) addTarget(run, relative(contextDir as string, f.target.abs), f);
    plan.runs.push(run);
  }

  const given = new Set(inGivenContext);
  const roots = new RepositoryRoots();
  const groups = new Map<string, Group>();
  for (const r of reads) {
    if (given.has(r)) continue;
    const root = roots.of(path.dirname(r.target.abs));
    const key = root ?? (r.target.explicit ? path.dirname(r.target.abs) : r.target.from);
    const group = groups.get(key) ?? { root, members: [] };
    group.members.push(r);
    groups.set(key, group);
  }
  // Directories the user named: a repository inside one of them is already loaded whole.
  const named = [...new Set(targets.filter((t) => !t.explicit).map((t) => t.from))];
  for (const group of groups.values()) planGroup(plan, group, cwd, options, contextDir === undefined, named);
  return plan;
}

/** The runs of one repository (or of the loose files of one folder). */
function planGroup(plan: LintPlan, group: Group, cwd: string, options: LintOptions, ownContexts: boolean, named: readonly string[]): void {
  const { root, members } = group;
  const dockerfiles = members.filter((m) => m.kind === "dockerfile").map((m) => m.target.abs);
  // A compose file may build a Dockerfile from another folder (`context: .`, `dockerfile: backend/Dockerfile`).
  const composed = ownContexts && options.context ? composeContextsFor(dockerfiles, root ?? cwd) : { composeFiles: [], contextDirs: [] };
  const contextDirs = ownContexts ? [...new Set([...dockerfiles.map((f) => path.dirname(f)), ...composed.contextDirs])] : [];
  // A repository's paths are relative to its root; loose files keep as much of their path from the working
  // directory as they can, since a folder's name (`k8s/`, `deploy/`) tells what its files are.
  const base = root ?? commonDirectory([cwd, ...members.map((m) => m.target.abs), ...contextDirs]);
  const checked = members.filter((m) => m.kind !== null);
  if (checked.length === 0) return;
  const run = newRun(options);
  // Under --no-context nothing reads the workspace's files, so the repository is not loaded for them.
  const runsInRoot = (m: Read): boolean => root !== null && m.kind === "workflow" && isWorkflowPath(relative(root, m.target.abs));
  const loadRoot = root !== null && options.context && checked.some(runsInRoot) && !named.some((d) => within(root, d));
  const context = [...contextDirs, ...(loadRoot ? [root] : [])];
  for (const dir of context) for (const rel of walk(dir)) addContext(run, relative(base, path.join(dir, rel)), path.join(dir, rel));
  // Files of no checked kind still tell the checks something (a kustomization names its patches).
  for (const m of members) if (m.kind === null) addContext(run, relative(base, m.target.abs), m.target.abs);
  for (const f of composed.composeFiles) addContext(run, relative(base, f), f);
  for (const m of checked) addTarget(run, relative(base, m.target.abs), m);
  plan.runs.push(run);
  // lintFiles runs these without a workspace; the plan says which they were.
  const loose = new Set(withoutWorkspace([...run.files.values()], options.kind));
  for (const [rel, shown] of run.shown) if (loose.has(run.files.get(rel)!)) plan.withoutWorkspace.push(shown);
}
