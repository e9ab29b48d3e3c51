/**
 * The processes breakfix starts read their environment from a plain copy (server/plain-env.ts): every name and
 * value is still there, reads and writes behave as on an object, and a worker thread started after the swap
 * starts with the same environment (the pool's workers are started so, and swap their own).
 */
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { usePlainEnvironment } from "../../server/plain-env.js";

const original = process.env;

afterEach(() => {
  process.env = original;
});

describe("the plain environment", () => {
  it("keeps every name and value of the process's environment", () => {
    const before = { ...process.env };
    usePlainEnvironment();
    expect(process.env).not.toBe(original);
    expect(Object.getPrototypeOf(process.env)).toBe(Object.prototype);
    expect({ ...process.env }).toEqual(before);
    expect(process.env["PATH"]).toBe(before["PATH"]);
    expect(process.env["BREAKFIX_NO_SUCH_NAME"]).toBeUndefined();
  });

  it("is read as an ordinary object, and a worker started after it has the same environment", async () => {
    usePlainEnvironment();
    process.env["BREAKFIX_PLAIN_ENV_PROBE"] = "seen";
    expect(process.env["BREAKFIX_PLAIN_ENV_PROBE"]).toBe("seen");
    delete process.env["BREAKFIX_PLAIN_ENV_PROBE"];
    const worker = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ ...process.env });", { eval: true });
    const seen = await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(seen).toEqual({ ...original });
  });
});
