import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { backgroundCores, settle, threadCpuMs } from "../../bench/settle.js";

const linux = process.platform === "linux";

describe("the bench's warm-up until V8's background threads settle", () => {
  it("counts every thread but the main one and the busiest, per millisecond of the sample", () => {
    const pid = 4242;
    const before = new Map([["4242", 0], ["10", 0], ["11", 0], ["12", 0], ["13", 0]]);
    const after = new Map([["4242", 900], ["10", 950], ["11", 400], ["12", 100], ["13", 0], ["14", 50]]);
    // Main thread (the pid) left out; with one busy thread, the 950 ms one; a thread new since `before` counts whole.
    expect(backgroundCores(pid, before, after, 1, 1000)).toBeCloseTo(0.55);
    expect(backgroundCores(pid, before, after, 2, 1000)).toBeCloseTo(0.15);
    expect(backgroundCores(pid, before, after, 0, 2000)).toBeCloseTo(0.75);
  });

  it.runIf(linux)("reads this process's threads from /proc, the main thread under the process id", () => {
    const times = threadCpuMs(process.pid);
    expect(times.has(String(process.pid))).toBe(true);
    expect([...times.values()].every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);
  });

  it("reads nothing for a process that does not exist", () => {
    expect(threadCpuMs(2 ** 30).size).toBe(0);
  });

  it.runIf(linux)("waits at least the minimum, and ends at the maximum while a thread it does not count spins", async () => {
    // A worker spinning is a background thread when no thread is counted busy: it never settles.
    const spinner = new Worker("const end = Date.now() + 4000; while (Date.now() < end) {}", { eval: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const spun = await settle(process.pid, 0, { minSeconds: 0.2, maxSeconds: 1.2, coresPerBusy: 0.15 });
      expect(spun.settled).toBe(false);
      expect(spun.seconds).toBeGreaterThanOrEqual(1.1);
      expect(spun.backgroundCores).toBeGreaterThan(0.3);
    } finally {
      await spinner.terminate();
    }
  });

  it.runIf(linux)("settles after the minimum on a process whose threads are idle", async () => {
    const idle = spawn("sleep", ["10"], { stdio: "ignore" });
    try {
      const quiet = await settle(idle.pid!, 0, { minSeconds: 0.3, maxSeconds: 5, coresPerBusy: 0.15 });
      expect(quiet.settled).toBe(true);
      expect(quiet.seconds).toBeGreaterThanOrEqual(0.3);
      expect(quiet.seconds).toBeLessThan(4);
      expect(quiet.backgroundCores).toBe(0);
    } finally {
      idle.kill();
    }
  });
});
