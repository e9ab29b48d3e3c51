/**
 * A container's process followed into the app's own start (K8S023): a worker asked for its --help prints its
 * usage and exits 0, which a Deployment's restartPolicy Always turns into CrashLoopBackOff; arguments the
 * app's CLI does not take are a usage error; the options it takes start it. A Job's pod that exits 0 is done.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { parseWorld } from "../world.js";
import { containerStart } from "./container-process.js";
import { k8sSimulator } from "./index.js";
import type { ContainerRef } from "./workload.js";

const IMAGE = "ghcr.io/acme/thumbnailer:2.3.0";
const CONFIG = { os: "debian" as const, workdir: "/app", cmd: ["python", "worker.py"], binaries: ["python", "sh"], files: ["/app/worker.py"], app: "thumbnailer" };
const APP = { name: "thumbnailer", entry: "worker.py", language: "python" as const, accepted_args: ["--concurrency"] };
const world = parseWorld({ registry: { "ghcr.io/acme/thumbnailer": { "2.3.0": CONFIG } }, apps: [APP] });

const ref = (container: Record<string, unknown>): ContainerRef => ({ container: { name: "worker", image: IMAGE, ...container }, path: ["spec"], name: "worker", init: false, volumes: [] });

function deployment(command: string, kind = "Deployment"): string {
  const spec = kind === "Job" ? "      restartPolicy: Never\n" : "";
  const selector = kind === "Job" ? "" : "  replicas: 1\n  selector:\n    matchLabels:\n      app: thumbnailer\n";
  return `apiVersion: ${kind === "Job" ? "batch/v1" : "apps/v1"}\nkind: ${kind}\nmetadata:\n  name: thumbnailer\nspec:\n${selector}  template:\n    metadata:\n      labels:\n        app: thumbnailer\n    spec:\n${spec}      containers:\n        - name: worker\n          image: ${IMAGE}\n          command: ${command}\n`;
}

function k8s023(manifest: string) {
  const result = k8sSimulator.simulate(repositoryFrom({ "k8s/deployment.yaml": manifest }), world, { worldKnown: true });
  return result.diagnostics.filter((d) => d.code === "K8S023");
}

describe("containerStart into the app's CLI", () => {
  const app = world.apps[0]!;

  it("exits 0 with the usage line when the worker is asked for its help", () => {
    const outcome = containerStart(ref({}), ["python", "worker.py", "--help"], CONFIG, { app });
    expect(outcome).toEqual({ kind: "exit", argIndex: 2, exitCode: 0, log: "usage: worker.py [-h] [--concurrency CONCURRENCY]" });
    expect(containerStart(ref({}), ["python", "worker.py", "--concurrency", "4", "-h"], CONFIG, { app })).toMatchObject({ argIndex: 4, exitCode: 0 });
  });

  it("refuses an argument the CLI does not take, with argparse's exit status 2", () => {
    const outcome = containerStart(ref({}), ["python", "worker.py", "--threads", "4"], CONFIG, { app });
    expect(outcome).toEqual({ kind: "exit", argIndex: 2, exitCode: 2, log: "usage: worker.py [-h] [--concurrency CONCURRENCY]\nworker.py: error: unrecognized arguments: --threads 4" });
  });

  it("starts with the options it takes, and without any", () => {
    expect(containerStart(ref({}), ["python", "worker.py", "--concurrency", "4"], CONFIG, { app })).toEqual({ kind: "started" });
    expect(containerStart(ref({}), ["python", "worker.py", "--concurrency=4"], CONFIG, { app })).toEqual({ kind: "started" });
    expect(containerStart(ref({}), ["python", "worker.py"], CONFIG, { app })).toEqual({ kind: "started" });
  });

  it("leaves the help of another script, or an app whose options nobody lists, to run", () => {
    const other = { ...CONFIG, files: [...CONFIG.files, "/app/tasks.py"] };
    expect(containerStart(ref({}), ["python", "tasks.py", "--help"], other, { app })).toEqual({ kind: "started" });
    const { accepted_args: _, ...unlisted } = app;
    expect(containerStart(ref({}), ["python", "worker.py", "--help"], CONFIG, { app: unlisted })).toEqual({ kind: "started" });
    expect(containerStart(ref({}), ["python", "worker.py", "--help"], CONFIG)).toEqual({ kind: "started" });
  });

  it("counts a help that exits 0 as done where the pod is not restarted", () => {
    expect(containerStart(ref({}), ["python", "worker.py", "--help"], CONFIG, { app, restartsOnExit: false })).toEqual({ kind: "started" });
  });
});

describe("K8S023 on the worker's pods", () => {
  it("reports the Deployment's pods Completed and restarted: CrashLoopBackOff", () => {
    const [found] = k8s023(deployment('["python", "worker.py", "--help"]'));
    expect(found?.message).toBe("usage: worker.py [-h] [--concurrency CONCURRENCY]");
    expect(found?.log).toContain("Reason:       CrashLoopBackOff");
    expect(found?.log).toMatch(/Last State: +Terminated\n +Reason: +Completed\n +Exit Code: +0\n/);
  });

  it("reports an argument the worker refuses as an Error exit", () => {
    const [found] = k8s023(deployment('["python", "worker.py", "--version"]'));
    expect(found?.message).toBe("worker.py: error: unrecognized arguments: --version");
    expect(found?.log).toMatch(/Reason: +Error\n +Exit Code: +2\n/);
  });

  it("runs the worker with its own options", () => {
    expect(k8s023(deployment('["python", "worker.py", "--concurrency", "4"]'))).toEqual([]);
  });

  it("leaves a Job's pod that prints its help to complete", () => {
    expect(k8s023(deployment('["python", "worker.py", "--help"]', "Job"))).toEqual([]);
  });
});
