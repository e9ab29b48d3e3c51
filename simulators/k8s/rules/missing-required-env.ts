/** K8S024: the app exits at start because a variable it requires is not set: CrashLoopBackOff with the app's own error. */
import { at, k8sRule, objectsWhere } from "../events.js";
import { podName } from "../identity.js";
import { backOffRestarting, describePod, startEvents } from "../messages.js";
import { stringAt } from "../object.js";
import { runsPods } from "../workload.js";
import type { App } from "../../world.js";
import { APP_FILES, DEPLOYMENT, WORLD, withFile } from "./fixtures.js";

/** The app's own words for a missing variable, by language (facts: Python KeyError, Node app-defined). */
function appError(app: App, name: string): string {
  switch (app.language) {
    case "python":
      return `Traceback (most recent call last):\n  File "/app/${app.entry ?? "app.py"}", line 8, in <module>\n    ${name.toLowerCase()} = os.environ["${name}"]\nKeyError: '${name}'`;
    case "node":
      return `Error: ${name} is not defined`;
    default:
      return `${name} is not set`;
  }
}

/** Whether the container's env (the last entry naming it, as the kubelet keeps) sets `name` to the empty string. */
function setEmpty(container: Record<string, unknown>, name: string): boolean {
  const env = Array.isArray(container["env"]) ? container["env"] : [];
  const entry = [...env].reverse().find((e) => typeof e === "object" && e !== null && (e as Record<string, unknown>)["name"] === name) as Record<string, unknown> | undefined;
  return entry !== undefined && entry["valueFrom"] === undefined && (entry["value"] === undefined || entry["value"] === null || entry["value"] === "");
}

export const missingRequiredEnv = k8sRule({
  code: "K8S024",
  name: "missing-required-env",
  summary: "The app exits at start because an environment variable it requires is not set: CrashLoopBackOff",
  stage: "runtime",
  severity: "error",
  phase: "run",
  needs: ["world"],
  applies: objectsWhere(runsPods),
  on: {
    "apps-started"(e, ctx) {
      const o = e.object;
      // A pod running none of the world's apps: what its programs require is not known.
      if (!e.containers.some((c) => c.app)) return ctx.undecided();
      for (const { container: c, app, env: names, database } of e.containers) {
        if (!app) continue;
        if (!names) {
          ctx.undecided();
          continue;
        }
        const missing = app.required_env.find((n) => !names.has(n));
        // An entry with neither value nor valueFrom sets the variable to "": what the app makes of an empty
        // setting it requires (a VAT rate of "") is not modelled, so it decides nothing.
        if (missing === undefined && app.required_env.some((n) => setEmpty(c.container, n))) {
          ctx.undecided();
          continue;
        }
        if (missing === undefined && database?.problem === "unknown") ctx.undecided();
        const opening = database && database.problem !== null && database.problem !== "unknown" ? database.problem : undefined;
        if (missing === undefined && !opening) continue;
        const error = missing !== undefined ? appError(app, missing) : ["Traceback (most recent call last):", ...opening!.exception].join("\n");
        const backOff = backOffRestarting(o, c);
        const log = `${describePod(o, c, ["State:          Waiting", "  Reason:       CrashLoopBackOff", "Last State:     Terminated", "  Reason:       Error", "  Exit Code:    1"], [...startEvents(o, c, stringAt(c.container, ["image"]) ?? ""), { type: "Warning", reason: "BackOff", from: "kubelet", message: backOff }])}\n\n$ kubectl logs ${podName(o)} --previous\n${error}`;
        const field = c.container["env"] !== undefined ? "env" : c.container["envFrom"] !== undefined ? "envFrom" : "name";
        const headline = opening ? opening.exception[0]! : error.split("\n").pop()!;
        ctx.report(at(o, [...c.path, field]), headline, { log, detail: { pod: "CrashLoopBackOff" } });
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "set from a plain value", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n", "              value: postgres://db/web\n")), world: WORLD },
      {
        name: "a database URL naming a Service of the repository, its driver in the image",
        files: {
          ...withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n", "              value: postgresql://web@db:5432/web\n")),
          "k8s/db.yaml":
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  selector:\n    app: db\n  ports:\n    - port: 5432\n      targetPort: 5432\n---\n" +
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: db\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n        - name: postgres\n          image: postgres:16-alpine\n          ports:\n            - containerPort: 5432\n",
        },
        world: {
          ...WORLD,
          registry: { "ghcr.io/acme/web": { "1.0": { ...WORLD.registry!["ghcr.io/acme/web"]!["1.0"]!, python_packages: ["flask", "psycopg2-binary"] } } },
          apps: [{ ...WORLD.apps![0]!, database_url_env: "DATABASE_URL" }],
        },
      },
    ],
    invalid: [
      { name: "a database host no Service answers for", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n", "              value: postgresql://web@db:5432/web\n")), world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, database_url_env: "DATABASE_URL" }] }, message: 'could not translate host name "db"' },
      { name: "postgres://, which SQLAlchemy no longer loads", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n", "              value: postgres://web@db/web\n")), world: { ...WORLD, apps: [{ ...WORLD.apps![0]!, database_url_env: "DATABASE_URL" }] }, message: "Can't load plugin: sqlalchemy.dialects:postgres" },
      {
        name: "DATABASE_URL not set",
        files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            - name: DATABASE_URL\n              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n", "            - name: DB_URL\n              value: postgres://db/web\n")),
        world: WORLD,
        file: "k8s/deployment.yaml",
        line: 26,
        message: "KeyError: 'DATABASE_URL'",
      },
      { name: "misnamed through an envFrom prefix", files: withFile("k8s/deployment.yaml", DEPLOYMENT.replace("            - name: DATABASE_URL\n", "            - name: DATABASE_URI\n")), world: WORLD, message: "KeyError: 'DATABASE_URL'" },
    ],
  },
});
