/**
 * Episodes played against a breakfix server over its REST API. Every reset names a fresh episode_id, so one
 * runner can play many episodes at once on one server without touching its default episode.
 */
import { randomUUID } from "node:crypto";
import type { Action } from "../../contracts/actions.js";
import { StepResultSchema, type StepResult } from "../../contracts/observation.js";
import type { EpisodeClient, EpisodeRequest } from "./episode-client.js";

/** A server answered with an error status; the message carries its `detail`. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ServerError";
  }
}

/**
 * An EpisodeClient for the server at `baseUrl` (e.g. http://127.0.0.1:8000).
 * @example const client = httpClient("http://127.0.0.1:8000");
 */
export function httpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): EpisodeClient {
  const root = baseUrl.replace(/\/+$/, "");
  const post = async (path: string, body: unknown): Promise<StepResult> => {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new ServerError(0, `cannot reach ${root}${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new ServerError(response.status, `${path} answered ${response.status}: ${detailOf(text)}`);
    const parsed = StepResultSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new ServerError(response.status, `${path} answered something that is not a step result`);
    return parsed.data;
  };
  return {
    reset: (request: EpisodeRequest) => post("/reset", { ...request, episode_id: randomUUID() }),
    step: (episodeId: string, action: Action) => post("/step", { episode_id: episodeId, action }),
  };
}

/** FastAPI's `detail`, a string or a list of validation errors, as one line. */
function detailOf(text: string): string {
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) {
      return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join(".")}: ${d.msg ?? ""}`).join("; ");
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 500);
}

/** The scenarios a server offers (GET /tasks), as episode requests by id, optionally one task's only. */
export async function serverScenarios(baseUrl: string, taskId?: string, fetchImpl: typeof fetch = fetch): Promise<Array<{ task_id: string; scenario_id: string }>> {
  const root = baseUrl.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetchImpl(`${root}/tasks`);
  } catch (error) {
    throw new ServerError(0, `cannot reach ${root}/tasks: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ServerError(response.status, `/tasks answered ${response.status}`);
  const body = (await response.json()) as { tasks: Array<{ task_id: string; scenarios: Array<{ scenario_id: string }> }> };
  if (taskId !== undefined && !body.tasks.some((t) => t.task_id === taskId)) {
    throw new ServerError(404, `the server has no task '${taskId}'; it has ${body.tasks.map((t) => t.task_id).join(", ")}`);
  }
  return body.tasks.filter((t) => taskId === undefined || t.task_id === taskId).flatMap((t) => t.scenarios.map((s) => ({ task_id: t.task_id, scenario_id: s.scenario_id })));
}
