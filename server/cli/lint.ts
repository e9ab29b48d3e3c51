/**
 * `breakfix lint`: the simulators' checks on a user's own files (SPEC §3). This module plans which files go
 * to the pure `lintFiles` together (a Dockerfile with its build context) and prints what comes back, with
 * paths as the user wrote them.
 */
import path from "node:path";
import { formatDiagnostic, type Diagnostic } from "../../simulators/diagnostic.js";
import { detectKind, lintFiles, type LintFile, type LintKind } from "../../simulators/index.js";
import { choice, parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { collectTargets, isDirectory, readFileForLint, walk, type LintTarget } from "./lint-files.js";
import { LINT_USAGE } from "./usage.js";

const KINDS = ["auto", "dockerfile", "workflow", "k8s"] as const;

/** Lints the named files; exit 1 when any error-severity diagnostic is found. */
export function runLint(args: string[], io: CliIO): number {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      format: { type: "string" },
      kind: { type: "string" },
      context: { type: "string" },
      "no-context": { type: "boolean" },
    },
    LINT_USAGE,
    true,
  );
  if (values.help) {
    io.stdout(LINT_USAGE);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["text", "json"] as const, "text", LINT_USAGE);
  const kind = choice("kind", values.kind, KINDS, "auto", LINT_USAGE);
  if (values.context !== undefined && values["no-context"]) {
    throw new UsageError("--context and --no-context exclude each other", LINT_USAGE);
  }
  if (positionals.length === 0) throw new UsageError("no PATH given", LINT_USAGE);
  let contextDir: string | null | undefined; // undefined: each Dockerfile's directory; null: no context
  if (values["no-context"]) contextDir = null;
  else if (values.context !== undefined) {
    contextDir = path.resolve(io.cwd, values.context);
    if (!isDirectory(contextDir)) throw new UsageError(`--context ${values.context}: not a directory`, LINT_USAGE);
  }

  const targets = collectTargets(positionals, io.cwd);
  const diagnostics = lintTargets(targets, io.cwd, kind, contextDir, (t) =>
    io.stderr(`breakfix lint: ${t.display}: not a Dockerfile, workflow or Kubernetes manifest; skipped (use --kind)\n`),
  );
  if (format === "json") io.stdout(`${JSON.stringify(diagnostics, null, 2)}\n`);
  else io.stdout(diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join(""));
  return diagnostics.some((d) => d.severity === "error") ? EXIT.findings : EXIT.ok;
}

/** One call of the pure linter: files under repository-relative paths, and how to show each target's path. */
interface Batch {
  files: Map<string, LintFile>;
  /** Repository-relative path → the user's spelling, for the files whose diagnostics are reported. */
  shown: Map<string, string>;
}

/**
 * Diagnostics for every target, in target order. Dockerfiles are linted with their build context: by
 * default, all of them at once beside the files of their own directories; under --context DIR, each on its
 * own, placed at the root of DIR's files, because the build context of a Dockerfile is its directory.
 */
export function lintTargets(
  targets: readonly LintTarget[],
  cwd: string,
  kind: LintKind,
  contextDir: string | null | undefined,
  skipped: (target: LintTarget) => void,
): Diagnostic[] {
  const files = targets.map((t) => ({ target: t, ...readFileForLint(t.abs) }));
  // Kinds are detected on the absolute path, which keeps `.github/workflows/` whatever directory the user is in.
  const checked = files.filter((f) => {
    if (kind !== "auto" || detectKind(f.target.abs, f.content) !== null) return true;
    if (f.target.explicit) skipped(f.target);
    return false;
  });
  const isDockerfile = (f: (typeof checked)[number]): boolean =>
    kind === "dockerfile" || (kind === "auto" && detectKind(f.target.abs, f.content) === "dockerfile");
  const inGivenContext = typeof contextDir === "string" ? checked.filter(isDockerfile) : [];
  const given = new Set(inGivenContext);
  const withOwnContext = checked.filter((f) => !given.has(f));
  const checkedSet = new Set(checked);

  const batches: Batch[] = [];
  if (withOwnContext.length > 0) {
    const contextDirs = contextDir === undefined ? new Set(withOwnContext.filter(isDockerfile).map((f) => path.dirname(f.target.abs))) : new Set<string>();
    const contextFiles = [...contextDirs].flatMap((dir) => walk(dir).map((rel) => path.join(dir, rel)));
    // Relative to the working directory where possible, so paths keep the shape kind detection expects.
    const root = commonDirectory([cwd, ...withOwnContext.map((f) => f.target.abs), ...contextDirs]);
    const batch: Batch = { files: new Map(), shown: new Map() };
    for (const abs of contextFiles) addFile(batch, relative(root, abs), abs);
    // Files of no checked kind still tell the checks something (a kustomization names its patches), so they
    // ride along as context.
    for (const f of files) if (!checkedSet.has(f)) addFile(batch, relative(root, f.target.abs), f.target.abs);
    for (const f of withOwnContext) {
      const rel = relative(root, f.target.abs);
      batch.files.set(rel, { path: rel, content: f.content, mode: f.mode });
      batch.shown.set(rel, f.target.display);
    }
    batches.push(batch);
  }
  // Under --context DIR, every Dockerfile builds with DIR's files: one batch, the context read once. A
  // Dockerfile outside DIR stands beside it (`../other/Dockerfile`), outside the context, as `docker build -f`.
  const givenBatch: Batch = { files: new Map(), shown: new Map() };
  if (inGivenContext.length > 0) {
    const dir = contextDir as string;
    for (const rel of walk(dir)) addFile(givenBatch, rel, path.join(dir, rel));
    for (const f of inGivenContext) {
      const rel = relative(dir, f.target.abs);
      givenBatch.files.set(rel, { path: rel, content: f.content, mode: f.mode });
      givenBatch.shown.set(rel, f.target.display);
    }
  }

  const order = new Map(targets.map((t, i) => [t.display, i]));
  const options = { kind, context: contextDir !== null };
  const runs = [...batches.map((batch) => ({ batch, options })), ...(inGivenContext.length > 0 ? [{ batch: givenBatch, options: { ...options, dockerContext: "." } }] : [])];
  return runs
    .flatMap(({ batch, options }) =>
      lintFiles([...batch.files.values()], options).flatMap((d) => {
        const shown = batch.shown.get(d.file);
        // Context files are not what the user asked about; their findings are not reported.
        return shown === undefined ? [] : [publicDiagnostic(d, shown)];
      }),
    )
    .sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}

function addFile(batch: Batch, rel: string, abs: string): void {
  if (!batch.files.has(rel)) batch.files.set(rel, { path: rel, ...readFileForLint(abs), check: false });
}

/** The fields SPEC §3 lists, in that order (the internal `log` is for episodes, not for lint output). */
function publicDiagnostic(d: Diagnostic, file: string): Diagnostic {
  return { file, line: d.line, column: d.column, code: d.code, severity: d.severity, message: d.message, stage: d.stage };
}

function relative(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join("/");
}

/** The deepest directory containing every path (a file counts by its directory). */
function commonDirectory(paths: readonly string[]): string {
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
