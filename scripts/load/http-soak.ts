/**
 * A soak of mixed HTTP episodes against a server: `clients` loops, each starting a named episode, playing
 * the episode mix with its state read after every step, sometimes grading it through /grader, and closing
 * it (DELETE) or leaving it behind for capacity eviction, as careless clients do. Every answer must be a 200
 * about the episode asked for. The server's resident memory is sampled at a fixed period. Growth compares
 * the samples after the warm-up (by then the session store is full and every code path has run): the
 * median of their last third against the median of their first third, so that one collection landing
 * just before a sample neither hides growth nor fakes it.
 */
import { planEpisode, postJson, request, sleep } from "./clients.js";
import { settledRss, type MeasuredServer } from "./ws-sessions.js";

export interface SoakSample {
  seconds: number;
  rssMiB: number;
  requests: number;
}

export interface SoakReport {
  /** RSS before any request (worker threads start on the first episodes they play). */
  rssIdleMiB: number;
  /** RSS once every client has played one episode: the start of the soak proper. */
  rssStartMiB: number;
  /** Median RSS of the first third of the samples after the warm-up, and of the last third. */
  rssSteadyMiB: number;
  rssEndMiB: number;
  rssPeakMiB: number;
  samples: SoakSample[];
  /** (rssEndMiB - rssSteadyMiB) / rssSteadyMiB. */
  growth: number;
  requests: number;
  episodes: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Other answers than a 200 about the episode asked for. */
  wrongAnswers: number;
  /** Requests that got no answer at all (the connection failed); the client that sent one stops. */
  failedRequests: number;
  firstProblem: string | null;
}

export interface SoakOptions {
  seconds: number;
  sampleSeconds: number;
  warmUpSeconds: number;
  clients?: number;
  /** Called with each sample as it is taken. */
  onSample?: (sample: SoakSample) => void;
}

const MIB = 1024 * 1024;

export async function soak(server: MeasuredServer, options: SoakOptions): Promise<SoakReport> {
  const clients = options.clients ?? 8;
  const rssIdle = await settledRss(server);
  let stop = false;
  let requests = 0;
  let episodes = 0;
  let serverErrors = 0;
  let wrongAnswers = 0;
  let failedRequests = 0;
  let firstProblem: string | null = null;
  /** Counts one answer; false when it is not a 200 about `episodeId`. */
  const check = (what: string, answer: { status: number; body: any }, episodeId?: string): boolean => {
    requests++;
    const about = answer.body?.observation?.episode_id ?? answer.body?.episode_id;
    if (answer.status === 200 && (episodeId === undefined || about === episodeId)) return true;
    if (answer.status >= 500) serverErrors++;
    else wrongAnswers++;
    firstProblem ??= `${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    return false;
  };
  /** Episode `n` of the mix, played by client `c`. */
  const play = async (c: number, n: number): Promise<void> => {
    const plan = planEpisode(n);
    const id = `soak-${c}-${n}`;
    if (!check(`reset ${id}`, await postJson(`${server.url}/reset`, { scenario_id: plan.scenarioId, episode_id: id }), id)) return;
    for (const action of plan.actions) {
      if (stop) return;
      const answer = await postJson(`${server.url}/step`, { episode_id: id, action });
      if (!check(`step ${id}`, answer, id)) break;
      check(`state ${id}`, await request(`${server.url}/state?episode_id=${id}`), id);
      if (answer.body.done === true) break;
    }
    episodes++;
    if (n % 5 === 0) check(`grader ${plan.scenarioId}`, await postJson(`${server.url}/grader`, { scenario_id: plan.scenarioId, actions: plan.actions }));
    // Most episodes are closed; every third is left for capacity eviction.
    if (n % 3 !== 0) check(`close ${id}`, await request(`${server.url}/episodes/${id}`, "DELETE"), id);
  };
  /** Client `c` plays episodes c + k * clients from `first` on, one only when `once`, else until told to stop. */
  const loop = async (c: number, first: number, once: boolean): Promise<void> => {
    try {
      for (let n = first; !stop; n += clients) {
        await play(c, n);
        if (once) return;
      }
    } catch (error) {
      failedRequests++;
      firstProblem ??= `client ${c}: ${error instanceof Error ? `${error.message} (${String(error.cause ?? "")})` : String(error)}`;
    }
  };
  // One episode per client first, so that the soak starts with every worker loaded.
  await Promise.all(Array.from({ length: clients }, (_, c) => loop(c, c, true)));
  const rssStart = await settledRss(server);
  const began = performance.now();
  const loops = Array.from({ length: clients }, (_, c) => loop(c, c + clients, false));
  const samples: SoakSample[] = [];
  let peak = rssStart;
  for (let t = options.sampleSeconds; t <= options.seconds; t += options.sampleSeconds) {
    await sleep(began + t * 1000 - performance.now());
    const rss = await settledRss(server);
    peak = Math.max(peak, rss);
    const sample = { seconds: t, rssMiB: rss / MIB, requests };
    samples.push(sample);
    options.onSample?.(sample);
  }
  stop = true;
  await Promise.all(loops);
  const steady = samples.filter((s) => s.seconds > options.warmUpSeconds).map((s) => s.rssMiB);
  const third = Math.max(1, Math.floor(steady.length / 3));
  const first = median(steady.slice(0, third));
  const last = median(steady.slice(-third));
  return {
    rssIdleMiB: rssIdle / MIB,
    rssStartMiB: rssStart / MIB,
    rssSteadyMiB: first,
    rssEndMiB: last,
    rssPeakMiB: peak / MIB,
    samples,
    growth: first === 0 ? 0 : (last - first) / first,
    requests,
    episodes,
    serverErrors,
    wrongAnswers,
    failedRequests,
    firstProblem,
  };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
