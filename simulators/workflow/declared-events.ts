/**
 * What a workflow file declares, as facts emitted once per file whenever its YAML can be read (a file GitHub
 * refuses still declares what it meant to run): its triggers with their filters as written, its jobs with
 * their matrix legs, and its steps with the commands their scripts run, read with the shared shell parser.
 * No rule judges these; the grader compares them between a repository's states.
 */
import type { Combination } from "./runner/matrix.js";

/** One event under `on:`, with every key under it as written (`branches`, `paths-ignore`, a misspelt `branch`). */
export interface DeclaredTrigger {
  event: string;
  /** Each key's value as strings: a scalar's text, a sequence's items, a mapping's keys (`inputs`), a schedule's crons. */
  filters: Readonly<Record<string, readonly string[]>>;
}

/** A mapping's scalar entries as written (`${{ … }}` kept as text); entries that are not scalars are left out. */
export type WrittenMap = Readonly<Record<string, string>>;

export interface WorkflowTriggersEvent {
  type: "workflow-triggers";
  file: string;
  /** Empty when the file has no `on:` (or an empty one). */
  triggers: readonly DeclaredTrigger[];
  /** The workflow's own `env:`. */
  env: WrittenMap;
}

export interface WorkflowJobEvent {
  type: "workflow-job";
  file: string;
  job: string;
  /** The job's `if:` as written, or null. */
  if: string | null;
  needs: readonly string[];
  /** The job runs steps on a runner (it has `steps:` and does not call a reusable workflow). */
  runsSteps: boolean;
  /** The reusable workflow a job calls (`uses:` at job level), or null. */
  uses: string | null;
  /** `runs-on` labels as written, or null (absent, or a runner group). */
  runsOn: readonly string[] | null;
  /** Every matrix combination GitHub runs, in its order; one empty combination without a matrix. */
  legs: readonly Combination[];
  /** The job's own `env:`, and its `with:` (inputs to a reusable workflow). */
  env: WrittenMap;
  with: WrittenMap;
  /**
   * GITHUB_TOKEN as the job's `permissions:` (else the workflow's) writes it: "limited" to the scopes a mapping
   * lists (or read-all), "write-all" (or an expression), or "default" when neither says, so the repository's
   * setting decides.
   */
  token: "limited" | "write-all" | "default";
}

/** A simple command of a step's script. */
export interface ScriptCommand {
  /** Its words as written, quotes removed (`$VAR`, `${{ expr }}` and `$(…)` kept as text). */
  argv: readonly string[];
  /** 1-based line in the script. */
  line: number;
  /** Runs only as control flow the simulator does not follow decides (an if, a loop over unknown words, after a possible `exit 0`). */
  conditional: boolean;
  /** Not run: only text that echo/printf print or a `cat <<EOF` here-document holds. */
  printed: boolean;
  /** A test runner asked only to list, collect or describe its tests (`pytest --collect-only`): no test runs. */
  runsNoTests: boolean;
}

export interface WorkflowStepEvent {
  type: "workflow-step";
  file: string;
  job: string;
  index: number;
  name: string | null;
  id: string | null;
  /** The action and its ref (`actions/checkout`, `v4`), or null for a `run:` step. */
  uses: { action: string; ref: string | null } | null;
  run: boolean;
  /** `shell:` as written, or null. */
  shell: string | null;
  if: string | null;
  continueOnError: string | null;
  commands: readonly ScriptCommand[];
  /** `with:` inputs as written (the `step-run` fact has them resolved). */
  with: WrittenMap;
  /** The step's own `env:`. */
  env: WrittenMap;
}

export type DeclarationEvent = WorkflowTriggersEvent | WorkflowJobEvent | WorkflowStepEvent;
