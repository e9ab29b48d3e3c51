/**
 * nginx as the fleet's load balancer under test: round-robin over the replicas, WebSocket upgrades passed
 * through, keep-alive to the upstreams. Its own configuration, pid, logs and temporary files live in a
 * fresh directory and it listens on a free 127.0.0.1 port, never touching the system's nginx. A replica
 * that refuses connections is passed over (proxy_next_upstream error, which nginx never applies to a POST
 * already sent: a step is never played twice by the balancer).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, requireTool, until } from "./tools.js";

/**
 * How the balancer picks a replica: `round-robin` (the default), or `affinity`, each episode's requests to
 * one replica, hashed on the X-Breakfix-Episode header the fleet's clients send (what the Ingress's
 * affinity cookie does for a client that keeps cookies).
 */
export type Balancing = "round-robin" | "affinity";

export interface NginxProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Points the balancer at other replicas, or balances them otherwise (a graceful reload). */
  route(upstreams: string[], balancing?: Balancing): Promise<void>;
  stop(): Promise<void>;
  errorLog(): string;
}

/** The configuration: `upstreams` are http://host:port URLs of the replicas. */
export function nginxConfig(dir: string, port: number, upstreams: readonly string[], balancing: Balancing = "round-robin"): string {
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=5s;`).join("\n");
  const hash = balancing === "affinity" ? "    hash $http_x_breakfix_episode consistent;\n" : "";
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 2m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream breakfix {
${hash}${servers}
    keepalive 64;
    keepalive_timeout 30s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://breakfix;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export async function startNginx(upstreams: string[]): Promise<NginxProcess> {
  const binary = requireTool("nginx");
  const dir = mkdtempSync(path.join(tmpdir(), "breakfix-nginx-"));
  chmodSync(dir, 0o755);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, "tmp", sub), { recursive: true });
    chmodSync(path.join(dir, "tmp", sub), 0o777); // nginx's workers run as another user when the master is root
  }
  chmodSync(path.join(dir, "tmp"), 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = (): string => {
    try {
      return readFileSync(path.join(dir, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}\n${errorLog()}`);
    try {
      return (await fetch(`${url}/health`)).ok;
    } catch {
      return false;
    }
  }, "nginx did not answer /health");
  return {
    url,
    async route(next, balancing = "round-robin") {
      writeFileSync(conf, nginxConfig(dir, port, next, balancing));
      child.kill("SIGHUP");
      // A reload starts new workers; the old ones finish what they hold. Wait until the new ones answer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await until(async () => (await fetch(`${url}/health`).catch(() => undefined))?.ok === true, "nginx did not answer after the reload");
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
    errorLog,
  };
}
