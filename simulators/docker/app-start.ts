/**
 * The app's own start-up, once the process has reached it: the app is handed its arguments, its environment
 * and the port it will listen on, and the rules judge what it does with them (refuse an argument, miss a
 * dependency or a variable, find its set-up not done, fail to write, be denied a port, listen elsewhere).
 */
import type { App } from "../world.js";
import type { Arg, Outcome, RunContext } from "./start-outcome.js";
import { judge } from "./start-outcome.js";

export function startApp(ctx: RunContext, repoPath: string | undefined, imagePath: string, args: Arg[], line: number, language: "python" | "node"): Outcome {
  const app = ctx.world.apps.find((a) => a.entry === repoPath);
  if (!app || !ctx.worldKnown) return repoPath ? { kind: "other", what: repoPath } : { kind: "unknown" };
  const refused = judge(ctx, {
    type: "app-start",
    app,
    language,
    imagePath,
    repoPath,
    args,
    listening: listeningPort(app, args.map((a) => a.value), ctx.env),
    env: ctx.env,
    ran: ctx.ran,
    image: ctx.image,
    source: repoPath ? (ctx.repo.get(repoPath)?.content ?? "") : "",
    repo: ctx.repo,
    line,
    hostNetwork: ctx.world.docker_run.network === "host",
  });
  return refused ?? { kind: "serving", app };
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
