/**
 * An HTTP request to the host, as curl makes it: through the firewall to whatever listens on the port, which
 * is nginx (answering from the configuration it loaded) or the app's own socket. The answer is the status or
 * curl's error, with the log lines a user would find (nginx's error.log, the app's traceback).
 */
import type { Repository } from "../../repository.js";
import { appAnswer } from "../app/serve.js";
import { HostFs } from "../fs.js";
import { connectIn } from "../network.js";
import type { NginxModel } from "../nginx/model.js";
import { checkNginx } from "../nginx/model.js";
import { serveRequest } from "../nginx/serve.js";
import { nginxEnvironment } from "../daemons/nginx.js";
import { loadedSource } from "../sources.js";
import type { HostState } from "../state.js";

export interface HttpResult {
  /** The HTTP status, or null when no answer came (curl's error is in `curlError`). */
  status: number | null;
  curlError: string | null;
  /** nginx's error log lines and the app's, for the log an engineer would read. */
  log: string[];
  /** The process that answered (nginx, the app), when one did. */
  server: "nginx" | "app" | "other" | null;
  /** The app's unit whose answer this is (through nginx or directly), or null when no app answered. */
  app: string | null;
}

const models = new Map<string, NginxModel | null>();

/** The model of a running nginx's loaded configuration. */
export function runningNginx(files: Repository, state: HostState, unit: string): NginxModel | null {
  const loaded = state.units[unit]?.loaded;
  if (!loaded) return null;
  const key = JSON.stringify(loaded);
  if (!models.has(key)) {
    if (models.size > 128) models.clear();
    const check = checkNginx(loadedSource(loaded), nginxEnvironment(new HostFs(files, state), state));
    models.set(key, check.ok ? check.model : null);
  }
  return models.get(key) ?? null;
}

export function stamp(t: number): string {
  const d = new Date(t * 1000).toISOString();
  return `${d.slice(0, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)} ${d.slice(11, 19)}`;
}

export function httpRequest(files: Repository, state: HostState, request: { from: string; address: string; host: string; port: number; path: string }): HttpResult {
  const outcome = connectIn(state, request.from, request.address, request.port);
  const url = `${request.host}${request.port === 80 ? "" : `:${request.port}`}`;
  if (outcome.kind === "timeout") return { status: null, curlError: `curl: (28) Failed to connect to ${url.split(":")[0]} port ${request.port} after 10001 ms: Timeout was reached`, log: [], server: null, app: null };
  if (outcome.kind === "refused") return { status: null, curlError: `curl: (7) Failed to connect to ${url.split(":")[0]} port ${request.port} after 0 ms: Connection refused`, log: [], server: null, app: null };
  const p = outcome.process;
  if (p?.unit && p.command.startsWith("nginx: master")) {
    const model = runningNginx(files, state, p.unit);
    if (!model) return { status: 500, curlError: null, log: [], server: "nginx", app: null };
    const worker = state.processes.find((x) => x.ppid === p.pid)?.pid ?? p.pid;
    const answer = serveRequest(files, state, model, { client: request.from, host: request.host, path: request.path, port: request.port }, stamp(state.clock), worker);
    if (answer.status === 444) return { status: null, curlError: "curl: (52) Empty reply from server", log: [], server: "nginx", app: null };
    return { status: answer.status, curlError: null, log: [...answer.errors, ...answer.upstreamLog], server: "nginx", app: answer.app };
  }
  if (p?.unit && state.facts.apps[p.unit]) {
    const answer = appAnswer(files, state, p.unit, request.path);
    if (answer.kind === "timeout") return { status: null, curlError: `curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received`, log: answer.log, server: "app", app: p.unit };
    return { status: answer.status, curlError: null, log: answer.log, server: "app", app: p.unit };
  }
  // Something else answers on the port (a stray `python3 -m http.server`): not the site. It writes to neither
  // nginx's log nor the app's, so the log has nothing to add: `ss -tlnp` is where an engineer finds who it is.
  return { status: 404, curlError: null, log: [], server: "other", app: null };
}
