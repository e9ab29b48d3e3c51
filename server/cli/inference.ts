/**
 * `breakfix inference`: an LLM (any OpenAI-compatible chat API) plays episodes, in-process or against a
 * breakfix server (--url), and the [START] / [STEP] / [END] log goes to stdout; a summary goes to stderr.
 * Missing credentials or model: a clear message and exit 2.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { policy as defaultPolicy, type AgentPolicy } from "../../baseline/agent-policy.js";
import type { EpisodeClient, EpisodeRequest } from "../../baseline/clients/episode-client.js";
import { httpClient, serverScenarios, ServerError } from "../../baseline/clients/http.js";
import { inProcessClient } from "../../baseline/clients/in-process.js";
import { openAIChat } from "../../baseline/llm/chat.js";
import { llmConfigFrom, LlmConfigError } from "../../baseline/llm/config.js";
import { runInference } from "../../baseline/llm/inference.js";
import { selectScenarios, SelectionError } from "../../baseline/selection.js";
import { servedCatalog } from "../../generator/family.js";
import { parseCommandArgs } from "./args.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { integerFlag } from "./numbers.js";
import { INFERENCE_USAGE } from "./usage.js";

/** Runs the LLM runner; exit 0 when every episode ran, 1 when an episode ended on an API failure, 2 on bad usage or settings. */
export async function runInferenceCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      task: { type: "string" },
      scenario: { type: "string" },
      episodes: { type: "string" },
      concurrency: { type: "string" },
      url: { type: "string" },
      seed: { type: "string" },
      policy: { type: "string" },
      "max-retries": { type: "string" },
    },
    INFERENCE_USAGE,
    false,
  );
  if (values.help) {
    io.stdout(INFERENCE_USAGE);
    return EXIT.ok;
  }
  const episodes = values.episodes === undefined ? undefined : integerFlag("episodes", values.episodes, 1, INFERENCE_USAGE, 1, 100_000);
  const concurrency = integerFlag("concurrency", values.concurrency, 1, INFERENCE_USAGE, 1, 256);
  const seed = integerFlag("seed", values.seed, 0, INFERENCE_USAGE, 0, Number.MAX_SAFE_INTEGER);
  const maxRetries = integerFlag("max-retries", values["max-retries"], 4, INFERENCE_USAGE, 0, 10);
  if (values.url !== undefined && !/^https?:\/\//.test(values.url)) throw new UsageError(`--url must be an http(s) URL, got '${values.url}'`, INFERENCE_USAGE);

  const fail = (message: string): number => {
    io.stderr(`breakfix inference: ${message}\n`);
    return EXIT.usage;
  };
  let config;
  try {
    config = llmConfigFrom(io.env);
  } catch (error) {
    if (error instanceof LlmConfigError) return fail(error.message);
    throw error;
  }
  let policy: AgentPolicy = defaultPolicy;
  if (values.policy !== undefined) {
    try {
      policy = await loadPolicy(path.resolve(io.cwd, values.policy));
    } catch (error) {
      return fail(`cannot load --policy ${values.policy}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  let client: EpisodeClient;
  let requests: EpisodeRequest[];
  try {
    const selection = { task_id: values.task, scenario_id: values.scenario };
    if (values.url !== undefined) {
      client = httpClient(values.url);
      requests = episodes === undefined ? await serverEpisodes(values.url, selection) : seeded(episodes, seed, selection);
    } else {
      const catalog = servedCatalog();
      const ids = selectScenarios(catalog, selection);
      client = inProcessClient(catalog);
      requests = episodes === undefined ? ids.map((scenario_id) => ({ scenario_id })) : seeded(episodes, seed, selection);
    }
  } catch (error) {
    if (error instanceof SelectionError) throw new UsageError(error.message, INFERENCE_USAGE);
    if (error instanceof ServerError) return fail(error.message);
    throw error;
  }

  const results = await runInference({
    client,
    chat: openAIChat(config, { maxRetries }),
    policy,
    model: config.model,
    episodes: requests,
    concurrency,
    write: (line) => io.stdout(`${line}\n`),
  });
  const mean = results.reduce((s, r) => s + r.score, 0) / Math.max(1, results.length);
  const solved = results.filter((r) => r.solved).length;
  const failed = results.filter((r) => r.error !== null);
  io.stderr(`${results.length} episode(s), mean score ${mean.toFixed(3)}, solved ${solved}/${results.length}, model ${config.model}\n`);
  for (const r of failed) io.stderr(`episode ${r.episode_id} (${r.scenario_id}) stopped early: ${r.error}\n`);
  return failed.length > 0 ? EXIT.findings : EXIT.ok;
}

/** N episodes chosen by seed (seed, seed+1, …) within the selection, as /reset picks them. */
function seeded(n: number, seed: number, selection: { task_id?: string | undefined; scenario_id?: string | undefined }): EpisodeRequest[] {
  return Array.from({ length: n }, (_, i) => ({
    ...(selection.task_id === undefined ? {} : { task_id: selection.task_id }),
    ...(selection.scenario_id === undefined ? {} : { scenario_id: selection.scenario_id }),
    seed: seed + i,
  }));
}

async function serverEpisodes(url: string, selection: { task_id?: string | undefined; scenario_id?: string | undefined }): Promise<EpisodeRequest[]> {
  const all = await serverScenarios(url, selection.task_id);
  if (selection.scenario_id === undefined) return all.map((s) => ({ scenario_id: s.scenario_id }));
  if (!all.some((s) => s.scenario_id === selection.scenario_id)) throw new ServerError(404, `the server has no scenario '${selection.scenario_id}'`);
  return [{ scenario_id: selection.scenario_id }];
}

/** A module exporting `policy` (an AgentPolicy). */
async function loadPolicy(file: string): Promise<AgentPolicy> {
  const module = (await import(pathToFileURL(file).href)) as { policy?: AgentPolicy };
  const candidate = module.policy;
  if (typeof candidate?.messages !== "function" || typeof candidate.parse !== "function") throw new Error("the module must export `policy` with messages() and parse()");
  return candidate;
}
