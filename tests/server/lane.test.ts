/**
 * A lane's deadline, on a stand-in worker and fake clocks: each task gets STEP_TIMEOUT_MS from the moment it
 * becomes the running one, whatever timer an earlier task left set, and an idle lane stops nothing; progress
 * restarts a step's deadline but never carries a task past MAX_REPLAY_MS in all.
 */
import { EventEmitter } from "node:events";
import type { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_REPLAY_MS } from "../../contracts/limits.js";
import { ReplayDeadlineError, StepDeadlineError } from "../../server/pool/errors.js";
import { WorkerLane } from "../../server/pool/lane.js";
import type { EpisodeTask } from "../../server/pool/tasks.js";

const DEADLINE = 1000;

/** A worker that answers only when told to, and records what it was sent. */
class StandInWorker extends EventEmitter {
  readonly sent: Array<{ id: number; task: EpisodeTask }> = [];
  terminated = false;
  postMessage(message: { id: number; task: EpisodeTask }): void {
    this.sent.push(message);
  }
  answer(id: number): void {
    this.emit("message", { type: "result", id, ok: true, value: `answer ${id}` });
  }
  ref(): void {}
  unref(): void {}
  terminate(): Promise<number> {
    this.terminated = true;
    return Promise.resolve(0);
  }
}

const task: EpisodeTask = { op: "grade", scenarioId: "typo_filename", actions: [] };

describe("a lane's deadline", () => {
  let workers: StandInWorker[];
  let lane: WorkerLane;
  let deadlines: number;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    workers = [];
    deadlines = 0;
    lane = new WorkerLane({
      index: 0,
      deadlineMs: DEADLINE,
      events: { deadlineExceeded: () => void deadlines++, workerReplaced: () => undefined },
      spawn: () => {
        const worker = new StandInWorker();
        workers.push(worker);
        queueMicrotask(() => worker.emit("message", { type: "ready" }));
        return worker as unknown as Worker;
      },
    });
  });

  afterEach(async () => {
    await lane.close();
    vi.useRealTimers();
  });

  const ready = async (): Promise<StandInWorker> => {
    await lane.whenReady();
    return workers.at(-1)!;
  };

  it("gives a task that starts late in an earlier task's timer the whole deadline", async () => {
    const worker = await ready();
    const first = lane.submit(task);
    worker.answer(worker.sent[0]!.id);
    await expect(first).resolves.toBe(`answer ${worker.sent[0]!.id}`);
    vi.advanceTimersByTime(DEADLINE * 0.9);
    const second = lane.submit(task);
    const outcome = second.then(
      () => "answered",
      (error: unknown) => error,
    );
    // The first task's timer fires now; the second has run a tenth of its deadline.
    vi.advanceTimersByTime(DEADLINE * 0.2);
    expect(deadlines).toBe(0);
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(DEADLINE * 0.85);
    expect(deadlines).toBe(1);
    expect(await outcome).toBeInstanceOf(StepDeadlineError);
    expect(worker.terminated).toBe(true);
  });

  it("counts each queued task's deadline from when it becomes the running one", async () => {
    const worker = await ready();
    const tasks = [lane.submit(task), lane.submit(task), lane.submit(task)];
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(DEADLINE * 0.8);
      worker.answer(worker.sent[i]!.id);
      await expect(tasks[i]).resolves.toBe(`answer ${worker.sent[i]!.id}`);
    }
    expect(deadlines).toBe(0);
  });

  it("stops nothing while idle, however long", async () => {
    const worker = await ready();
    const first = lane.submit(task);
    worker.answer(worker.sent[0]!.id);
    await first;
    vi.advanceTimersByTime(DEADLINE * 10);
    expect(deadlines).toBe(0);
    expect(worker.terminated).toBe(false);
  });

  it("stops a task that reports no progress, and restarts its clock when it does", async () => {
    const worker = await ready();
    const running = lane.submit(task).catch((error: unknown) => error);
    const id = worker.sent[0]!.id;
    vi.advanceTimersByTime(DEADLINE * 0.7);
    worker.emit("message", { type: "progress", id });
    vi.advanceTimersByTime(DEADLINE * 0.7);
    expect(deadlines).toBe(0);
    vi.advanceTimersByTime(DEADLINE * 0.4);
    expect(deadlines).toBe(1);
    expect(await running).toBeInstanceOf(StepDeadlineError);
  });

  it("stops a task that reports progress in time forever at MAX_REPLAY_MS, with a 503 that names it", async () => {
    const worker = await ready();
    const running = lane.submit(task).catch((error: unknown) => error);
    const id = worker.sent[0]!.id;
    let elapsed = 0;
    // Each action of the replay takes most of STEP_TIMEOUT_MS, and reports in time: the step deadline never fires.
    while (deadlines === 0 && elapsed < MAX_REPLAY_MS * 2) {
      vi.advanceTimersByTime(DEADLINE * 0.7);
      elapsed += DEADLINE * 0.7;
      worker.emit("message", { type: "progress", id });
    }
    expect(deadlines).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(MAX_REPLAY_MS);
    expect(elapsed).toBeLessThan(MAX_REPLAY_MS + DEADLINE);
    const error = await running;
    expect(error).toBeInstanceOf(ReplayDeadlineError);
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining(`grading ran longer than MAX_REPLAY_MS (${MAX_REPLAY_MS} ms) in all`) });
    expect(worker.terminated).toBe(true);
  });

  it("gives the next task its own MAX_REPLAY_MS, whatever the one before used", async () => {
    const worker = await ready();
    const first = lane.submit(task);
    for (let t = 0; t < MAX_REPLAY_MS - DEADLINE; t += DEADLINE / 2) {
      vi.advanceTimersByTime(DEADLINE / 2);
      worker.emit("message", { type: "progress", id: worker.sent[0]!.id });
    }
    worker.answer(worker.sent[0]!.id);
    await first;
    const second = lane.submit(task);
    vi.advanceTimersByTime(DEADLINE / 2);
    worker.emit("message", { type: "progress", id: worker.sent[1]!.id });
    vi.advanceTimersByTime(DEADLINE / 2);
    worker.emit("message", { type: "progress", id: worker.sent[1]!.id });
    worker.answer(worker.sent[1]!.id);
    await expect(second).resolves.toBe(`answer ${worker.sent[1]!.id}`);
    expect(deadlines).toBe(0);
  });
});
