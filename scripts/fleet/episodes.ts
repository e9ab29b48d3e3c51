/**
 * HTTP episodes as an RL trainer plays them against a fleet, each checked end to end: reset, the plan's
 * actions, a submit when the plan leaves the episode open, then the state, the stored record and /grader's
 * replay of the actions this client sent. Every episode must end with exactly the client's actions
 * recorded (none lost, none twice), and its final score must be the replay's.
 *
 * A step whose answer is lost (the replica that played it was killed, the balancer answered 502, the
 * store was down: 503) may or may not have been recorded. The client asks the episode's state: one more
 * action than it had means it was, the same count means it was not and it is sent again. That is the
 * protocol the README gives clients of a fleet.
 */
import type { Action } from "../../contracts/actions.js";
import type { Catalog } from "../../tasks/catalog.js";

/** One episode to play: a scenario and the actions to send. */
export interface EpisodePlan {
  scenarioId: string;
  actions: Action[];
}

/**
 * `count` plans over the curated scenarios in turn: the solution, a hint first, a failing edit first, or a
 * wrong repair and a submit, so episodes differ in length, hints and score.
 */
export function episodePlans(catalog: Catalog, count: number): EpisodePlan[] {
  const failing: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };
  return Array.from({ length: count }, (_, n) => {
    const scenario = catalog.scenarios[n % catalog.scenarios.length]!;
    const variant = Math.floor(n / catalog.scenarios.length) % 4;
    const actions =
      variant === 0
        ? scenario.solution
        : variant === 1
          ? [{ action_type: "request_hint" } as Action, ...scenario.solution]
          : variant === 2 || scenario.wrong.length === 0
            ? [failing, ...scenario.solution]
            : [...scenario.wrong[0]!.actions, { action_type: "submit" } as Action];
    return { scenarioId: scenario.id, actions };
  });
}

export interface EpisodeRun {
  /** Episodes played to the end and checked. */
  episodes: number;
  /** Steps answered 200, resets excluded. */
  steps: number;
  /** Steps whose answer was lost and that the state showed recorded (not sent again). */
  recovered: number;
  /** Requests sent again after a 502, 503, 504, 409 or a dropped connection. */
  retried: number;
  /** Every check that failed, one line each; empty when all held. */
  problems: string[];
  /** Answers by status, for the report. */
  statuses: Record<string, number>;
  seconds: number;
}

interface Answer {
  status: number;
  body: any;
}

/** Statuses after which the request may be sent again: the balancer's, the store's or a replica's "not now", a lost race. */
const RETRYABLE = new Set([0, 409, 502, 503, 504]);
const MAX_ATTEMPTS = 60;

/**
 * Plays `plans` against `url`, `concurrency` at a time (or until `until`); `onProgress` is told how many have finished.
 * Bounded: every request times out, every retry loop stops after MAX_ATTEMPTS.
 */
