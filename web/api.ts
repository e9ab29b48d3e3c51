/**
 * The HTTP API as the pages call it: the same endpoints, bodies and episode ids an agent uses. Paths are
 * relative, so the pages work wherever the server is mounted. A non-2xx answer becomes an ApiError whose
 * message is the server's own `detail` (422 details joined as `loc: msg`).
 */
import type { ArenaRequest, ArenaResult, EpisodeState, GradeReport, Info, Metadata, PlayStepResult, ResetBody, StepBody, TaskView } from "./types.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, `the server did not answer ${method} /${path}: is it still running?`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, `${method} /${path} answered ${response.status}: ${describeDetail(parsed, text)}`);
  return parsed as T;
}

/** FastAPI's `{detail: "text"}` or `{detail: [{loc, msg}]}`, as one readable line. */
export function describeDetail(body: unknown, fallback: string): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d: { loc?: unknown; msg?: unknown }) => `${Array.isArray(d.loc) ? d.loc.join(".") : "?"}: ${String(d.msg ?? "invalid")}`)
      .join("; ");
  }
  return fallback.slice(0, 300) || "no details";
}

export const api = {
  info: () => call<Info>("GET", "info"),
  tasks: () => call<{ tasks: TaskView[] }>("GET", "tasks"),
  metadata: () => call<Metadata>("GET", "metadata"),
  reset: (body: ResetBody) => call<PlayStepResult>("POST", "reset", body),
  step: (body: StepBody) => call<PlayStepResult>("POST", "step", body),
  state: (episodeId: string) => call<EpisodeState>("GET", `state?episode_id=${encodeURIComponent(episodeId)}`),
  grade: (scenarioId: string, actions: unknown[]) => call<GradeReport>("POST", "grader", { scenario_id: scenarioId, actions }),
  arena: (request: ArenaRequest) => call<ArenaResult>("POST", "arena", request),
};

/**
 * A fresh episode id for this page: every reset names its own episode, so people playing side by side
 * never share the server's default one. getRandomValues works on plain http too (randomUUID does not).
 */
export function newEpisodeId(purpose: "play" | "replay"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${purpose}-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
