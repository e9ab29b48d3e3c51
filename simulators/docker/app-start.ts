/**
 * The app's own start-up, once the process has reached it: the app is handed its arguments, its environment
 * and the port it will listen on, and the rules judge what it does with them (refuse an argument, miss a
 * dependency or a variable, find its set-up not done, fail to write, be denied a port, listen elsewhere).
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
