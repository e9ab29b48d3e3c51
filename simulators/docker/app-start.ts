/**
 * The app's own start-up, once the process has reached it: its arguments, the port it listens on, its
 * dependencies, its environment, its set-up scripts, the paths it writes and a privileged port. The first check
 * that fails ends the run, as the app exits.
 */
import path from "node:path";
import type { App } from "../world.js";
import { canWrite, isRootUser, resolveIn } from "./image.js";
import { requirementNames } from "./commands/packages.js";
import { PROCESS_OUTPUT } from "./process-output.js";
import { appArgumentsRejected } from "./rules/app-arguments-rejected.js";
import { appDependenciesMissing } from "./rules/app-dependencies-missing.js";
import { appNotServing } from "./rules/app-not-serving.js";
import { appSetupSkipped } from "./rules/app-setup-skipped.js";
import { appWriteDenied } from "./rules/app-write-denied.js";
import { privilegedPortDenied } from "./rules/privileged-port-denied.js";
import { requiredEnvMissing } from "./rules/required-env-missing.js";
import type { Arg, Outcome, RunContext } from "./start-outcome.js";
import { fail, headline } from "./start-outcome.js";

export function startApp(ctx: RunContext, repoPath: string | undefined, imagePath: string, args: Arg[], line: number, language: "python" | "node"): Outcome {
  const app = ctx.world.apps.find((a) => a.entry === repoPath);
  if (!app || !ctx.worldKnown) return repoPath ? { kind: "other", what: repoPath } : { kind: "unknown" };
  const output = PROCESS_OUTPUT[language];

  if (app.accepted_args) {
    const rejected: Arg[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const option = a.value.split("=")[0]!;
      if (app.accepted_args.includes(option)) {
        if (!a.value.includes("=")) i += 1;
        continue;
      }
      if (a.value === "-h" || a.value === "--help") continue;
      rejected.push(a);
    }
    if (rejected.length > 0) {
      const lines = output.usage(path.posix.basename(imagePath), app.accepted_args, rejected.map((r) => r.value));
      return fail(appArgumentsRejected, rejected[0]!.line, headline(lines), lines);
    }
  }

  const listening = listeningPort(app, args.map((a) => a.value), ctx.env);
  if (app.port !== undefined && listening !== app.port) {
    const lines = [
      `${app.name} listening on 0.0.0.0:${listening}`,
      `$ curl -fsS --retry 3 --retry-connrefused http://localhost:${app.port}${app.health_path}`,
      `curl: (7) Failed to connect to localhost port ${app.port} after 0 ms: Couldn't connect to server`,
    ];
    return fail(appNotServing, line, lines[2]!, lines);
  }

  const missing = missingDependency(ctx, app, imagePath, language);
  if (missing) return fail(appDependenciesMissing, line, headline(missing), missing);

  const source = repoPath ? (ctx.repo.get(repoPath)?.content ?? "") : "";
  for (const name of app.required_env) {
    const value = ctx.env.get(name) ?? "";
    if (value === "" && !hasDefault(source, name)) {
      const lines = output.missingEnv(name, imagePath, source);
      return fail(requiredEnvMissing, line, headline(lines), lines);
    }
    const format = app.env_formats[name];
    if (value !== "" && format !== undefined && !new RegExp(format).test(value)) {
      const lines = output.badEnv(name, value, imagePath, source);
      return fail(requiredEnvMissing, line, headline(lines), lines);
    }
  }

  const skipped = app.setup.find((script) => !ctx.ran.has(script));
  if (skipped) {
    const lines = output.setupSkipped(skipped, imagePath);
    return fail(appSetupSkipped, line, headline(lines), lines);
  }

  const user = ctx.image.user;
  for (const dir of app.writes) {
    const target = resolveIn(path.posix.dirname(imagePath), dir);
    const entry = ctx.image.fs.get(target);
    const writable = entry ? canWrite(ctx.image, user, target) : canWrite(ctx.image, user, path.posix.dirname(target));
    if (!writable) {
      const lines = output.writeDenied(target, Boolean(entry));
      return fail(appWriteDenied, line, headline(lines), lines);
    }
  }

  if (app.port !== undefined && app.port < 1024 && !isRootUser(user) && ctx.world.docker_run.network === "host") {
    const lines = output.bindDenied(app.port);
    return fail(privilegedPortDenied, line, headline(lines), lines);
  }
  return { kind: "serving", app };
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

/** Whether the app's code supplies its own default for a variable (`os.environ.get("X", "…")`, `process.env.X ?? "…"`). */
export function hasDefault(source: string, name: string): boolean {
  const q = `["']${name}["']`;
  const python = new RegExp(`(os\\.environ\\.get|os\\.getenv)\\(\\s*${q}\\s*,\\s*(["'])[^"']+\\2`);
  const node = new RegExp(`process\\.env(\\.${name}|\\[\\s*${q}\\s*\\])\\s*(\\?\\?|\\|\\|)\\s*(["'\`])[^"'\`]+\\3`);
  return python.test(source) || node.test(source);
}

function missingDependency(ctx: RunContext, app: App, imagePath: string, language: "python" | "node"): string[] | null {
  const root = app.root === "." ? "" : app.root + "/";
  if (language === "python") {
    const requirements = ctx.repo.get(root + "requirements.txt")?.content;
    if (!requirements) return null;
    const needed = requirementNames(requirements);
    const absent = needed.find((n) => !ctx.image.installed.pipPackages.has(n));
    if (!absent || !ctx.image.exact) return null;
    return PROCESS_OUTPUT.python.moduleMissing(absent.replace(/-/g, "_"), imagePath);
  }
  const pkg = ctx.repo.get(root + "package.json")?.content;
  if (!pkg) return null;
  let deps: string[] = [];
  try {
    deps = Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {});
  } catch {
    return null;
  }
  if (deps.length === 0 || !ctx.image.exact) return null;
  let dir = path.posix.dirname(imagePath);
  for (;;) {
    if (ctx.image.installed.nodeModules.has(dir)) return null;
    if (dir === "/") break;
    dir = path.posix.dirname(dir);
  }
  return PROCESS_OUTPUT.node.moduleMissing(deps[0]!, imagePath);
}
