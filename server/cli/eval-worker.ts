/**
 * A `breakfix eval --workers N` thread: plays a built-in agent on each scenario it is sent, in-process over the
 * served catalogue (curated and generated, as the main thread's), and posts back the episode's result with
 * its turns.
 */
import { parentPort, workerData } from "node:worker_threads";
import { builtinAgent, type BuiltinAgent } from "../../baseline/benchmark.js";
import { inProcessClient } from "../../baseline/clients/in-process.js";
import { playEpisode, type EpisodeResult, type TurnRecord } from "../../baseline/play.js";
import { servedCatalog } from "../../generator/family.js";

/** What the main thread tells a worker at start. */
export interface EvalWorkerData {
  agent: BuiltinAgent;
}

/** A worker's answer for one episode: its result and turns, or why it could not be played. */
export type EvalAnswer = { index: number; result: EpisodeResult; turns: TurnRecord[] } | { index: number; error: string };

const port = parentPort!;
const catalog = servedCatalog();
const client = inProcessClient(catalog);
const { factory } = builtinAgent((workerData as EvalWorkerData).agent, catalog);

port.on("message", async ({ index, scenarioId }: { index: number; scenarioId: string }) => {
  const turns: TurnRecord[] = [];
  let answer: EvalAnswer;
  try {
    const result = await playEpisode(client, factory(), { scenario_id: scenarioId }, { onTurn: (_, turn) => void turns.push(turn) });
    answer = { index, result, turns };
  } catch (error) {
    answer = { index, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
