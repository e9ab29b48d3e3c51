/**
 * K8S026: a liveness (or startup) probe that cannot reach the app (wrong port, unknown port name): the
 * kubelet kills the container after each run of failures, and it ends in CrashLoopBackOff.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { backOffRestarting, describePod, startEvents, type PodEvent } from "../messages.js";
import { stringAt } from "../object.js";
import { runsPods } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

const NGINX_SITE = (listen: number, probe: number): Record<string, string> => ({
  "k8s/site.yaml": `apiVersion: v1
kind: ConfigMap
metadata:
  name: site-conf
data:
  default.conf: |
    server {
      listen ${listen};
      root /usr/share/nginx/html;
    }
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: site
spec:
  replicas: 1
  selector:
    matchLabels: {app: site}
  template:
    metadata:
      labels: {app: site}
    spec:
      containers:
        - name: nginx
          image: nginx:1.27-alpine
          ports:
            - containerPort: ${listen}
          livenessProbe:
            httpGet: {path: /, port: ${probe}}
          volumeMounts:
            - name: conf
              mountPath: /etc/nginx/conf.d
      volumes:
        - name: conf
          configMap:
            name: site-conf
`,
});

export const livenessProbe = k8sRule({
  code: "K8S026",
  name: "liveness-probe",
  summary: "A liveness or startup probe targets a port the app does not listen on: the container is restarted forever",
  stage: "runtime",
  severity: "error",
  phase: "probe",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "liveness-probed"(e, ctx) {
      const o = e.object;
      // Where no container's app is known to listen, no probe can be judged.
      const judged = e.containers.filter((c) => c.listening !== undefined);
      if (judged.length === 0) return ctx.undecided();
      for (const { container: c, probes } of judged) {
        // The first probe that fails (startup before liveness) is the one that restarts the container.
        const probe = probes.find((p) => p.failure);
        const failure = probe?.failure;
        if (!probe || !failure) continue;
        const label = probe.kind === "startupProbe" ? "Startup" : "Liveness";
        const unhealthy = `${label} probe ${failure.errored ? "errored" : "failed"}: ${failure.detail}`;
        const killing = `Container ${c.name} failed ${label.toLowerCase()} probe, will be restarted`;
        const events: PodEvent[] = [
          ...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""),
          { type: "Warning", reason: "Unhealthy", from: "kubelet", message: unhealthy },
          { type: "Normal", reason: "Killing", from: "kubelet", message: killing },
          { type: "Warning", reason: "BackOff", from: "kubelet", message: backOffRestarting(o, c) },
        ];
        const log = describePod(o, c, ["State:          Running", "Last State:     Terminated", "  Reason:       Error", "  Exit Code:    137", "Ready:          False", "Restart Count:  5"], events);
        ctx.report(at(o, failure.path), unhealthy, { log, detail: { pod: "CrashLoopBackOff" } });
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      {
        name: "an HTTP probe on another route the app serves",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /api/items\n              port: 8080")),
        world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, routes: ["/", "/health", "/api/items"] }] },
      },
      { name: "nginx moved to 8080 by its mounted config, the probe following", files: NGINX_SITE(8080, 8080) },
      { name: "probe by port name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: http")), world: WORLD },
      {
        name: "the app moved to 9000 by its PORT variable, the ports following",
        files: withFile(
          "k8s/deployment.yaml",
          DEPLOYMENT.replace("              containerPort: 8080\n", "              containerPort: 9000\n")
            .replace("          env:\n", '          env:\n            - name: PORT\n              value: "9000"\n')
            .replace("              path: /health\n              port: 8080", "              path: /health\n              port: 9000"),
        ),
        world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, port_env: "PORT" }] },
      },
    ],
    invalid: [
      {
        name: "an HTTP probe on a path the app does not serve",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /healthz\n              port: 8080")),
        world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, routes: ["/", "/health", "/api/items"] }] },
        message: "HTTP probe failed with statuscode: 404",
      },
      {
        name: "the app told to bind loopback: the kubelet connects to the pod's IP",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          env:\n", '          env:\n            - name: HOST\n              value: "127.0.0.1"\n')),
        world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, bind_env: "HOST" }] },
        message: ":8080/health\": dial tcp 10.244.0.",
      },
      { name: "nginx moved to 8080 by its mounted config, the probe left on 80", files: NGINX_SITE(8080, 80), message: ":80/\": dial tcp" },
      {
        name: "probe on 3000, app on 8080",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: 3000")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 41,
        message: "Liveness probe failed: Get \"http://10.244.0.",
      },
      { name: "tcpSocket on the wrong port", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            httpGet:\n              path: /health\n              port: 8080", "            tcpSocket:\n              port: 3000")), world: WORLD, message: "Liveness probe failed: dial tcp 10.244.0.239:3000: connect: connection refused" },
      {
        name: "the app's PORT variable set to 9000, the probe left on 8080",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("          env:\n", '          env:\n            - name: PORT\n              value: "9000"\n')),
        world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, port_env: "PORT" }] },
        message: ":8080/health\": dial tcp 10.244.0.",
      },
      {
        name: "a stock nginx image, which listens on 80, probed on the app's 8080",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("image: ghcr.io/acme/web:1.0", "image: nginx:1.27-alpine")),
        world: WORLD,
        message: ":8080/health\": dial tcp 10.244.0.",
      },
      { name: "unknown port name", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              path: /health\n              port: 8080", "              path: /health\n              port: web")), world: WORLD, message: "Liveness probe errored: couldn't find port: web" },
    ],
  },
});
