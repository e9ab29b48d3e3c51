/**
 * What the registry records of a built image about where its program binds: the address the app's own code
 * passes its server, and nginx's `listen` directives baked into the image, so that the cluster judges the
 * deployed image by what it holds rather than by the world's default.
 */
import { describe, expect, it } from "vitest";
import { DOCKER_RULES, simulateDockerfile } from "../docker/index.js";
import { RuleEngine } from "../engine/engine.js";
import { repositoryFrom } from "../repository.js";
import { parseWorld, type App } from "../world.js";
import { imageConfigOf } from "./registry.js";

const NODE_APP = { name: "api", entry: "server.js", language: "node", port: 3000 } as const;

function configOf(files: Record<string, string>, app: Partial<App> & { name: string }) {
  const world = parseWorld({ apps: [app] });
  const engine = new RuleEngine(DOCKER_RULES, { world, worldKnown: true, context: true });
  const { image } = simulateDockerfile(engine, repositoryFrom(files), { worldKnown: true }, { file: "Dockerfile", contextDir: ".", run: false });
  if (!image) throw new Error("the image did not build");
  return imageConfigOf(image, world.apps[0]);
}

const NODE_DOCKERFILE = 'FROM node:20-alpine\nWORKDIR /app\nCOPY server.js .\nCMD ["node", "server.js"]\n';

describe("imageConfigOf: the bind address", () => {
  it("records the address an Express server's code listens on", () => {
    const files = { Dockerfile: NODE_DOCKERFILE, "server.js": 'const app = require("express")();\napp.listen(port, "127.0.0.1", () => {});\n' };
    expect(configOf(files, NODE_APP).bind).toBe("127.0.0.1");
  });

  it("records nothing where the code names no address", () => {
    const files = { Dockerfile: NODE_DOCKERFILE, "server.js": 'const app = require("express")();\napp.listen(port, () => {});\n' };
    expect(configOf(files, NODE_APP).bind).toBeUndefined();
  });

  it("reads Flask's app.run(host=) and takes an empty host for every interface", () => {
    const dockerfile = 'FROM python:3.12-slim\nWORKDIR /app\nCOPY app.py .\nCMD ["python", "app.py"]\n';
    const app = { name: "api", entry: "app.py", language: "python", port: 8000 } as const;
    expect(configOf({ Dockerfile: dockerfile, "app.py": 'app.run(host="127.0.0.1", port=8000)\n' }, app).bind).toBe("127.0.0.1");
    expect(configOf({ Dockerfile: dockerfile, "app.py": 'app.run(host="", port=8000)\n' }, app).bind).toBe("0.0.0.0");
  });

  it("records a baked-in nginx config that listens on loopback only, with its port", () => {
    const dockerfile = "FROM nginx:1.27-alpine\nCOPY nginx.conf /etc/nginx/conf.d/default.conf\n";
    const site = { name: "web", language: "static", port: 80, health_path: "/" } as const;
    const loopback = configOf({ Dockerfile: dockerfile, "nginx.conf": "server {\n    listen 127.0.0.1:80;\n}\n" }, site);
    expect(loopback).toMatchObject({ listens: [80], bind: "127.0.0.1" });
    const open = configOf({ Dockerfile: dockerfile, "nginx.conf": "server {\n    listen 8080;\n    listen [::]:8080;\n}\n" }, site);
    expect(open.listens).toEqual([8080]);
    expect(open.bind).toBeUndefined();
  });
});
