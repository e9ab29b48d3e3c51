/**
 * Where a container's server binds, as probes and Services meet it: nginx's `listen` directives give an address
 * and a port, an image's code (recorded as its config's `bind`) says where the app binds unless its option or
 * variable moves it, and a server bound to loopback takes no connection from the kubelet or a Service.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { parseWorld, type WorldInput } from "../world.js";
import { nginxBind, nginxListens } from "./cluster.js";
import { k8sSimulator } from "./index.js";
import { APP_FILES, DEPLOYMENT, NGINX_DEPLOYMENT, SERVICE, WORLD, withFile } from "./rules/fixtures.js";

describe("nginxListens", () => {
  it.each([
    ["listen 80;", [{ address: "*", port: 80 }]],
    ["listen 127.0.0.1:80;", [{ address: "127.0.0.1", port: 80 }]],
    ["listen [::]:80;", [{ address: "::", port: 80 }]],
    ["listen [::1]:8080 default_server;", [{ address: "::1", port: 8080 }]],
    ["listen 8080 default_server;", [{ address: "*", port: 8080 }]],
    ["listen 127.0.0.1;", [{ address: "127.0.0.1", port: 80 }]],
    ["listen localhost:8000;", [{ address: "localhost", port: 8000 }]],
    ["listen *:8080;", [{ address: "*", port: 8080 }]],
  ])("reads %s", (directive, expected) => {
    expect(nginxListens(`server {\n    ${directive}\n}\n`)).toEqual(expected);
  });

  it("opens no TCP port for unix sockets, comments, or directives that do not parse", () => {
    for (const directive of ["listen unix:/var/run/nginx.sock;", "# listen 81;", "listen :80;", "listen 99999;", "listen 0;", "listen web:http;", "listen;"]) {
      expect(nginxListens(`server {\n    ${directive}\n}\n`), directive).toEqual([]);
    }
  });

  it("reads every server's directives", () => {
    expect(nginxListens("server {\n  listen 80;\n  listen [::]:80;\n}\nserver {\n  listen 127.0.0.1:8081;\n}\n").map((l) => l.port)).toEqual([80, 80, 8081]);
  });
});

describe("nginxBind", () => {
  it("is loopback only when every listen binds loopback", () => {
    expect(nginxBind(nginxListens("listen 127.0.0.1:80;\nlisten [::1]:80;\n"))).toBe("127.0.0.1");
    expect(nginxBind(nginxListens("listen 127.0.0.1:80;\nlisten 8080;\n"))).toBeUndefined();
    expect(nginxBind(nginxListens("listen 80;\n"))).toBeUndefined();
    expect(nginxBind([])).toBeUndefined();
  });
});

function codes(files: Record<string, string>, world: WorldInput = WORLD): string[] {
  return k8sSimulator.simulate(repositoryFrom(files), parseWorld(world), { worldKnown: true }).diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
}

const NGINX_CONF = (listen: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nginx-conf\ndata:\n  default.conf: |\n    server {\n        ${listen}\n        root /usr/share/nginx/html;\n    }\n`;
const MOUNTED = NGINX_DEPLOYMENT.replace("          livenessProbe:", "          volumeMounts:\n            - name: conf\n              mountPath: /etc/nginx/conf.d\n          livenessProbe:").replace(
  "      containers:",
  "      volumes:\n        - name: conf\n          configMap:\n            name: nginx-conf\n      containers:",
);

describe("a web server's listen address", () => {
  it("fails the probes of an nginx told to listen on 127.0.0.1:80", () => {
    const found = codes({ ...withFile("k8s/deployment.yaml", MOUNTED), "k8s/nginx.yaml": NGINX_CONF("listen 127.0.0.1:80;") });
    expect(found).toContain("K8S026");
  });

  it("passes them for listen 80 and listen [::]:80 beside it", () => {
    expect(codes({ ...withFile("k8s/deployment.yaml", MOUNTED), "k8s/nginx.yaml": NGINX_CONF("listen 80;") })).toEqual([]);
    expect(codes({ ...withFile("k8s/deployment.yaml", MOUNTED), "k8s/nginx.yaml": NGINX_CONF("listen 80;\n        listen [::]:80;") })).toEqual([]);
  });
});

/** The fixture's world with its app image's code binding `bind`, and the app's own bind option. */
function worldBinding(bind: string): WorldInput {
  const image = WORLD.registry!["ghcr.io/acme/web"]!["1.0"]!;
  return { ...WORLD, registry: { "ghcr.io/acme/web": { "1.0": { ...image, bind } } }, apps: [{ ...WORLD.apps![0]!, bind_option: "--host" }] };
}

