/**
 * K8S023: the container's command names a program the image does not have (StartError), or a script the
 * image does not contain (the interpreter exits): either way CrashLoopBackOff.
 */
import { startFailure } from "../container-process.js";
import { backOffRestarting, describePod, podRef, startEvents } from "../messages.js";
import { podName } from "../identity.js";
import { stringAt, type FieldPath } from "../object.js";
import { defineRule } from "../rule.js";
import { podCount, runsPods, type ContainerRef } from "../workload.js";
import type { ImageConfig } from "../../world.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

/** Where argument `i` of the process comes from: `command`, `args`, or the image (reported at `image`). */
function argPath(c: ContainerRef, i: number): FieldPath {
  const command = Array.isArray(c.container["command"]) ? c.container["command"].length : undefined;
  if (command !== undefined && i < command) return [...c.path, "command", i];
  if (Array.isArray(c.container["args"])) return [...c.path, "args", i - (command ?? 0)];
  if (command !== undefined) return [...c.path, "command"];
  return [...c.path, "image"];
}

/**
 * The image's own ENTRYPOINT is in the image (nginx's /docker-entrypoint.sh, node's docker-entrypoint.sh) even
 * where the registry lists only the programs on PATH: when `command` does not replace it, it starts.
 */
function withOwnEntrypoint(c: ContainerRef, config: ImageConfig): ImageConfig {
  const own = c.container["command"] === undefined ? config.entrypoint?.[0] : undefined;
  if (own === undefined || !config.binaries) return config;
  return { ...config, binaries: [...config.binaries, own] };
}

export const commandNotFound = defineRule({
  code: "K8S023",
  name: "command-not-found",
  summary: "The container's command or script does not exist in the image: StartError or the interpreter exits, then CrashLoopBackOff",
  stage: "runtime",
  severity: "error",
  phase: "start",
  needsWorld: true,
  appliesTo: runsPods,
  check(ctx) {
    for (const o of ctx.objects) {
      if (podCount(o) === 0) {
        ctx.undecided(o);
        continue;
      }
      for (const c of ctx.cluster.containers(o)) {
        const config = ctx.cluster.imageConfig(c);
        if (!config) continue; // an image nobody knows: its contents cannot be judged
        const failure = startFailure(ctx.cluster.argv(c), withOwnEntrypoint(c, config), stringAt(c.container, ["workingDir"]) ?? config.workdir ?? "/");
        if (failure === "unknown") ctx.undecided(o);
        if (failure === "unknown" || failure === undefined) continue;
        const image = stringAt(c.container, ["image"]) ?? "";
        const backOff = backOffRestarting(o, c);
        if (failure.kind === "exec") {
          const error = `Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${failure.message}: unknown`;
          const log = describePod(o, c, ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       StartError", `  Message:      ${error.slice(7)}`, "  Exit Code:    128"], [...startEvents(o, c, image).slice(0, 3), { type: "Warning", reason: "Failed", from: "kubelet", message: error }, { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }]);
          ctx.report(o, argPath(c, failure.argIndex), `${error}\n${backOff}`, { log });
        } else {
          const log = `${describePod(o, c, ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       Error", `  Exit Code:    ${failure.exitCode}`], [...startEvents(o, c, image), { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }])}\n\n$ kubectl logs ${podName(o)} --previous\n${failure.log}`;
          ctx.report(o, argPath(c, failure.argIndex), `${failure.log.split("\n").pop()}\nBack-off restarting failed container ${c.name} in pod ${podRef(o)}`, { log });
        }
      }
    }
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "the other script of the image", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          command: ["python", "worker.py"]\n          ports:')), world: WORLD },
      { name: "the official image's own entrypoint script", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "nginx:1.27")), world: WORLD },
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
      { name: "script fixed in args only", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          ports:", '          args: ["workers.py"]\n          ports:')), world: WORLD, message: "can't open file '/app/workers.py'" },
    ],
  },
});
