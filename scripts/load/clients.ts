/**
 * Load clients for the scripts: a WebSocket that answers one frame per request, the episodes they play,
 * drawn from every scenario so the load is the mix users see (a reset, a hint, a failing edit, the
 * reference fix), and what the engine itself answers for each, to tell a session's answers from another's.
 */
import WebSocket from "ws";
import type { Action } from "../../contracts/actions.js";
import type { StepResult } from "../../contracts/observation.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { isHostStatePath } from "../../simulators/host/state.js";
import { loadCatalog } from "../../tasks/catalog.js";
import type { Scenario } from "../../tasks/schema.js";

/** A /ws connection whose frames are asked for one at a time. */
export interface WsClient {
  /** Sends a frame and resolves with the next frame the server sends; rejects if none comes or the socket closes. */
  ask(frame: unknown): Promise<any>;
  close(): Promise<void>;
}

export async function connectWs(url: string, timeoutMs = 60_000): Promise<WsClient> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  // Frames the server sent before anyone asked (a SESSION_ERROR before a close) wait here, so no answer is
  // ever taken for the answer to a later frame.
  const unasked: any[] = [];
  let waiting: { resolve(frame: any): void; reject(error: Error): void } | undefined;
  let closedBy: string | undefined;
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    const waiter = waiting;
    waiting = undefined;
    if (waiter === undefined) unasked.push(frame);
    else waiter.resolve(frame);
  });
  const closed = new Promise<void>((resolve) =>
    ws.once("close", (code, reason) => {
      closedBy = `socket closed (${code} ${reason.toString()})`;
      waiting?.reject(new Error(closedBy));
      waiting = undefined;
      resolve();
    }),
  );
  ws.on("error", () => undefined);
  return {
    ask(frame) {
      if (unasked.length > 0) return Promise.resolve(unasked.shift());
      if (closedBy !== undefined) return Promise.reject(new Error(closedBy));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        waiting = {
          resolve: (answer) => (clearTimeout(timer), resolve(answer)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        };
        ws.send(JSON.stringify(frame));
      });
    },
    async close() {
      if (closedBy === undefined) ws.close();
      await closed;
    },
  };
}

/** One episode to play: which scenario and the actions after its reset. */
export interface EpisodePlan {
  scenarioId: string;
  actions: Action[];
}

const catalog = loadCatalog();

/**
 * Which scenarios a mix plays: `all` the whole curated catalogue; `delivery` its Dockerfile, workflow and
 * manifest scenarios only (the simulated Linux hosts left out), the mix the first server figures were taken on.
 */
export type Mix = "all" | "delivery";
export const MIXES: readonly Mix[] = ["all", "delivery"];

const scenariosOf: Record<Mix, readonly Scenario[]> = {
  all: catalog.scenarios,
  delivery: catalog.scenarios.filter((s) => !Object.keys(s.files).some(isHostStatePath)),
};

/** How many different plans there are (plan i and plan i + PLANS are the same). */
export const PLANS = catalog.scenarios.length;

/** How many different plans `mix` has. */
export function plansOf(mix: Mix): number {
  return scenariosOf[mix].length;
}

/** Episode `i` of the mix: scenario i mod the mix's size; a hint, a failing edit, then the reference fix. */
export function planEpisode(i: number, mix: Mix = "all"): EpisodePlan {
  const scenarios = scenariosOf[mix];
  const scenario = scenarios[i % scenarios.length]!;
  return {
    scenarioId: scenario.id,
    actions: [
      { action_type: "request_hint" },
      { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" },
      ...scenario.solution,
    ],
  };
}

const references = new Map<number, StepResult[]>();

/**
 * What the engine itself answers to plan `i` (the reset's answer, then each step's, until done) under
 * `episodeId`, through JSON as the wire carries it. Episodes are deterministic, so a session's answers must
 * be exactly these; computed once per plan, with the episode id put in afterwards.
 */
export function expectedAnswers(i: number, episodeId: string): StepResult[] {
  const key = i % PLANS;
  let answers = references.get(key);
  if (answers === undefined) {
    const plan = planEpisode(key);
    const episode = startJudgedEpisode(catalog, { scenario_id: plan.scenarioId }, "reference");
    const results = [episode.observe()];
    for (const action of plan.actions) if (!episode.done) results.push(episode.step(action));
    answers = JSON.parse(JSON.stringify(results)) as StepResult[];
    references.set(key, answers);
  }
  return answers.map((answer) => ({ ...answer, observation: { ...answer.observation, episode_id: episodeId } }));
}

/** POSTs JSON; resolves with the status and the parsed body (null when the body is not JSON). */
export async function postJson(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: parsed(await response.text()) };
}

/** GETs (or DELETEs) a URL; resolves with the status and the parsed body. */
export async function request(url: string, method: "GET" | "DELETE" = "GET"): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method });
  return { status: response.status, body: parsed(await response.text()) };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