export async function playEpisodes(
  url: string,
  plans: EpisodePlan[],
  options: { concurrency: number; onProgress?: (finished: number) => void; /** performance.now() after which no new episode starts */ until?: number },
): Promise<EpisodeRun> {
  const run: EpisodeRun = { episodes: 0, steps: 0, recovered: 0, retried: 0, problems: [], statuses: {}, seconds: 0 };
  const began = performance.now();
  const send = async (method: string, path: string, body?: unknown, episode = ""): Promise<Answer> => {
    try {
      // X-Breakfix-Episode names the episode, from its reset on, for a balancer that keeps each one on one
      // replica (nginx hash), as an affinity cookie would.
      const headers = { "content-type": "application/json", "x-breakfix-episode": episode };
      const init: RequestInit = { method, headers, signal: AbortSignal.timeout(30_000) };
      if (body !== undefined) init.body = JSON.stringify(body);
      const response = await fetch(`${url}${path}`, init);
      const text = await response.text();
      run.statuses[response.status] = (run.statuses[response.status] ?? 0) + 1;
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // nginx's own error pages are HTML
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      run.statuses.network = (run.statuses.network ?? 0) + 1;
      return { status: 0, body: String(error) };
    }
  };
  /** Sends until an answer that is not a retryable one. */
  const persist = async (method: string, path: string, body?: unknown, episode = ""): Promise<Answer> => {
    for (let attempt = 1; ; attempt++) {
      const answer = await send(method, path, body, episode);
      if (!RETRYABLE.has(answer.status) || attempt >= MAX_ATTEMPTS) return answer;
      run.retried++;
      await pause(attempt);
    }
  };

  const play = async (plan: EpisodePlan, key: string): Promise<void> => {
    const problem = (what: string): void => void run.problems.push(`${plan.scenarioId}: ${what}`);
    const reset = await persist("POST", "/reset", { scenario_id: plan.scenarioId }, key);
    if (reset.status !== 200) return problem(`reset answered ${reset.status} ${JSON.stringify(reset.body).slice(0, 300)}`);
    const id: string = reset.body.observation.episode_id;
    const sent: Action[] = [];
    let done = false;
    let lastScore: number | undefined;
    const stateOf = async (): Promise<any> => {
      const state = await persist("GET", `/state?episode_id=${encodeURIComponent(id)}`, undefined, key);
      if (state.status !== 200) throw new Error(`episode ${id}: state answered ${state.status} ${JSON.stringify(state.body).slice(0, 300)}`);
      return state.body;
    };
    const step = async (action: Action): Promise<void> => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const answer = await send("POST", "/step", { episode_id: id, action }, key);
        if (answer.status === 200) {
          run.steps++;
          sent.push(action);
          done = answer.body.done;
          lastScore = answer.body.observation.score;
          return;
        }
        if (!RETRYABLE.has(answer.status)) throw new Error(`episode ${id}: step answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        run.retried++;
        const state = await stateOf();
        if (state.actions.length === sent.length + 1) {
          run.recovered++;
          sent.push(action);
          done = state.done;
          lastScore = undefined; // the answer was lost: the state has the score
          return;
        }
        if (state.actions.length !== sent.length) throw new Error(`episode ${id}: ${state.actions.length} actions recorded, ${sent.length} sent`);
        await pause(attempt);
      }
      throw new Error(`episode ${id}: a step was not recorded after ${MAX_ATTEMPTS} attempts`);
    };
    try {
      for (const action of plan.actions) {
        if (done) break;
        await step(action);
      }
      if (!done) await step({ action_type: "submit" });
      // The state replays the episode on a replica that did not play its last step: read it only when the
      // last answer was lost (the record below has the actions either way).
      const state = lastScore === undefined ? await stateOf() : { done, score: lastScore, actions: sent };
      const record = await persist("GET", `/episodes/${encodeURIComponent(id)}/record`, undefined, key);
      const graded = await persist("POST", "/grader", { scenario_id: plan.scenarioId, actions: sent }, key);
      if (!state.done) problem(`episode ${id} not done after its submit`);
      if (JSON.stringify(state.actions) !== JSON.stringify(sent)) problem(`episode ${id}: state has ${state.actions.length} actions, ${sent.length} were sent (or in another order)`);
      if (record.status !== 200 || JSON.stringify(record.body.record?.actions) !== JSON.stringify(sent)) problem(`episode ${id}: the stored record is not the actions sent (${record.status})`);
      else if (record.body.record.done !== true) problem(`episode ${id}: the stored record is not done`);
      if (graded.status !== 200) problem(`episode ${id}: grader answered ${graded.status}`);
      else if (graded.body.breakdown.score !== state.score) problem(`episode ${id}: final score ${state.score}, replay ${graded.body.breakdown.score}`);
      run.episodes++;
    } catch (error) {
      problem(error instanceof Error ? error.message : String(error));
    }
  };

  let next = 0;
  let finished = 0;
  const worker = async (): Promise<void> => {
    while (next < plans.length && (options.until === undefined || performance.now() < options.until)) {
      const n = next++;
      await play(plans[n]!, `episode-${n}`);
      options.onProgress?.(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, plans.length) }, worker));
  run.seconds = (performance.now() - began) / 1000;
  return run;
}

/** A short wait before the next attempt, growing to half a second. */
function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(25 * attempt, 500)));
}
