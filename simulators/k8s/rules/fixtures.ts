/**
 * The small, working application the rules' cases start from: a Deployment `web` running the world's app
 * `web` (listening on 8080, needing 100 MiB and DATABASE_URL), its Service and Ingress, a ConfigMap and a
 * Secret. Each case breaks one thing with a `.replace()`, so a case reads as the fault it shows.
 */
import type { WorldInput } from "../../world.js";

export const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: ghcr.io/acme/web:1.0
          ports:
            - name: http
              containerPort: 8080
          envFrom:
            - configMapRef:
                name: web-config
          env:
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef:
                  name: web-db
                  key: url
          resources:
            requests:
              memory: 128Mi
              cpu: 100m
            limits:
              memory: 256Mi
          livenessProbe:
            httpGet:
              path: /health
              port: 8080
          readinessProbe:
            httpGet:
              path: /health
              port: http
`;

/** The Deployment running stock nginx in place of the app, its port and probes on nginx's own 80. */
export const NGINX_DEPLOYMENT = DEPLOYMENT.replace("ghcr.io/acme/web:1.0", "nginx:1.27").replaceAll("8080", "80");

export const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - name: http
      port: 80
      targetPort: http
`;

export const INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  ingressClassName: nginx
  rules:
    - host: web.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: web
                port:
                  number: 80
`;

export const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  LOG_LEVEL: info
---
apiVersion: v1
kind: Secret
metadata:
  name: web-db
type: Opaque
stringData:
  url: postgres://db:5432/web
`;

/** The whole application, one object kind per file as most repositories lay it out. */
export const APP_FILES = {
  "k8s/deployment.yaml": DEPLOYMENT,
  "k8s/service.yaml": SERVICE,
  "k8s/ingress.yaml": INGRESS,
  "k8s/config.yaml": CONFIG,
};

/** The world the application runs in: its image, its app's needs, a node and an installed ingress class. */
export const WORLD: WorldInput = {
  registry: {
    "ghcr.io/acme/web": {
      "1.0": {
        workdir: "/app",
        entrypoint: ["python"],
        cmd: ["app.py"],
        binaries: ["python", "sh"],
        files: ["/app/app.py", "/app/worker.py"],
        app: "web",
      },
    },
  },
  apps: [{ name: "web", language: "python", port: 8080, memory_mib: 100, required_env: ["DATABASE_URL"], health_path: "/health" }],
  cluster: { ingress_classes: ["nginx"], node: { memory_mib: 4096, cpu_millicores: 2000 } },
};

/** The application with `file` replaced by `content`. */
export function withFile(file: keyof typeof APP_FILES, content: string): Record<string, string> {
  return { ...APP_FILES, [file]: content };
}
