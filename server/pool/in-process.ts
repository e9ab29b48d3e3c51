/**
 * The in-process pool (`WORKERS=0`): one EpisodeHost in the main thread. Nothing crosses a thread, so it is
 * the cheapest for one client and the simplest to debug; but a task runs synchronously on the event loop, so
 * a slow step holds up every other request and no deadline can interrupt it (STEP_TIMEOUT_MS needs workers).
 */
import type { Catalog } from "../../tasks/catalog.js";
import { ShuttingDownError } from "./errors.js";
import { EpisodeHost } from "./host.js";
import { loadJudge } from "./judge.js";
import type { EpisodePool, PoolStats } from "./pool.js";
import type { EpisodeTask, TaskAnswers } from "./tasks.js";

const NO_PROGRESS = (): void => undefined;

export class InProcessPool implements EpisodePool {
  readonly kind = "in-process";
  readonly size = 0;
  private host: EpisodeHost | undefined;
  private readonly loading: Promise<EpisodeHost>;
  private pending = 0;
  private closed = false;

  constructor(catalog: Catalog, judgeModule?: string) {
    this.loading = loadJudge(judgeModule).then((judge) => (this.host = new EpisodeHost(catalog, judge)));
    // A judge module that fails to load fails each task that needs it; this keeps it from being unhandled.
    this.loading.catch(() => undefined);
  }

  async run<T extends EpisodeTask>(task: T): Promise<TaskAnswers[T["op"]]> {
    if (this.closed) throw new ShuttingDownError();
    const host = this.host ?? (await this.loading);
    this.pending++;
    try {
      return (await host.run(task, NO_PROGRESS)) as TaskAnswers[T["op"]];
    } finally {
      this.pending--;
    }
  }

  async warmUp(): Promise<void> {
    await this.loading;
  }

  stats(): PoolStats {
    return { pending: this.pending, running: 0 };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
