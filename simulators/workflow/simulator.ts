/**
 * The workflow simulator: every `.github/workflows/*.yml|yaml` file goes through GitHub's two stages. Parse:
 * GitHub refuses the file, with its "Invalid workflow file" annotation. Run: the jobs run on simulated
 * runners and the first failing step of each job reports with the log a user would read. Rules that a run
 * never reached (the file was refused, a job stopped early) are not marked evaluated.
 */
import type { Diagnostic } from "../diagnostic.js";
import type { Repository } from "../repository.js";
import { Findings } from "../simulation.js";
import type { SimulationOptions, SimulationResult, Simulator } from "../simulation.js";
import type { World } from "../world.js";
import { isWorkflowPath } from "./lint.js";
import { positionOf } from "./rule-base.js";
import type { ParseRuleContext, WorkflowRule } from "./rule-base.js";
import { allRules, parseRules, runRules } from "./rules/index.js";
import { runWorkflow } from "./runner/run-workflow.js";
import { ruleFullyReached, unreachedSteps } from "./runner/reach.js";
import type { RunOptions, WorkflowRun } from "./runner/run-workflow.js";
import { readSchema } from "./schema-reader.js";
import { nodePosition, readWorkflowSource } from "./source.js";

/** Every workflow rule with its info, cases and (parse rules) check. */
export const workflowRules: readonly WorkflowRule[] = allRules;

interface Pending {
  diagnostic: Diagnostic;
  positional: boolean;
}

/** GitHub's annotation for a refused file, listing every error it found. */
function invalidFileLog(file: string, pending: Pending[]): string {
  const first = pending[0]!.diagnostic;
  const lines = [`Invalid workflow file: ${file}#L${pending[0]!.positional ? first.line : 1}`];
  pending.forEach((p, i) => {
    const where = p.positional ? `${file} (Line: ${p.diagnostic.line}, Col: ${p.diagnostic.column}): ` : "";
    lines.push(`${i === 0 ? "The workflow is not valid. " : ""}${where}${p.diagnostic.message}`);
  });
  return lines.join("\n");
}

/**
 * Simulates one workflow file into `findings`. Returns the run (for the pipeline simulator, which asks for
 * every matrix leg with `expandMatrix`), or null when GitHub refused the file.
 */
export function simulateWorkflowFile(
  file: string,
  repo: Repository,
  world: World,
  options: SimulationOptions,
  findings: Findings,
  runOptions: Pick<RunOptions, "expandMatrix"> = {},
): WorkflowRun | null {
  const content = repo.get(file)?.content ?? "";
  const source = readWorkflowSource(file, content);
  const pending: Pending[] = [];
  const schema = source.problems.length === 0 ? readSchema(source) : [];
  const rules = source.problems.length > 0 ? parseRules.slice(0, 1) : parseRules;
  for (const rule of rules) {
    const ctx: ParseRuleContext = {
      file,
      source,
      schema,
      position: (node) => nodePosition(source.lines, node),
      report(at, message, opts) {
        const pos = positionOf(source, at);
        const diagnostic: Diagnostic = { file, line: pos.line, column: pos.column, code: rule.code, severity: rule.severity, message, stage: rule.stage };
        pending.push({ diagnostic, positional: opts?.positional !== false });
      },
    };
    rule.check(ctx);
    findings.evaluated(rule.code, file);
  }
  if (pending.length > 0) {
    pending.sort((a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.column - b.diagnostic.column);
    const log = invalidFileLog(file, pending);
    for (const p of pending) findings.report({ ...p.diagnostic, log });
    return null;
  }
  const run = runWorkflow(repo, world, file, { worldKnown: options.worldKnown !== false, context: options.context !== false, ...runOptions }, source);
  if (!run) return null;
  for (const failure of run.failures) {
    findings.report({
      file,
      line: failure.position.line,
      column: failure.position.column,
      code: failure.rule.code,
      severity: failure.severity,
      message: failure.message,
      stage: failure.rule.stage,
      log: failure.log,
    });
  }
  const unreached = run.complete ? [] : unreachedSteps(source, run.jobs);
  for (const rule of runRules) if (ruleFullyReached(rule.code, run.complete, unreached)) findings.evaluated(rule.code, file);
  return run;
}

/** The workflow simulator over every `.github/workflows/*.yml|yaml` of a repository. */
export const workflowSimulator: Simulator = {
  domain: "workflow",
  simulate(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
    const findings = new Findings();
    for (const file of [...repo.keys()].sort()) if (isWorkflowPath(file)) simulateWorkflowFile(file, repo, world, options, findings);
    return findings.result();
  },
};
