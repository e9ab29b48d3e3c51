/**
 * K8S023: the container's command names a program the image does not have (StartError), or a script the
 * image does not contain (the interpreter exits), or the app's own CLI exits at once (asked for its --help, or
 * given arguments it refuses): either way CrashLoopBackOff.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podName } from "../identity.js";
import { backOffRestarting, describePod, podRef, startEvents } from "../messages.js";
import { stringAt, type FieldPath } from "../object.js";
import { runsPods, type ContainerRef } from "../workload.js";
import { APP_FILES, DEPLOYMENT, NGINX_DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

/** Where argument `i` of the process comes from: `command`, `args`, or the image (reported at `image`). */
function argPath(c: ContainerRef, i: number): FieldPath {
  const command = Array.isArray(c.container["command"]) ? c.container["command"].length : undefined;
  if (command !== undefined && i < command) return [...c.path, "command", i];
  if (Array.isArray(c.container["args"])) return [...c.path, "args", i - (command ?? 0)];
  if (command !== undefined) return [...c.path, "command"];
  return [...c.path, "image"];
}

export const commandNotFound = k8sRule({
  code: "K8S023",
  name: "command-not-found",
  summary: "The container's command or script does not exist in the image, or the app's CLI exits at once (--help, arguments it refuses): StartError or the process exits, then CrashLoopBackOff",
  stage: "runtime",
  severity: "error",
  phase: "start",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "container-started"(e, ctx) {
      const { object: o, container: c, outcome } = e;
      if (!e.config) return; // an image nobody knows: its contents cannot be judged
      if (outcome.kind === "unknown") ctx.undecided();
      if (outcome.kind === "unknown" || outcome.kind === "started") return;
      const failure = outcome;
      const image = stringAt(c.container, ["image"]) ?? "";
      const backOff = backOffRestarting(o, c);
      if (failure.kind === "exec") {
        const error = `Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${failure.message}: unknown`;
        const log = describePod(o, c, ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       StartError", `  Message:      ${error.slice(7)}`, "  Exit Code:    128"], [...startEvents(o, c, image).slice(0, 3), { type: "Warning", reason: "Failed", from: "kubelet", message: error }, { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }]);
        ctx.report(at(o, argPath(c, failure.argIndex)), error, { log, detail: { pod: "CrashLoopBackOff" } });
      } else {
        // A process that exits 0 is Completed, and restarted all the same under restartPolicy Always.
        const reason = failure.exitCode === 0 ? "Completed" : "Error";
        const log = `${describePod(o, c, ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", `  Reason:       ${reason}`, `  Exit Code:    ${failure.exitCode}`], [...startEvents(o, c, image), { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }])}\n\n$ kubectl logs ${podName(o)} --previous\n${failure.log}`;
        ctx.report(at(o, argPath(c, failure.argIndex)), headline(failure.log), { log, detail: { pod: "CrashLoopBackOff" } });
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "the other script of the image", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          command: ["python", "worker.py"]\n          ports:')), world: WORLD },
      { name: "the official image's own entrypoint script", files: withFile("k8s/deployment.yaml", NGINX_DEPLOYMENT), world: WORLD },
      { name: "python -m", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          args: ["-m", "http.server"]\n          ports:')), world: WORLD },
    ],
    invalid: [
      {
        name: "misspelt script",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          command: ["python", "workers.py"]\n          ports:')),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 20,
        message: "python: can't open file '/app/workers.py': [Errno 2] No such file or directory",
      },
      { name: "misspelt interpreter", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", "          command:\n            - pyhton\n            - worker.py\n          ports:")), world: WORLD, line: 21, message: 'exec: "pyhton": executable file not found in $PATH' },
      {
        name: "the entrypoint script execs a script the image's working directory lacks",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "ghcr.io/acme/web:1.1")),
        world: {
          ...WORLD,
          registry: {
            "ghcr.io/acme/web": {
              ...WORLD.registry!["ghcr.io/acme/web"],
              "1.1": { workdir: "/", entrypoint: ["docker-entrypoint.sh"], cmd: ["node", "server.js"], binaries: ["node", "sh", "docker-entrypoint.sh"], files: ["/app/server.js"], app: "web" },
            },
          },
        },
        message: "Cannot find module '/server.js'",
      },
      {
        // Node prints the error above its stack and a version footer: the finding names the module, not the footer.
        name: "a Node app's dependency missing from the image",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "ghcr.io/acme/web:1.2")),
        world: {
          ...WORLD,
          registry: {
            "ghcr.io/acme/web": {
              ...WORLD.registry!["ghcr.io/acme/web"],
              "1.2": { workdir: "/app", cmd: ["node", "server.js"], binaries: ["node", "sh"], files: ["/app/server.js"], app: "api", missing_module: "express" },
            },
          },
          apps: [...WORLD.apps!, { name: "api", language: "node", entry: "server.js", port: 8080, memory_mib: 100, required_env: [], health_path: "/health" }],
        },
        message: "Error: Cannot find module 'express'",
      },
      { name: "script fixed in args only", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          args: ["workers.py"]\n          ports:')), world: WORLD, message: "can't open file '/app/workers.py'" },
    ],
  },
});

/**
 * The line of a crashed process's log that says what went wrong: its last error line (Python's traceback ends
 * with it, Node's prints it above the stack and a "Node.js v20..." footer), else its last line.
 */
function headline(log: string): string {
  const lines = log.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) if (/^[\w.]*(?:Error|Exception)\b/.test(lines[i]!)) return lines[i]!;
  return lines.findLast((l) => l.trim() !== "" && !/^Node\.js v\d/.test(l)) ?? "";
}
