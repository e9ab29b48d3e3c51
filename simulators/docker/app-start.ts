/**
 * The app's own start-up, once the process has reached it: the app is handed its arguments, its environment
 * and the port it will listen on, and the rules judge what it does with them (refuse an argument, miss a
 * dependency or a variable, find its set-up not done, fail to write, be denied a port, listen elsewhere).
 * Where it binds (its options, its code, the WSGI server in front of it) is read here for the cluster too.
 */
import type { App } from "../world.js";
import type { Arg, Outcome, RunContext } from "./start-outcome.js";
import { judge } from "./start-outcome.js";

/** Where a server in front of the app (gunicorn's --bind) makes it listen; undefined: where the app itself says. */
export interface ServerBind {
  address: string;
  port: number | undefined;
}

export function startApp(ctx: RunContext, repoPath: string | undefined, imagePath: string, args: Arg[], line: number, language: "python" | "node", server?: ServerBind): Outcome {
  const app = ctx.world.apps.find((a) => a.entry === repoPath);
  if (!app || !ctx.worldKnown) return repoPath ? { kind: "other", what: repoPath } : { kind: "unknown" };
  const source = repoPath ? (ctx.repo.get(repoPath)?.content ?? "") : "";
  const values = args.map((a) => a.value);
  const refused = judge(ctx, {
    type: "app-start",
    app,
    language,
    imagePath,
    repoPath,
    args,
    listening: server ? server.port : listeningPort(app, values, ctx.env),
    address: server ? server.address : bindAddress(app, values, ctx.env, codeBindAddress(source, language)),
    env: ctx.env,
    ran: ctx.ran,
    image: ctx.image,
    source,
    repo: ctx.repo,
    cwd: ctx.cwd,
    line,
    hostNetwork: ctx.world.docker_run.network === "host",
  });
  return refused ?? { kind: "serving", app };
}

/** The value an option is given (`--opt v`, `--opt=v`), or undefined. */
function optionValue(args: readonly string[], option: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === option) return args[i + 1];
    if (a.startsWith(option + "=")) return a.slice(option.length + 1);
  }
  return undefined;
}

/**
 * The address the app's own code passes its server, when it is written out: Flask's `app.run(host="…")`, a
 * Node server's `listen(port, "…")`. The world's `bind` describes the code as the repository had it; code that
 * now says otherwise binds where it says.
 */
export function codeBindAddress(source: string, language: "python" | "node"): string | undefined {
  const m = language === "python" ? /\.run\([^)]*?\bhost\s*=\s*["']([^"']*)["']/.exec(source) : /\.listen\(\s*[^,()"']+,\s*["']([^"']+)["']/.exec(source);
  return m ? m[1] : undefined;
}

/** The address the app binds: its option or variable when given (`host` or `host:port`), else what its code says, else its default. */
export function bindAddress(app: App, args: readonly string[], env: ReadonlyMap<string, string>, inCode?: string): string {
  const given = (app.bind_option ? optionValue(args, app.bind_option) : undefined) ?? (app.bind_env ? env.get(app.bind_env) : undefined);
  if (given === undefined || given === "") return inCode === undefined ? app.bind : inCode === "" ? "0.0.0.0" : inCode;
  const host = given.startsWith("[") ? given.slice(1, given.indexOf("]")) : given.includes(":") && given.split(":").length === 2 ? given.split(":")[0]! : given;
  return host === "" ? "0.0.0.0" : host;
}

/** A loopback address: reachable only from inside the container's own network namespace. */
export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === "localhost" || address === "::1";
}

/** The port the app really listens on: its option or variable when given, else the documented one. */
export function listeningPort(app: App, args: readonly string[], env: ReadonlyMap<string, string>): number | undefined {
  if (app.port_option) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const value = a === app.port_option ? args[i + 1] : a.startsWith(app.port_option + "=") ? a.slice(app.port_option.length + 1) : undefined;
      if (value !== undefined && /^\d+$/.test(value)) return Number(value);
    }
  }
  const fromEnv = app.port_env ? env.get(app.port_env) : undefined;
  if (fromEnv !== undefined && /^\d+$/.test(fromEnv)) return Number(fromEnv);
  return app.port;
}

/** The WSGI/ASGI servers whose listening address their own options give. */
export const WSGI_SERVERS: ReadonlySet<string> = new Set(["gunicorn", "uvicorn", "hypercorn", "waitress-serve"]);

/**
 * Where a WSGI/ASGI server listens: its --bind (gunicorn, hypercorn; -b), --host/--port (uvicorn) or --listen
 * (waitress), else its default: gunicorn 0.0.0.0:$PORT when PORT is set, else 127.0.0.1:8000 (uvicorn
 * 127.0.0.1:8000, waitress 0.0.0.0:8080). Undefined when a config file (`configFile`: gunicorn.conf.py in its
 * working directory, or -c) or GUNICORN_CMD_ARGS may say otherwise, which the model does not read: the app's
 * documented address stands then.
 */
export function wsgiServerBind(server: string, args: readonly string[], env: ReadonlyMap<string, string>, configFile: boolean): ServerBind | undefined {
  const value = (...options: string[]) => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      for (const o of options) {
        if (a === o) return args[i + 1];
        if (a.startsWith(o + "=")) return a.slice(o.length + 1);
        if (o.length === 2 && a.startsWith(o) && a.length > 2) return a.slice(2);
      }
    }
    return undefined;
  };
  if (server === "gunicorn" && (env.has("GUNICORN_CMD_ARGS") || value("-c", "--config") !== undefined || configFile)) return undefined;
  if (server === "uvicorn") {
    const port = value("--port");
    return { address: value("--host") ?? "127.0.0.1", port: port !== undefined && /^\d+$/.test(port) ? Number(port) : 8000 };
  }
  const bind = server === "waitress-serve" ? value("--listen") : value("--bind", "-b");
  if (bind === undefined) {
    if (server === "waitress-serve") return { address: "0.0.0.0", port: 8080 };
    const port = env.get("PORT");
    return server === "gunicorn" && port !== undefined && /^\d+$/.test(port) ? { address: "0.0.0.0", port: Number(port) } : { address: "127.0.0.1", port: 8000 };
  }
  if (bind.startsWith("unix:") || bind.startsWith("fd://")) return { address: bind, port: undefined };
  const bracket = bind.match(/^\[([^\]]*)\](?::(\d+))?$/);
  if (bracket) return { address: bracket[1]!, port: bracket[2] ? Number(bracket[2]) : 8000 };
  const [host = "", port] = bind.split(":");
  return { address: host === "" ? "0.0.0.0" : host, port: port !== undefined && /^\d+$/.test(port) ? Number(port) : 8000 };
}
