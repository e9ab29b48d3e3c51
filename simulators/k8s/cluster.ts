/**
 * The simulated cluster the interpreters consult: which objects the API server accepted, which workloads'
 * pods got all the way to serving, what the world's registry and apps say about each container (its image,
 * its process, where it listens, its environment), and which ConfigMaps and Secrets exist (applied from the
 * repository, or already there).
 */
import path from "node:path";
import { bindAddress, isLoopback, listeningPort as appListeningPort, WSGI_SERVERS, wsgiServerBind, type ServerBind } from "../docker/app-start.js";
import { imageExposedPorts, lookupImage, type ImageLookup } from "../images/lookup.js";
import type { App, ImageConfig, World } from "../world.js";
import { arrayAt, isObject, objectAt, stringAt, type JsonObject, type K8sObject } from "./object.js";
import { appProcess } from "./app-process.js";
import { workingDirOf } from "./container-process.js";
import { containersOf, podCount, runsPods, type ContainerRef } from "./workload.js";

/** What the rollout has done to each object so far. */
export interface LifecycleState {
  /** Refused at apply: the object does not exist in the cluster. */
  refused: ReadonlySet<K8sObject>;
  /** Workloads whose pods stopped at some phase (pending, crashing, not ready): they serve no traffic. */
  stopped: ReadonlySet<K8sObject>;
}

/** A ConfigMap's or Secret's keys; `refused` when the repository has it but apply failed on it. */
export type ConfigSource = { keys: string[] } | "missing" | "refused";

/** One `listen` directive of an nginx configuration: the address (`*` for every one) and the port. */
export interface NginxListen {
  address: string;
  port: number;
}

/**
 * The sockets an nginx configuration's `listen` directives open, as nginx reads them: `listen 80`,
 * `listen 127.0.0.1:80`, `listen [::]:80`, `listen 127.0.0.1` (port 80), `listen 8080 default_server`. Unix
 * sockets and directives that do not parse open no TCP port.
 */
