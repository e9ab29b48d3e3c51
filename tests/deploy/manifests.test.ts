/**
 * deploy/: the Kubernetes manifests lint clean with breakfix's own Kubernetes simulator (schema validation as
 * the API server decodes, plus its rules), and hang together as a fleet (the Service selects the
 * Deployment's pods and names its port, the Ingress routes to the Service with nginx's WebSocket affinity,
 * the HPA scales the Deployment on CPU, the replicas find Redis by its Service); the compose file and its
 * nginx configuration describe the same fleet on one machine.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parse } from "yaml";
import { findTool, skipFleet } from "../../scripts/fleet/tools.js";
import type { CliIO } from "../../server/cli/io.js";
import { main } from "../../server/cli/main.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const KUBERNETES = path.join(ROOT, "deploy/kubernetes");

async function lint(args: string[], cwd = ROOT) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd };
  const code = await main(["lint", ...args], io);
  return { code, stdout, stderr };
}

/** Every object of every manifest, by kind and name. */
function objects(): Map<string, any> {
  const found = new Map<string, any>();
  for (const file of readdirSync(KUBERNETES).filter((f) => f.endsWith(".yaml"))) {
    for (const doc of parseAllDocuments(readFileSync(path.join(KUBERNETES, file), "utf8"))) {
      const object = doc.toJS();
      found.set(`${object.kind}/${object.metadata.name}`, object);
    }
  }
  return found;
}

describe("deploy/kubernetes", () => {
  it("`breakfix lint deploy/` finds nothing", async () => {
    expect(await lint(["deploy/"])).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(JSON.parse((await lint(["--format", "json", "deploy/"])).stdout)).toEqual([]);
  });

  it("the same lint checks every manifest: one field the API server would refuse, in any file, fails it", async () => {
    const files = readdirSync(KUBERNETES).filter((f) => f.endsWith(".yaml"));
    expect(files.sort()).toEqual(["deployment.yaml", "hpa.yaml", "ingress.yaml", "pdb.yaml", "redis.yaml", "service.yaml"]);
    for (const file of files) {
      const dir = mkdtempSync(path.join(tmpdir(), "breakfix-deploy-"));
      try {
        cpSync(KUBERNETES, dir, { recursive: true });
        const target = path.join(dir, file);
        writeFileSync(target, readFileSync(target, "utf8").replace("\nspec:\n", "\nspec:\n  replicaCount: 2\n"));
        const result = await lint([dir]);
        expect({ file, code: result.code }).toEqual({ file, code: 1 });
        expect(result.stdout).toContain(`${file}:`);
        expect(result.stdout).toContain('unknown field "spec.replicaCount"');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("is a fleet: N replicas probed on /health with resources, a Service, an affine Ingress, Redis, an HPA on CPU", () => {
    const all = objects();
    const deployment = all.get("Deployment/breakfix");
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: "/health", port: "http" });
    expect(container.ports).toContainEqual({ name: "http", containerPort: 8000 });
    expect(Object.keys(container.resources).sort()).toEqual(["limits", "requests"]);
    const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(env.EPISODE_STORE).toBe("redis://breakfix-redis:6379");

    const service = all.get("Service/breakfix");
    expect(service.spec.selector).toEqual(pod.metadata.labels);
    expect(service.spec.ports[0].targetPort).toBe("http");

    const ingress = all.get("Ingress/breakfix");
    expect(ingress.spec.ingressClassName).toBe("nginx");
    expect(ingress.metadata.annotations).toMatchObject({ "nginx.ingress.kubernetes.io/affinity": "cookie", "nginx.ingress.kubernetes.io/proxy-read-timeout": "3600" });
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: "breakfix", port: { name: "http" } });

    const hpa = all.get("HorizontalPodAutoscaler/breakfix");
    expect(hpa.apiVersion).toBe("autoscaling/v2");
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: "breakfix" });
    expect(hpa.spec.metrics[0].resource).toMatchObject({ name: "cpu", target: { type: "Utilization" } });

    const redis = all.get("StatefulSet/breakfix-redis");
    const redisService = all.get("Service/breakfix-redis");
    expect(redisService.spec.selector).toEqual(redis.spec.template.metadata.labels);
    expect(redisService.spec.ports[0].port).toBe(6379);
    // Kept across restarts: the episodes in flight go on after Redis comes back.
    expect(redis.spec.template.spec.containers[0].args).toEqual(expect.arrayContaining(["--appendonly", "yes"]));
    expect(redis.spec.volumeClaimTemplates[0].metadata.name).toBe("data");
  });
});

describe("deploy/compose.yaml", () => {
  it("runs Redis, the replicas on it and nginx in front, with a configuration nginx accepts", () => {
    const compose = parse(readFileSync(path.join(ROOT, "deploy/compose.yaml"), "utf8"));
    expect(Object.keys(compose.services).sort()).toEqual(["balancer", "breakfix", "redis"]);
    expect(compose.services.breakfix.environment.EPISODE_STORE).toBe("redis://redis:6379");
    expect(compose.services.breakfix.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(compose.services.breakfix.build.context).toBe("..");
    expect(compose.services.balancer.volumes).toContain("./nginx.conf:/etc/nginx/nginx.conf:ro");
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(["--appendonly", "yes"]));
  });

  it.skipIf(skipFleet())("nginx -t accepts deploy/nginx.conf", () => {
    const nginx = findTool("nginx");
    expect(nginx, "nginx is not installed: apt-get install -y nginx").not.toBeNull();
    const dir = mkdtempSync(path.join(tmpdir(), "breakfix-nginx-t-"));
    try {
      const checked = spawnSync(nginx!, ["-t", "-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(ROOT, "deploy/nginx.conf"), "-g", `pid ${dir}/nginx.pid;`], { encoding: "utf8" });
      expect(checked.stderr).toContain("test is successful");
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
