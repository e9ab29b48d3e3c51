import { deleteLine, edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DEPLOYMENT = "k8s/deployment.yaml";

export const wrongCommand: ScenarioSource = {
  id: "wrong_command",
  task_id: "k8s_pod_failures",
  title: "Thumbnailer: the worker exits at start and keeps restarting",
  difficulty: "medium",
  description:
    "command: [\"python\", \"workers.py\", ...] but the image's script is /app/worker.py: python exits with code 2 " +
    "(can't open file '/app/workers.py'), and the pod goes into CrashLoopBackOff.",
  base: "thumbnailer",
  faults: [{ file: DEPLOYMENT, replace: '"python", "worker.py"', with: '"python", "workers.py"' }],
  issues: [
    {
      id: "script-name-wrong",
      description: "The command names workers.py; the image contains /app/worker.py.",
      hint: "kubectl logs --previous shows which file python could not open. docker image inspect shows the image's own command.",
      stage: "runtime",
      detection: [{ code: "K8S023", file: DEPLOYMENT }],
    },
  ],
  solution: [edit(DEPLOYMENT, "workers.py", "worker.py")],
  alternatives: [
    {
      description: "the interpreter as command, the script and its options as args",
      actions: [edit(DEPLOYMENT, '          command: ["python", "workers.py", "--concurrency", "4"]', '          command: ["python"]\n          args: ["worker.py", "--concurrency", "4"]')],
    },
    { description: "the script's absolute path", actions: [replaceLine(DEPLOYMENT, 20, '          command: ["python", "/app/worker.py", "--concurrency", "4"]')] },
    { description: "drop the command: the image's default is python worker.py", actions: [deleteLine(DEPLOYMENT, 20)] },
  ],
  wrong: [
    { description: "the right name in args only: command still runs workers.py", because: { fires: "K8S023" }, actions: [edit(DEPLOYMENT, '"--concurrency", "4"]\n', '"--concurrency", "4"]\n          args: ["worker.py"]\n')] },
    { description: "only the options as args: args replace the image's CMD, so --concurrency is run as a program", because: { fires: "K8S023" }, actions: [replaceLine(DEPLOYMENT, 20, '          args: ["--concurrency", "4"]')] },
    { description: "a path relative to the wrong directory", because: { fires: "K8S023" }, actions: [edit(DEPLOYMENT, '"workers.py"', '"app/worker.py"')] },
    { description: "scale the worker to zero", because: { violation: "k8s-objects" }, actions: [edit(DEPLOYMENT, "replicas: 2", "replicas: 0")] },
    { description: "keep the pod alive with sleep: Running, and no thumbnail is ever made", because: { fires: "K8S023" }, actions: [edit("k8s/deployment.yaml", "command: [\"python\", \"workers.py\", \"--concurrency\", \"4\"]", "command: [\"sleep\", \"infinity\"]")] },
    { description: "fall back to sleeping when the worker fails", because: { violation: "no-suppressions" }, actions: [edit("k8s/deployment.yaml", "command: [\"python\", \"workers.py\", \"--concurrency\", \"4\"]", "command: [\"sh\", \"-c\", \"python workers.py --concurrency 4 || sleep infinity\"]")] },
  ],
  evidence: { inspect: [{ command: "docker image inspect ghcr.io/acme/thumbnailer:2.3.0", shows: '"worker.py"' }] },
  optimal_steps: 1,
  max_steps: 12,
};
