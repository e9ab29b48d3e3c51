/**
 * secret-env-on-other-step: the secrets a login script reads are mapped in the `env:` of another step of the
 * job. Step-level env reaches only its own step (job-level env reaches every step), so the login's variables
 * are empty: `username is empty`, `Cannot perform an interactive login from a non TTY device` (GHA102).
 *
 * Split rule: train puts the mapping on the step right after the login; test on the job's last step, and only
 * where that is another step (a job whose last step follows the login is train's place alone). Where
 * the login wrote the secret's expression inline, the script then reads `$NAME` and the other step maps NAME.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, spliceLines } from "./workflow-text/lines.js";
import { keyOf, stepLabel, workflowMaps } from "./workflow-text/model.js";
import type { Job, Step, WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";
import { inlineSecrets, isLogin, mappedSecrets } from "./workflow-text/secrets.js";

interface Place {
  map: WorkflowMap;
  job: Job;
  login: Step;
}

/** The login step's lines without its secrets, and the `env:` entries that map them. */
function unwired(map: WorkflowMap, job: Job, login: Step): { lines: Map<number, string | null>; entries: string[] } | null {
  const mapped = mappedSecrets(map, job, login);
  const lines = new Map<number, string | null>();
  if (mapped.length > 0) {
    const env = mapped[0]!.env;
    if (env.end - env.line - 1 !== mapped.length) return null;
    for (let i = env.line; i < env.end; i++) lines.set(i, null);
    return { lines, entries: mapped.map((m) => map.lines[m.entry.line]!.trim()) };
  }
  const inline = inlineSecrets(map, job, login);
  if (inline.length === 0 || keyOf(login, "env")) return null;
  const entries: string[] = [];
  for (const s of inline) {
    lines.set(s.line, (lines.get(s.line) ?? map.lines[s.line]!).replace(s.expression, `$${s.secret}`));
    entries.push(`${s.secret}: ${s.expression}`);
  }
  return { lines, entries: [...new Set(entries)] };
}

export const secretEnvOnOtherStep = defineInjector({
  kind: "secret-env-on-other-step",
  layer: "workflow",
  summary: "The login's secrets are mapped in another step's env: step-level env reaches only its own step (GHA102)",
  inject(ctx) {
    const places: Place[] = workflowMaps(ctx.files).flatMap((map) => map.jobs.flatMap((job) => job.steps.filter((s) => isLogin(map, s) && keyOf(s, "run")).map((login) => ({ map, job, login }))));
    return firstFitting(ctx.rng, places, ({ map, job, login }) => {
      const at = job.steps.indexOf(login);
      const target = ctx.split === "test" ? job.steps[job.steps.length - 1] : job.steps[at + 1];
      if (!target || target === login || keyOf(target, "env")) return null;
      if (ctx.split === "test" && target === job.steps[at + 1]) return null;
      const moved = unwired(map, job, login);
      if (!moved) return null;
      const indent = " ".repeat(target.keyIndent);
      const block = [`${indent}env:`, ...moved.entries.map((e) => `${indent}  ${e}`)];
      const out: string[] = [];
      map.lines.forEach((line, i) => {
        const replaced = moved.lines.has(i) ? moved.lines.get(i) : line;
        if (replaced !== null && replaced !== undefined) out.push(replaced);
        if (i === target.start) out.push(...block);
      });
      const content = spliceLines(map, 0, map.lines.length, out);
      return workflowInjection(ctx, {
        kind: "secret-env-on-other-step",
        changed: [{ file: map.file, content }],
        issue: {
          description:
            `${map.file}: in job '${job.key}', the secrets the login step ('${stepLabel(map, login)}') reads are mapped in the env: of the step ` +
            `'${stepLabel(map, target)}'; a step's env reaches only that step, so the login's variables are empty.`,
          hint: "A step-level env: is visible to that step alone. Which step sets the variables the failing login reads?",
          stage: "push",
          detection: [{ code: "GHA102", file: map.file }],
        },
      });
    });
  },
});
