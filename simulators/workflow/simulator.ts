/**
 * The workflow simulator: every `.github/workflows/*.yml|yaml` file goes through GitHub's two stages, as units
 * of the rule engine. Parse: the file's findings (its YAML and schema readers') go to the parse rules, and a
 * file any of them refuses gets GitHub's "Invalid workflow file" annotation listing every error. Run: the jobs
 * run on simulated runners (runner/run-workflow.ts) and the first failing step of each job reports with the
 * log a user would read. What a run never reached (the file was refused, a job stopped early) is not
 * evaluated.
 */
import type { Failure } from "../engine/engine.js";
import { RuleEngine } from "../engine/engine.js";
import { withGlobBudget } from "../glob.js";
import type { Repository } from "../repository.js";
import { filesToCheck } from "../simulation.js";
import type { Findings, SimulationOptions, SimulationResult, Simulator } from "../simulation.js";
import type { World } from "../world.js";
import { declareWorkflow } from "./declared.js";
import { WORKFLOW_DOMAIN } from "./events.js";
import { readWithGitHubParser } from "./github-parser.js";
import type { ParseFinding, WorkflowEvent, WorkflowUnit } from "./events.js";
import { isWorkflowFile, isWorkflowPath } from "./lint.js";
import { WORKFLOW_RULES } from "./rules/index.js";
import { runWorkflowSource } from "./runner/run-workflow.js";
import type { RunOptions, WorkflowRun } from "./runner/run-workflow.js";
import { WorkflowTally } from "./run-bounds.js";
import { readWorkflowSource } from "./source.js";
import type { WorkflowSource } from "./source.js";

export { WORKFLOW_RULES };

/** GitHub's annotation for a refused file, listing every error it found (in file order). */
function invalidFileLog(file: string, findings: readonly Failure[]): string {
  const positional = (f: Failure): boolean => f.detail["positional"] !== false;
  const first = findings[0]!;
  const lines = [`Invalid workflow file: ${file}#L${positional(first) ? first.diagnostic.line : 1}`];
  findings.forEach((f, i) => {
    const where = positional(f) ? `${file} (Line: ${f.diagnostic.line}, Col: ${f.diagnostic.column}): ` : "";
    lines.push(`${i === 0 ? "The workflow is not valid. " : ""}${where}${f.diagnostic.message}`);
  });
  return lines.join("\n");
}

/**
 * What GitHub finds in a file: its YAML problems and, when the YAML can be read, what GitHub's own workflow
 * parser reports (schema, expressions, ids, needs, inputs). A file that takes the repository's workflows past
 * MAX_WORKFLOW_JOBS or MAX_WORKFLOW_STEPS is refused as one too large is, before GitHub's parser reads it.
 */
function parseFindings(source: WorkflowSource, refusal: string | null): { readable: boolean; findings: readonly ParseFinding[] } {
  if (source.problems.length > 0) return { readable: false, findings: source.problems.map((p) => ({ category: "yaml", position: p.position, message: p.message })) };
  if (refusal !== null) return { readable: false, findings: [{ category: "yaml", position: { line: 1, column: 1 }, message: refusal }] };
  return { readable: true, findings: readWithGitHubParser(source) };
}

export interface WorkflowOptions extends RunOptions {
  /** Why the file is not run: the bound it takes the repository's workflows past (WorkflowTally.admit); unset, the file is held to the bounds alone. */
  refusal?: string | null;
  /** The file's parse, when the caller has it (a parse too large to keep is not made twice). */
  source?: WorkflowSource;
}

/**
 * Simulates one workflow file as units of `engine`: its parse, then (when GitHub accepts it) its run. Returns
 * the run, or null when GitHub refused the file (or it is past the simulator's bounds).
 */
export function simulateWorkflow(engine: RuleEngine, repo: Repository, file: string, options: WorkflowOptions = {}): WorkflowRun | null {
  // Read through `repo` either way: a section records what its work reads.
  const content = repo.get(file)?.content ?? "";
  const source = options.source?.file === file && options.source.text === content ? options.source : readWorkflowSource(file, content);
  const unit = engine.unit<WorkflowEvent, WorkflowUnit>(WORKFLOW_DOMAIN, file, { file, leg: null });
  // A caller that simulates the file alone has not admitted it: it is held to the bounds on its own.
  const refusal = options.refusal === undefined ? new WorkflowTally().admit(source, options.expandMatrix === true) : options.refusal;
  const { readable, findings } = parseFindings(source, refusal);
  const verdict = unit.emit({ type: "workflow-parsed", file, source, readable, findings });
  if (readable) declareWorkflow(unit, source);
  if (verdict.findings.length > 0) {
    const refused = [...verdict.findings].sort((a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.column - b.diagnostic.column);
    const log = invalidFileLog(file, refused);
    for (const f of refused) f.diagnostic.log = log;
    unit.stop([]);
    return null;
  }
  unit.finish();
  return runWorkflowSource(engine, repo, source, options);
}

/**
 * The workflow files to run: GitHub runs those under `.github/workflows/`; `breakfix lint` also runs the files
 * it was asked about whose content is a workflow, and under `--kind workflow` every file it was asked about.
 */
export function workflowFiles(repo: Repository, options: SimulationOptions = {}): string[] {
  return filesToCheck(repo, options, "workflow", (p, content) => isWorkflowPath(p) || (options.only !== undefined && isWorkflowFile(p, content)));
}

/** Every workflow file of a repository (see workflowFiles), as units of `engine`. */
export function simulateWorkflows(engine: RuleEngine, repo: Repository, options: SimulationOptions = {}): void {
  const tally = new WorkflowTally();
  for (const file of workflowFiles(repo, options)) {
    const source = readWorkflowSource(file, repo.get(file)?.content ?? "");
    simulateWorkflow(engine, repo, file, { refusal: isWorkflowPath(file) ? tally.admit(source) : new WorkflowTally().admit(source), source });
  }
}

function workflowEngine(world: World, options: SimulationOptions): RuleEngine {
  return new RuleEngine(WORKFLOW_RULES, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
}

/**
 * One workflow file in a rule engine of its own, its result merged into `findings`: the pipeline simulator's
 * way in (it asks for every matrix leg with `expandMatrix`). Returns the run, or null when GitHub refused the
 * file.
 */
export function simulateWorkflowFile(
  file: string,
  repo: Repository,
  world: World,
  options: SimulationOptions,
  findings: Findings,
  runOptions: RunOptions = {},
): WorkflowRun | null {
  const engine = workflowEngine(world, options);
  const run = simulateWorkflow(engine, repo, file, runOptions);
  findings.merge(engine.result());
  return run;
}

/**
 * Runs one workflow file on its own and returns its run (null when the file is absent or GitHub refuses it).
 * @example runWorkflow(repositoryFrom(files), parseWorld({secrets: ["NPM_TOKEN"]}), ".github/workflows/ci.yml")
 */
export function runWorkflow(repo: Repository, world: World, file: string, options: SimulationOptions & RunOptions = {}): WorkflowRun | null {
  if (!repo.has(file)) return null;
  return withGlobBudget(() => simulateWorkflow(workflowEngine(world, options), repo, file, options));
}

/** The workflow simulator over every `.github/workflows/*.yml|yaml` of a repository. */
export const workflowSimulator: Simulator = {
  domain: "workflow",
  simulate(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
    return withGlobBudget(() => {
      const engine = workflowEngine(world, options);
      simulateWorkflows(engine, repo, options);
      return engine.result();
    });
  },
};
