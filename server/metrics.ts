/**
 * /metrics in Prometheus text format (prom-client): requests by route and status, step latency, live
 * sessions by transport, evictions, worker restarts, deadline timeouts, WebSocket backpressure, and the
 * process's own metrics (memory, CPU, event-loop lag). Each app has its own registry, so that many apps in
 * one process (tests) do not mix their counts; the process metrics are registered once and shared.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { EvictionReason } from "./sessions.js";

let processRegistry: Registry | undefined;

/** The process-wide metrics (prom-client's defaults), registered on first use. */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the gauges read when scraped. */
export interface MetricSources {
  sessions(): Record<string, number>;
  pool(): { pending: number; running: number };
  wsBufferedBytes(): number;
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "breakfix_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly steps = new Histogram({
    name: "breakfix_step_duration_seconds",
    help: "Time to play one action, from the episode's queue to the answer, by transport and outcome",
    labelNames: ["transport", "outcome"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly evictions = new Counter({
    name: "breakfix_evictions_total",
    help: "Sessions and episodes dropped without their owner asking: idle past SESSION_TTL_S, or a finished episode making room",
    labelNames: ["reason", "kind"] as const,
    registers: [this.registry],
  });
  private readonly restarts = new Counter({
    name: "breakfix_worker_restarts_total",
    help: "Episode workers replaced, after a deadline or because one stopped",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  private readonly timeouts = new Counter({
    name: "breakfix_step_timeouts_total",
    help: "Tasks stopped for running past STEP_TIMEOUT_MS, by operation",
    labelNames: ["op"] as const,
    registers: [this.registry],
  });
  private readonly backpressure = new Counter({
    name: "breakfix_ws_backpressure_total",
    help: "WebSocket clients paused for not reading their answers (WS_BUFFER_BYTES), and those closed with 1013 for staying so",
    labelNames: ["action"] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    new Gauge({
      name: "breakfix_sessions",
      help: "Live sessions by transport (HTTP episodes, WebSocket and MCP sessions)",
      labelNames: ["transport"] as const,
      registers: [this.registry],
      collect() {
        for (const [transport, count] of Object.entries(sources.sessions())) this.set({ transport }, count);
      },
    });
    new Gauge({
      name: "breakfix_pool_pending_tasks",
      help: "Episode tasks sent to the pool and not yet answered",
      registers: [this.registry],
      collect() {
        this.set(sources.pool().pending);
      },
    });
    new Gauge({
      name: "breakfix_pool_workers",
      help: "Episode worker threads running",
      registers: [this.registry],
      collect() {
        this.set(sources.pool().running);
      },
    });
    new Gauge({
      name: "breakfix_ws_buffered_bytes",
      help: "Bytes queued for WebSocket clients and not yet sent",
      registers: [this.registry],
      collect() {
        this.set(sources.wsBufferedBytes());
      },
    });
  }

  /** The counter and histogram children per label set: every request and step would hash its labels again. */
  private readonly requestCounts = new LabelledChildren((key: string) => {
    const [method, route, status] = key.split("\u0000") as [string, string, string];
    return this.requests.labels({ method, route, status });
  });
  private readonly stepTimes = new LabelledChildren((key: string) => {
    const [transport, outcome] = key.split("\u0000") as [string, string];
    return this.steps.labels({ transport, outcome });
  });

  request(method: string, route: string, status: number): void {
    this.requestCounts.of(`${method}\u0000${route}\u0000${status}`).inc();
  }

  step(transport: string, seconds: number, outcome: string): void {
    this.stepTimes.of(`${transport}\u0000${outcome}`).observe(seconds);
  }

  eviction(reason: EvictionReason, kind: string): void {
    this.evictions.inc({ reason, kind });
  }

  workerRestart(reason: string): void {
    this.restarts.inc({ reason });
  }

  timeout(op: string): void {
    this.timeouts.inc({ op });
  }

  wsBackpressure(action: "paused" | "closed"): void {
    this.backpressure.inc({ action });
  }

  /** The exposition text: this app's metrics, then the process's. */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await processMetrics().metrics());
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * A metric's children by their joined label values, made on first use. Bounded: the label values come from
 * a fixed set (methods, routes, statuses, transports, outcomes), but a bound keeps a surprise from growing it.
 */
class LabelledChildren<C> {
  private readonly children = new Map<string, C>();

  constructor(private readonly make: (key: string) => C) {}

  of(key: string): C {
    let child = this.children.get(key);
    if (child === undefined) {
      child = this.make(key);
      if (this.children.size < 1024) this.children.set(key, child);
    }
    return child;
  }
}