export function nginxListens(config: string): NginxListen[] {
  const out: NginxListen[] = [];
  for (const m of config.matchAll(/^[ \t]*listen[ \t]+([^\s;#]+)/gm)) {
    const written = m[1]!;
    if (written.startsWith("unix:")) continue;
    const bracket = /^\[([0-9A-Fa-f:.]*)\](?::(\d+))?$/.exec(written);
    const [address, port] = bracket
      ? [bracket[1]!, bracket[2] ?? "80"]
      : /^\d+$/.test(written)
        ? ["*", written]
        : written.includes(":")
          ? [written.slice(0, written.lastIndexOf(":")), written.slice(written.lastIndexOf(":") + 1)]
          : [written, "80"];
    if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535 || address === "") continue;
    out.push({ address, port: Number(port) });
  }
  return out;
}

/** The ports an nginx configuration's `listen` directives name (`listen 8080;`, `listen [::]:8080 default_server;`). */
export function nginxListenPorts(config: string): number[] {
  return nginxListens(config).map((l) => l.port);
}

/** The address an nginx server is reachable on: a loopback one when every `listen` binds loopback, else undefined (every interface). */
export function nginxBind(listens: readonly NginxListen[]): string | undefined {
  return listens.length > 0 && listens.every((l) => isLoopback(l.address)) ? listens[0]!.address : undefined;
}

/** Variables a WSGI server reads for where it listens (gunicorn's PORT and GUNICORN_CMD_ARGS). */
const SERVER_VARIABLES = ["PORT", "GUNICORN_CMD_ARGS"] as const;

export class Cluster {
  constructor(
    readonly world: World,
    readonly worldKnown: boolean,
    readonly objects: readonly K8sObject[],
    private readonly state: LifecycleState,
  ) {}

  /** The namespace objects without one go to: the world's, or kubectl's default. */
  get defaultNamespace(): string {
    return this.worldKnown ? this.world.cluster.namespace : "default";
  }

  /** Objects the API server accepted. */
  applied(kind?: string): K8sObject[] {
    return this.objects.filter((o) => !this.state.refused.has(o) && (kind === undefined || o.kind === kind));
  }

  /** Whether some object of `kind` in the repository was refused, so what depends on it is unknowable. */
  anyRefused(kind?: string): boolean {
    return this.objects.some((o) => this.state.refused.has(o) && (kind === undefined || o.kind === kind));
  }

  /** Accepted objects that run pods. */
  workloads(namespace?: string): K8sObject[] {
    return this.applied().filter((o) => runsPods(o) && (namespace === undefined || o.namespace === namespace));
  }

  /** A workload whose pods run and are Ready. */
  serving(o: K8sObject): boolean {
    return !this.state.refused.has(o) && !this.state.stopped.has(o) && podCount(o) > 0;
  }

  /** Whether a workload's pods stopped before serving (so traffic to it says nothing new). */
  stopped(o: K8sObject): boolean {
    return this.state.stopped.has(o);
  }

  /** Keys of ConfigMap or Secret `name` in `namespace`: applied from the repository, or already in the cluster. */
  configSource(kind: "ConfigMap" | "Secret", namespace: string, name: string): ConfigSource {
    const inRepo = this.objects.filter((o) => o.kind === kind && o.name === name && o.namespace === namespace);
    const accepted = inRepo.find((o) => !this.state.refused.has(o));
    if (accepted) {
      const keys = [...Object.keys(objectAt(accepted.value, ["data"]) ?? {}), ...Object.keys(objectAt(accepted.value, ["stringData"]) ?? {}), ...Object.keys(objectAt(accepted.value, ["binaryData"]) ?? {})];
      return { keys };
    }
    if (inRepo.length > 0) return "refused";
    if (namespace === this.world.cluster.namespace) {
      const existing = kind === "ConfigMap" ? Object.keys(this.world.cluster.configmaps[name] ?? {}) : this.world.cluster.secrets[name];
      const known = kind === "ConfigMap" ? name in this.world.cluster.configmaps : name in this.world.cluster.secrets;
      if (known) return { keys: existing ?? [] };
    }
    return "missing";
  }

  /** What the registry knows of a container's image; undefined when the manifest names none. */
  image(c: ContainerRef): ImageLookup | undefined {
    const ref = stringAt(c.container, ["image"]);
    if (ref === undefined) return undefined;
    // Asked many times per container (its app, port, address, probes): the registry does not change during a run.
    let found = this.lookups.get(ref);
    if (found === undefined) this.lookups.set(ref, (found = lookupImage(ref, this.world)));
    return found;
  }

  private readonly lookups = new Map<string, ImageLookup>();

  /** The image config, when the registry knows the image. */
  imageConfig(c: ContainerRef): ImageConfig | undefined {
    const found = this.image(c);
    return found?.status === "found" ? found.config : undefined;
  }

  /** The world's app the container runs, when its image names one. */
  app(c: ContainerRef): App | undefined {
    const name = this.imageConfig(c)?.app;
    return name === undefined ? undefined : this.world.apps.find((a) => a.name === name);
  }

  /**
   * The port the container listens on, when known: its app's port, moved by the app's port variable or option
   * when the container sets one (`env: PORT=8080`, `args: [--port, "9000"]`); for a stock server image that
   * runs its own program (nginx), the one port the image EXPOSEs.
   */
  listeningPort(c: ContainerRef): number | undefined {
    const app = this.app(c);
    // A static site is served by its image's web server: it listens where that server's config says.
    const served = app?.language === "static" ? (this.mountedListen(c) ?? this.imageConfig(c)?.listens) : undefined;
    if (served && served.length === 1) return served[0];
    // `sleep infinity` or a `node -e` one-liner in the app's place listens nowhere the app would.
    if (app && app.language !== "static" && appProcess(this.argv(c)) !== "app") return undefined;
    const server = app && app.language !== "static" ? this.serverBind(c) : undefined;
    if (server) return server.port;
    if (app) return appListeningPort(app, this.argv(c), this.literalEnv(c));
    if (c.container["command"] !== undefined || c.container["args"] !== undefined) return undefined;
    const ref = stringAt(c.container, ["image"]);
    if (ref === undefined || this.image(c)?.status !== "found") return undefined;
    // A server configured through a mounted ConfigMap, or built with its own config, listens where that says.
    const configured = this.mountedListen(c) ?? this.imageConfig(c)?.listens;
    if (configured && configured.length === 1) return configured[0];
    const exposed = imageExposedPorts(ref);
    return exposed && exposed.length === 1 ? exposed[0] : undefined;
  }

  /**
   * The address the container's server binds: an app's option or variable, else what the image's code says,
   * else the app's default; a web server's (a static site's, a stock image's) from its `listen` directives,
   * mounted or built in, undefined when they bind every interface or are not known.
   */
  listeningAddress(c: ContainerRef): string | undefined {
    const app = this.app(c);
    const config = this.imageConfig(c);
    if (app && app.language !== "static" && appProcess(this.argv(c)) !== "app") return undefined;
    if (app && app.language !== "static") return this.serverBind(c)?.address ?? bindAddress(app, this.argv(c), this.literalEnv(c), config?.bind);
    if (!app && (c.container["command"] !== undefined || c.container["args"] !== undefined)) return undefined;
    const mounted = this.mountedListens(c);
    return mounted.length > 0 ? nginxBind(mounted) : config?.bind;
  }

  /**
   * Where the WSGI/ASGI server the container's process is (gunicorn, uvicorn; directly or under tini) binds, by
   * its own options and defaults as the Dockerfile side reads them; undefined when the process runs none, or
   * when what else could move it (a variable from a ConfigMap or Secret, a config file) is not known.
   */
  private serverBind(c: ContainerRef): ServerBind | undefined {
    const argv = this.argv(c);
    let at = 0;
    while (at < argv.length - 1 && /^(tini|dumb-init|docker-entrypoint\.sh|--)$/.test(path.posix.basename(argv[at]!))) at += 1;
    const server = path.posix.basename(argv[at] ?? "");
    if (!WSGI_SERVERS.has(server)) return undefined;
    const env = this.literalEnv(c);
    if (SERVER_VARIABLES.some((name) => this.envUnknown(c, name))) return undefined;
    const config = this.imageConfig(c);
    if (server === "gunicorn" && config?.files === undefined) return undefined;
    const configFile = config?.files?.includes(path.posix.join(workingDirOf(c, config), "gunicorn.conf.py")) ?? false;
    return wsgiServerBind(server, argv.slice(at + 1), env, configFile);
  }

  /**
   * Whether variable `name` may reach the container with a value not written out: an `env` entry with a
   * `valueFrom`, or an `envFrom` source that has the key or whose keys are not known.
   */
  private envUnknown(c: ContainerRef, name: string): boolean {
    if (arrayAt(c.container, ["env"]).some((e) => isObject(e) && e["name"] === name && typeof e["value"] !== "string")) return true;
    return arrayAt(c.container, ["envFrom"]).some((from) => {
      if (!isObject(from)) return true;
      const prefix = typeof from["prefix"] === "string" ? from["prefix"] : "";
      const kind = isObject(from["configMapRef"]) ? "ConfigMap" : isObject(from["secretRef"]) ? "Secret" : undefined;
      const source = kind ? stringAt(from, [kind === "ConfigMap" ? "configMapRef" : "secretRef", "name"]) : undefined;
      if (!kind || source === undefined) return true;
      const inRepo = this.objects.find((o) => o.kind === kind && o.name === source);
      const keys = inRepo
        ? [...Object.keys(objectAt(inRepo.value, ["data"]) ?? {}), ...Object.keys(objectAt(inRepo.value, ["stringData"]) ?? {})]
        : kind === "ConfigMap" ? (source in this.world.cluster.configmaps ? Object.keys(this.world.cluster.configmaps[source] ?? {}) : undefined) : this.world.cluster.secrets[source];
      return keys === undefined || keys.some((k) => prefix + k === name);
    });
  }

  /** Ports an nginx config mounted from a ConfigMap under /etc/nginx says to `listen` on. */
  private mountedListen(c: ContainerRef): number[] | undefined {
    const ports = new Set(this.mountedListens(c).map((l) => l.port));
    return ports.size > 0 ? [...ports] : undefined;
  }

  /** The `listen` directives of the nginx configs mounted from ConfigMaps under /etc/nginx. */
  private mountedListens(c: ContainerRef): NginxListen[] {
    const listens: NginxListen[] = [];
    for (const mount of arrayAt(c.container, ["volumeMounts"])) {
      if (!isObject(mount) || typeof mount["mountPath"] !== "string" || !mount["mountPath"].startsWith("/etc/nginx")) continue;
      const volume = c.volumes.find((v) => v["name"] === mount["name"]);
      const name = volume ? stringAt(volume, ["configMap", "name"]) : undefined;
      if (name === undefined) continue;
      const inRepo = this.objects.find((o) => o.kind === "ConfigMap" && o.name === name);
      const data = inRepo ? objectAt(inRepo.value, ["data"]) : this.world.cluster.configmaps[name];
      for (const value of Object.values(data ?? {})) listens.push(...nginxListens(String(value)));
    }
    return listens;
  }

  /** The container's environment where its values are written out: the image's ENV, then `env` entries with a `value`. */
  private literalEnv(c: ContainerRef): Map<string, string> {
    const env = new Map(Object.entries(this.imageConfig(c)?.env ?? {}).map(([k, v]) => [k, String(v)] as const));
    for (const e of arrayAt(c.container, ["env"])) {
      if (isObject(e) && typeof e["name"] === "string" && typeof e["value"] === "string") env.set(e["name"], e["value"]);
    }
    return env;
  }

  /** The regular (non-init) containers of a workload's pods. */
  containers(o: K8sObject): ContainerRef[] {
    return containersOf(o).filter((c) => !c.init);
  }

  /**
   * The process a container starts: `command` replaces the image's ENTRYPOINT (and drops its CMD), `args`
   * replaces CMD, as the kubelet combines them.
   */
  argv(c: ContainerRef): string[] {
    const config = this.imageConfig(c);
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined);
    const command = strings(c.container["command"]);
    const args = strings(c.container["args"]);
    const entry = command ?? config?.entrypoint ?? [];
    return [...entry, ...(args ?? (command ? [] : (config?.cmd ?? [])))];
  }

  /** Environment variables the container gets; `undefined` when an envFrom source's keys cannot be known. */
  /**
   * A variable's value as the container gets it, where the files or the world say it: an `env` entry's
   * `value`, a key of a ConfigMap in the repository or the cluster, or the image's ENV; undefined when it comes
   * from somewhere whose contents are not known (a Secret's value, a field reference).
   */
  envValue(o: K8sObject, c: ContainerRef, name: string): string | undefined {
    for (const e of arrayAt(c.container, ["env"])) {
      if (!isObject(e) || e["name"] !== name) continue;
      if (typeof e["value"] === "string") return e["value"];
      const ref = objectAt(e, ["valueFrom", "configMapKeyRef"]);
      if (!ref || typeof ref["name"] !== "string" || typeof ref["key"] !== "string") return undefined;
      const inRepo = this.objects.find((x) => x.kind === "ConfigMap" && x.name === ref["name"] && x.namespace === o.namespace);
      const data = inRepo ? objectAt(inRepo.value, ["data"]) : this.world.cluster.configmaps[ref["name"]];
      const value = data?.[ref["key"]];
      return typeof value === "string" ? value : undefined;
    }
    const fromImage = this.imageConfig(c)?.env?.[name];
    return fromImage === undefined ? undefined : String(fromImage);
  }

  /**
   * Whether a server answers at host:port from a pod in `namespace`: a Service of the repository (by cluster
   * DNS name) with that port; false for a name cluster DNS cannot resolve; null for a host outside the cluster.
   */
  reachable(namespace: string, host: string, port: number): boolean | null {
    const m = /^([a-z0-9-]+)(?:\.([a-z0-9-]+))?(?:\.svc(?:\.cluster\.local)?)?$/.exec(host);
    if (!m) return null;
    const ns = m[2] ?? namespace;
    const service = this.applied("Service").find((svc) => svc.name === m[1] && svc.namespace === ns);
    if (!service) return false;
    return arrayAt(service.value, ["spec", "ports"]).some((p) => isObject(p) && p["port"] === port);
  }

  envNames(o: K8sObject, c: ContainerRef): Set<string> | undefined {
    const names = new Set(Object.keys(this.imageConfig(c)?.env ?? {}));
    for (const e of arrayAt(c.container, ["env"])) if (isObject(e) && typeof e["name"] === "string") names.add(e["name"]);
    for (const from of arrayAt(c.container, ["envFrom"])) {
      if (!isObject(from)) continue;
      const prefix = typeof from["prefix"] === "string" ? from["prefix"] : "";
      const ref = (objectAt(from, ["configMapRef"]) && { kind: "ConfigMap" as const, r: objectAt(from, ["configMapRef"]) as JsonObject }) ||
        (objectAt(from, ["secretRef"]) && { kind: "Secret" as const, r: objectAt(from, ["secretRef"]) as JsonObject });
      if (!ref || typeof ref.r["name"] !== "string") continue;
      const source = this.configSource(ref.kind, o.namespace, ref.r["name"]);
      if (source === "refused") return undefined;
      if (source !== "missing") for (const k of source.keys) names.add(prefix + k);
    }
    return names;
  }
}