describe("an app's bind address from its image", () => {
  it("fails the probes of an app whose code binds 127.0.0.1", () => {
    expect(codes(APP_FILES, worldBinding("127.0.0.1"))).toEqual(expect.arrayContaining(["K8S026"]));
  });

  it("refuses the Service's connections to it when no probe stops the pods first", () => {
    const unprobed = DEPLOYMENT.slice(0, DEPLOYMENT.indexOf("          livenessProbe:"));
    expect(codes(withFile("k8s/deployment.yaml", unprobed), worldBinding("127.0.0.1"))).toEqual(["K8S031"]);
    expect(codes({ ...withFile("k8s/deployment.yaml", unprobed), "k8s/service.yaml": SERVICE }, worldBinding("0.0.0.0"))).toEqual([]);
  });

  it("lets the app's bind option given in args move it to every interface", () => {
    const moved = DEPLOYMENT.replace("          ports:", '          args: ["app.py", "--host", "0.0.0.0"]\n          ports:');
    expect(codes(withFile("k8s/deployment.yaml", moved), worldBinding("127.0.0.1"))).toEqual([]);
  });

  it("keeps the world's default where the image's code says nothing", () => {
    expect(codes(APP_FILES)).toEqual([]);
  });
});

/** The fixture's app served by `server` from an image whose files are known, the container's process given in `args`. */
function served(args: string, extraEnv = ""): [Record<string, string>, WorldInput] {
  const image = { workdir: "/app", binaries: ["python", "gunicorn", "uvicorn", "tini", "sh"], files: ["/app/app.py"], app: "web" };
  const world: WorldInput = { ...WORLD, registry: { "ghcr.io/acme/web": { "1.0": image } } };
  const manifest = DEPLOYMENT.replace("          ports:", `          command: ${args}\n          ports:`).replace("          env:\n", `          env:\n${extraEnv}`);
  return [withFile("k8s/deployment.yaml", manifest), world];
}

describe("a WSGI/ASGI server's bind in the pod's process", () => {
  it("fails the probes of gunicorn bound to loopback, or to another port", () => {
    expect(codes(...served('["gunicorn", "--bind", "127.0.0.1:8080", "app:app"]'))).toContain("K8S026");
    expect(codes(...served('["gunicorn", "-b", "0.0.0.0:9999", "app:app"]'))).toContain("K8S026");
  });

  it("passes gunicorn on every interface at the app's port, under tini too", () => {
    expect(codes(...served('["gunicorn", "--bind", "0.0.0.0:8080", "app:app"]'))).toEqual([]);
    expect(codes(...served('["tini", "--", "gunicorn", "--bind=[::]:8080", "app:app"]'))).toEqual([]);
  });

  it("takes gunicorn's default 127.0.0.1:8000 without --bind, and 0.0.0.0:$PORT with a PORT it can read", () => {
    expect(codes(...served('["gunicorn", "app:app"]'))).toContain("K8S026");
    expect(codes(...served('["gunicorn", "app:app"]', '            - name: PORT\n              value: "8080"\n'))).toEqual([]);
  });

  it("leaves gunicorn undecided when its PORT comes from somewhere whose value is not known", () => {
    const fromSecret = '            - name: PORT\n              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n';
    expect(codes(...served('["gunicorn", "app:app"]', fromSecret))).toEqual([]);
  });

  it("reads uvicorn's --host and --port, 127.0.0.1 by default", () => {
    expect(codes(...served('["uvicorn", "app:app", "--host", "0.0.0.0", "--port", "8080"]'))).toEqual([]);
    expect(codes(...served('["uvicorn", "app:app", "--port", "8080"]'))).toContain("K8S026");
  });
});
