/**
 * Repairs for an image that builds but whose container fails: no WORKDIR, a CMD that repeats the ENTRYPOINT,
 * an entrypoint script without the execute bit, a required variable unset, a directory the non-root user
 * cannot write.
 */
import { afterLastFrom, execForm, instructions, mainDockerfile } from "../dockerfile.js";
import type { RepairRule } from "../rule.js";
import { insertLines, lookedAt, replaceLine, type RepairView } from "../view.js";
import { documentedValue } from "./documented.js";

/** Whether a runtime log comes from `docker run` rather than a Kubernetes pod. */
const fromDockerRun = (view: RepairView): boolean => /^\$ docker run\b/m.test(view.log);

const AT_ROOT = /(?:open|can't open file|Cannot find module) '\/([^/']+)'/;

/** A file the app needs looked up at the filesystem root: the image never set a WORKDIR. */
export const missingWorkdir: RepairRule = {
  name: "missing-workdir",
  summary: "the app looks for its files at / → WORKDIR (the directory the files were copied to, else /app); a pod's crash is reproduced with docker run first",
  propose(view) {
    const file = mainDockerfile(view);
    if (file === undefined) return [];
    let log = view.log;
    if (!fromDockerRun(view)) {
      // A pod of the image this repository builds crashed the same way: run the image here to see it is the image's fault.
      if (!/^\$ kubectl logs/m.test(view.log) || !AT_ROOT.test(view.log)) return [];
      const run = lookedAt(view, "docker run app");
      if (typeof run !== "string") return [run];
      log = run;
    }
    const missing = AT_ROOT.exec(log)?.[1];
    if (missing === undefined || !view.paths.some((p) => p === missing || p.endsWith(`/${missing}`))) return [];
    const all = instructions(view, file);
    if (all.some((i) => i.keyword === "WORKDIR")) return [];
    const copied = all.filter((i) => i.keyword === "COPY").map((i) => /\s(\/[^\s"]+?)\/?\s*$/.exec(i.args)?.[1]).find((d) => d !== undefined && d !== "/");
    return [insertLines(file, afterLastFrom(view, file), [`WORKDIR ${copied ?? "/app"}`])];
  },
};

/** `unrecognized arguments: python app.py`: CMD repeats the ENTRYPOINT → CMD keeps only the arguments. */
export const cmdRepeatsEntrypoint: RepairRule = {
  name: "cmd-repeats-entrypoint",
  summary: "exec-form CMD that starts with the ENTRYPOINT's command → CMD holds only the arguments",
  propose(view) {
    const file = mainDockerfile(view);
    if (file === undefined || !/unrecognized arguments|unknown (?:option|argument|command)|unexpected argument/i.test(view.log)) return [];
    const all = instructions(view, file);
    const entry = all.filter((i) => i.keyword === "ENTRYPOINT").at(-1);
    const cmd = all.filter((i) => i.keyword === "CMD").at(-1);
    const entryArgs = entry ? execForm(entry.args) : null;
    const cmdArgs = cmd ? execForm(cmd.args) : null;
    if (!entry || !cmd || !entryArgs || !cmdArgs) return [];
    // The repeated command may be the whole ENTRYPOINT or just its program and script.
    const overlap = entryArgs.findIndex((_, k) => cmdArgs.slice(0, entryArgs.length - k).every((a, j) => a === entryArgs[k + j]));
    const repeated = overlap < 0 ? 0 : entryArgs.length - overlap;
    if (repeated === 0) return [];
    const rest = cmdArgs.slice(repeated);
    return [replaceLine(file, cmd.line, rest.length === 0 ? "CMD []" : `CMD ${JSON.stringify(rest).replace(/","/g, '", "')}`)];
  },
};

/** `exec: "/entrypoint.sh": permission denied` → chmod +x right after the COPY that brings the script in. */
export const scriptNotExecutable: RepairRule = {
  name: "script-not-executable",
  summary: "exec … permission denied → RUN chmod +x after the COPY of that script",
  propose(view) {
    const target = /exec(?:: "|\s)([^"\s:]+)"?: permission denied/.exec(view.log)?.[1];
    const file = mainDockerfile(view);
    if (target === undefined || file === undefined) return [];
    const base = target.slice(target.lastIndexOf("/") + 1);
    const all = instructions(view, file);
    const copy = all.filter((i) => (i.keyword === "COPY" || i.keyword === "ADD") && i.args.includes(base)).at(-1) ?? all.filter((i) => i.keyword === "COPY").at(-1);
    if (copy === undefined) return [];
    // Before a USER switch: a non-root user may not chmod a file root owns.
    return [insertLines(file, copy.line + 1, [`RUN chmod +x ${target}`])];
  },
};

/** The variable a crash log says is missing. */
export function missingVariable(log: string): string | null {
  return (
    /KeyError: '([A-Z][A-Z0-9_]*)'/.exec(log)?.[1] ??
    /Environment variable not found: ([A-Z][A-Z0-9_]*)/.exec(log)?.[1] ??
    /\b([A-Z][A-Z0-9_]{2,}) (?:is not (?:defined|set)|must be set|is required)/.exec(log)?.[1] ??
    /missing (?:required )?(?:environment )?variable:? '?([A-Z][A-Z0-9_]*)/i.exec(log)?.[1] ??
    null
  );
}

/** Drivers of databases that run as a server; without one, SQLAlchemy can open only sqlite, which Python ships. */
const SERVER_DRIVERS = /^(psycopg2(-binary)?|psycopg|pymysql|mysqlclient|asyncpg|aiomysql|cx-oracle|oracledb|pyodbc)\b/im;

/**
 * A database URL the image can open when the docs give no example: an app on SQLAlchemy with no server driver
 * installed (requirements.txt) can open only a sqlite file, in a directory every image has.
 */
function databaseUrlFor(view: RepairView, name: string): string | null {
  if (!/DATABASE_URL|DB_URL|DATABASE_URI/.test(name)) return null;
  const requirements = view.paths.filter((p) => /requirements[^/]*\.txt$/.test(p)).map((p) => view.content(p) ?? "").join("\n");
  if (!/^sqlalchemy\b/im.test(requirements) || SERVER_DRIVERS.test(requirements)) return null;
  return "sqlite:////tmp/app.db";
}

/** `KeyError: 'DATABASE_URL'` in a container → ENV with the value the README gives as an example, else one the installed packages open. */
export const requiredEnvInImage: RepairRule = {
  name: "required-env-in-image",
  summary: "a required variable unset in a docker run → ENV NAME=value from the README's example, else a sqlite URL when only SQLAlchemy is installed",
  propose(view) {
    const name = missingVariable(view.log);
    const file = mainDockerfile(view);
    if (name === null || file === undefined || !fromDockerRun(view)) return [];
    const value = documentedValue(view, name) ?? databaseUrlFor(view, name);
    if (value === null) return [];
    return [insertLines(file, afterLastFrom(view, file), [`ENV ${name}=${value}`])];
  },
};

/** `EACCES: permission denied, mkdir '/app/data'` under USER → create and chown it before the switch. */
export const writeDenied: RepairRule = {
  name: "write-denied",
  summary: "the non-root user cannot create or write a directory → mkdir and chown it before USER",
  propose(view) {
    const m = /EACCES: permission denied, (mkdir|open) '([^']+)'/.exec(view.log) ?? /PermissionError: \[Errno 13\] Permission denied: '()([^']+)'/.exec(view.log);
    const file = mainDockerfile(view);
    if (!m || file === undefined) return [];
    const path = m[1] === "mkdir" || m[1] === "" ? (m[2] ?? "") : (m[2] ?? "").replace(/\/[^/]*$/, "");
    const user = instructions(view, file).filter((i) => i.keyword === "USER").at(-1);
    if (user === undefined || path === "") return [];
    const name = user.args.trim().split(":")[0] ?? "";
    return [insertLines(file, user.line, [`RUN mkdir -p ${path} && chown ${name}:${name} ${path}`])];
  },
};

export const DOCKERFILE_RUNTIME_RULES: readonly RepairRule[] = [missingWorkdir, cmdRepeatsEntrypoint, scriptNotExecutable, requiredEnvInImage, writeDenied];
