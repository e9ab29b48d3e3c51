/**
 * The live episodes of one thread and the tasks that act on them. The in-process pool runs a host in the
 * main thread; each worker of the worker pool runs one of its own. A host is a cache of replays: what it
 * holds is always rebuildable from the records the main thread keeps, so it forgets freely (a finished
 * episode at once; an episode whose task threw, in case the throw left it half-changed).
 *
 * Answers that a transport sends on unchanged (observations, states) are serialised here, so that with
 * worker threads the JSON is written off the main thread.
 */
import { evaluate } from "../../baseline/evaluate.js";
import { heuristicAgent } from "../../baseline/heuristic/agent.js";
import { inProcessClient } from "../../baseline/clients/in-process.js";
import type { EpisodeClient } from "../../baseline/clients/episode-client.js";
import type { Action } from "../../contracts/actions.js";
import type { Episode } from "../../environment/episode.js";
import { replayEpisode, type EpisodeRecord } from "../../environment/episode-record.js";
import type { Judge } from "../../environment/judge.js";
import { gradeTrajectory } from "../../graders/grade.js";
import type { Catalog } from "../../tasks/catalog.js";
import { HttpError } from "../errors.js";
import { deltaAnswer, type SentFiles } from "./observation-delta.js";
import { resultJson, stateJson } from "./result-json.js";
import type { StepResult } from "../../contracts/observation.js";
import { MissingEpisodeError, type EpisodeTask, type StepAnswer, type TaskAnswers } from "./tasks.js";

export class EpisodeHost {
  private readonly live = new Map<string, Episode>();
  /** The files last sent, for each live episode whose reset asked for delta observations. */
  private readonly sent = new Map<string, SentFiles>();

  /**
   * @param judge what assesses live episodes' files: the grader's, or a test's (one that can be made slow).
   */
  constructor(
    private readonly catalog: Catalog,
    private readonly judge: Judge,
  ) {}

  /** Live episodes held. */
  get size(): number {
    return this.live.size;
  }

  /**
   * Runs one task. `onStep` is called after each action a replay or a grading plays, so that whoever waits
   * can tell a long task from a stuck one.
   * @throws MissingEpisodeError when the task needs an episode this host lacks and carries no record.
   */
  run(task: EpisodeTask, onStep: () => void): TaskAnswers[EpisodeTask["op"]] | Promise<TaskAnswers["baseline"]> {
    switch (task.op) {
      case "start":
        this.forget(task.key);
        return this.answer(task.key, this.episode(task.key, task.record, onStep), (e) => this.serialised(task.key, e, e.observe()));
      case "step":
        return this.step(task.key, task.action, task.record, onStep);
      case "observe":
        return this.answer(task.key, this.episode(task.key, task.record, onStep), (e) => this.serialised(task.key, e, e.observe()));
      case "state":
        return this.answer(task.key, this.episode(task.key, task.record, onStep), (e) => stateJson(e.state(), e.files()));
      case "release":
        this.forget(task.key);
        return null;
      case "grade": {
        const scenario = this.catalog.scenario(task.scenarioId);
        if (scenario === undefined) throw new HttpError(404, `unknown scenario '${task.scenarioId}'`);
        return gradeTrajectory(this.catalog, scenario, task.actions, { judge: this.judge, onStep });
      }
      case "baseline":
        return this.baseline(task.scenarioId, onStep);
    }
  }

  private step(key: string, action: Action, record: EpisodeRecord | undefined, onStep: () => void): StepAnswer {
    const episode = this.episode(key, record, onStep);
    try {
      const result = episode.step(action);
      const answer: StepAnswer = {
        json: this.serialised(key, episode, result),
        done: result.done,
        failed: result.observation.last_action_error !== null,
        hintsUsed: result.observation.hints_used,
      };
      // A finished episode is forgotten: its state is answered by replaying its record, if ever asked for.
      if (result.done) this.forget(key);
      return answer;
    } catch (error) {
      // The step may have changed the episode before it threw; the record does not have the action, so the
      // next task rebuilds the episode as it was.
      this.forget(key);
      throw error;
    }
  }

  /** The live episode under `key`, else its replay from `record`; kept unless finished. */
  private episode(key: string, record: EpisodeRecord | undefined, onStep: () => void): Episode {
    const found = this.live.get(key);
    if (found !== undefined) return found;
    if (record === undefined) throw new MissingEpisodeError(key);
    const rebuilt = replayEpisode(this.catalog, record, this.judge, onStep);
    if (!rebuilt.done) this.live.set(key, rebuilt);
    // Nothing is known of what the client holds: the next answer sends every file.
    if (!rebuilt.done && record.observation_mode === "delta") this.sent.set(key, new Map());
    return rebuilt;
  }

  /** An observation answer as JSON: in full, or cut to its changes for a delta episode. */
  private serialised(key: string, episode: Episode, result: StepResult): string {
    const sent = this.sent.get(key);
    return sent === undefined ? resultJson(result, episode.files()) : JSON.stringify(deltaAnswer(result, sent));
  }

  private forget(key: string): void {
    this.live.delete(key);
    this.sent.delete(key);
  }

  /** Serialises what `read` gives of `episode`; a finished episode is forgotten once read. */
  private answer(key: string, episode: Episode, read: (episode: Episode) => string): string {
    try {
      return read(episode);
    } finally {
      if (episode.done) this.forget(key);
    }
  }

  /** The heuristic agent on one scenario, straight on the engine, as /baseline reports it. */
  private async baseline(scenarioId: string, onStep: () => void): Promise<TaskAnswers["baseline"]> {
    const [result] = await evaluate({ client: reporting(inProcessClient(this.catalog), onStep), agent: heuristicAgent, episodes: [{ scenario_id: scenarioId }] });
    return result!;
  }
}

/** `client`, telling `onStep` after every step it plays. */
function reporting(client: EpisodeClient, onStep: () => void): EpisodeClient {
  return {
    reset: (request) => client.reset(request),
    step: async (episodeId, action) => {
      const result = await client.step(episodeId, action);
      onStep();
      return result;
    },
  };
}
