/**
 * breakfix as a library: the same simulators, catalogue, episode engine and grader the server and the CLI
 * use, in-process and without HTTP. Five things, each one function:
 *
 * - `simulate(files, options?)`: run the pipeline simulation on a repository held in memory;
 * - `lint(paths, options?)`: what `breakfix lint` reports on files on disk;
 * - `servedCatalog()`: the tasks and their scenarios (scenarios carry their hidden issues and solutions:
 *   keep them away from the agent you evaluate);
 * - `startEpisode(request?)`: an episode to play with `step`, as `/reset` starts one;
 * - `gradeTrajectory(scenarioId, actions)`: the grader's score breakdown of a trajectory, by replay.
 *
 * @example
 * import { startEpisode, gradeTrajectory } from "breakfix";
 * const episode = startEpisode({ scenario_id: "typo_filename" });
 * console.log(episode.observe().observation.error_message);
 * const { observation } = episode.step({ action_type: "replace_line", file_path: "Dockerfile", line_number: 8, new_content: "COPY requirements.txt ." });
 * console.log(observation.score, gradeTrajectory("typo_filename", episode.state().actions).breakdown.score);
 */
import { randomUUID } from "node:crypto";
import { ActionSchema, type Action } from "../contracts/actions.js";
import type { Episode } from "../environment/episode.js";
import { startJudgedEpisode } from "../graders/episodes.js";
import { ResetRequestSchema, type ResetRequest } from "../contracts/observation.js";
import { gradeTrajectory as replayTrajectory, type GradeResult } from "../graders/grade.js";
import { lintTargets } from "../server/cli/lint.js";
import { collectTargets } from "../server/cli/lint-files.js";
import type { Diagnostic } from "../simulators/diagnostic.js";
import { renderErrorMessage, simulateRepository, type LintKind } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import { WorldSchema, type WorldInput } from "../simulators/world.js";
import { servedCatalog } from "../generator/family.js";

/** The catalogue: the curated tasks and scenarios, and the generated family (its scenarios made on demand). */
export { servedCatalog as loadCatalog };
export { ActionSchema };
export { ObservationSchema, ResetRequestSchema, ScoreBreakdownSchema, StepResultSchema, EpisodeStateSchema } from "../contracts/observation.js";
export { DiagnosticSchema } from "../simulators/diagnostic.js";
export { EpisodeRecordSchema, replayEpisode, ReplayError } from "../environment/episode-record.js";
export { EpisodeDoneError, ResetError } from "../environment/episode.js";

export type { Action, ActionType } from "../contracts/actions.js";
export type { Episode } from "../environment/episode.js";
export type { EpisodeRecord } from "../environment/episode-record.js";
export type { Difficulty, EpisodeState, Observation, ResetRequest, ScoreBreakdown, StepResult } from "../contracts/observation.js";
export type { GradeResult, HistoryEntry } from "../graders/grade.js";
export type { Diagnostic, Severity, Stage } from "../simulators/diagnostic.js";
export type { LintKind } from "../simulators/index.js";
export type { World, WorldInput } from "../simulators/world.js";
export type { Catalog, ScenarioView, TaskView } from "../tasks/catalog.js";
export type { Scenario, Task } from "../tasks/schema.js";

/** A repository in memory: path → content, or content with its git mode (0o755 for an executable script). */
export type Files = Record<string, string | { content: string; mode?: number }>;

export interface SimulateOptions {
  /**
   * The facts outside the files (registry contents, secrets, the apps' needs, the cluster). Without one, nothing
   * outside the files is known and only what the files themselves show is reported, as `breakfix lint` does.
   */
  world?: WorldInput;
}

export interface Simulation {
  /** Every finding, in the order a pipeline meets them. */
  diagnostics: Diagnostic[];
  /** The log of the first failing stage, as an episode's error_message shows it; null when the pipeline succeeds. */
  error_message: string | null;
}

/**
 * Runs the simulators on a repository in memory: the workflow, the image build, the push, the deploy, the
 * pods and the traffic, as far as the files (and the world, when given) say.
 * @throws ZodError when `world` is malformed.
 * @example simulate({ Dockerfile: "FROM python:3.12-slim\nCOPY app.py .\n" }).diagnostics
 */
export function simulate(files: Files, options: SimulateOptions = {}): Simulation {
  const repo = repositoryFrom(files);
  const known = options.world !== undefined;
  const world = WorldSchema.parse(options.world ?? {});
  const { diagnostics } = simulateRepository(repo, world, { worldKnown: known });
  return { diagnostics, error_message: renderErrorMessage(diagnostics) };
}

export interface LintOptions {
  /** Directory relative paths are resolved against; the process's working directory by default. */
  cwd?: string;
  /** Treat every file as this kind instead of detecting it from its name and content. */
  kind?: LintKind;
  /** The build context of every Dockerfile (default: each Dockerfile's directory); null skips the checks that need one. */
  context?: string | null;
}

/**
 * Lints files and directories on disk as `breakfix lint` does (directories recurse; kinds are detected from
 * names and content); files of no checked kind that were named explicitly are skipped.
 * @throws Error for a path that does not exist.
 * @example lint(["Dockerfile", ".github/workflows"]).filter((d) => d.severity === "error")
 */
export function lint(paths: readonly string[], options: LintOptions = {}): Diagnostic[] {
  const cwd = options.cwd ?? process.cwd();
  let targets;
  try {
    targets = collectTargets(paths, cwd);
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  return lintTargets(targets, cwd, options.kind ?? "auto", options.context === undefined ? undefined : options.context, () => undefined);
}

/**
 * Starts an episode as `/reset` does: by scenario id; else one of the task's by seed; else one of all by seed
 * (a random one without a seed). Play it with `episode.step(action)` until `done`; `step` checks each action as
 * `/step` does, so a caller without the types (plain JavaScript, an LLM's JSON) learns what is wrong with it.
 * @throws ZodError for a malformed request (an unknown field, a negative seed); ResetError for an unknown task or
 * scenario. `step` throws ZodError for an action that is not one (see ActionSchema), and changes nothing.
 * @example const episode = startEpisode({ task_id: "k8s_pod_failures", seed: 7 });
 */
export function startEpisode(request: ResetRequest = {}, episodeId: string = randomUUID()): Episode {
  const episode = startJudgedEpisode(servedCatalog(), ResetRequestSchema.parse(request), episodeId);
  const step = episode.step.bind(episode);
  episode.step = (action: Action) => step(ActionSchema.parse(action) as Action);
  return episode;
}

/**
 * Grades a trajectory by replaying its actions from the scenario's start, as `POST /grader` does.
 * @throws Error for an unknown scenario; ZodError for an action that is not one (see ActionSchema).
 * @example gradeTrajectory("typo_filename", [{ action_type: "submit" }]).breakdown.score // 0.05
 */
export function gradeTrajectory(scenarioId: string, actions: readonly unknown[]): GradeResult {
  const catalog = servedCatalog();
  const scenario = catalog.scenario(scenarioId);
  if (scenario === undefined) throw new Error(`unknown scenario '${scenarioId}'; servedCatalog().scenarios lists them`);
  return replayTrajectory(catalog, scenario, actions.map((action) => ActionSchema.parse(action) as Action));
}
