/**
 * The provenance of an evaluation run (baseline/provenance.ts), gathered where the run happens: breakfix's
 * version and commit, the date, Node's version, and what was played. The date is the wall clock, which is
 * why this lives at the CLI's edge: results files carry it, grading never sees it.
 */
import type { Provenance } from "../../baseline/provenance.js";
import { gitCommit } from "../git-commit.js";
import { packageInfo, packageRoot } from "../package-info.js";

export interface RunDescription {
  agent: string;
  /** For an LLM agent. */
  model?: string;
  baseUrl?: string;
  task_id?: string | undefined;
  scenario_id?: string | undefined;
  scenarios: string[];
  seeds?: number[] | null;
}

/**
 * The provenance of a run described by `run`, dated `now`.
 * @example runProvenance({ agent: "baseline", scenarios: ["typo_filename"] })
 */
export function runProvenance(run: RunDescription, now: Date = new Date()): Provenance {
  const commit = gitCommit(packageRoot());
  return {
    breakfix_version: packageInfo().version,
    ...(commit === undefined ? {} : { git_commit: commit }),
    date: now.toISOString(),
    node_version: process.version,
    agent: run.agent,
    ...(run.model === undefined ? {} : { model: run.model }),
    ...(run.baseUrl === undefined ? {} : { base_url: run.baseUrl }),
    selection: { task_id: run.task_id ?? null, scenario_id: run.scenario_id ?? null, scenarios: run.scenarios },
    seeds: run.seeds ?? null,
  };
}
