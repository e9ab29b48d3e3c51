/**
 * Where a workflow hands a secret to a step: `${{ secrets.NAME }}` (or `${{ github.token }}`) in a step's
 * `env:`, its `with:` inputs or its script, and the `$NAME` a script reads it by. The secret injectors find
 * their places here.
 */
import { blockText, childEntries, keyOf } from "./model.js";
import type { Entry, Job, Step, WorkflowMap } from "./model.js";

/** `${{ secrets.NAME }}` or `${{ github.token }}`, with the secret's name in group 1 (GITHUB_TOKEN for the latter). */
export const SECRET_EXPRESSION = /\$\{\{\s*(?:secrets\.([A-Za-z_][A-Za-z0-9_]*)|github\.token)\s*\}\}/;

export function secretName(expression: string): string | null {
  const m = SECRET_EXPRESSION.exec(expression);
  return m ? (m[1] ?? "GITHUB_TOKEN") : null;
}

/** Whether a script reads the variable `name` ($NAME or ${NAME}). */
export function readsVariable(script: string, name: string): boolean {
  return new RegExp(`\\$(\\{${name}\\}|${name}\\b)`).test(script);
}

/** A step's `env:` entry that maps a secret into a variable its script reads. */
export interface MappedSecret {
  map: WorkflowMap;
  job: Job;
  step: Step;
  env: Entry;
  entry: Entry;
  variable: string;
  secret: string;
}

/** The secrets a run step's `env:` maps into variables its script reads. */
export function mappedSecrets(map: WorkflowMap, job: Job, step: Step): MappedSecret[] {
  const env = keyOf(step, "env");
  const run = keyOf(step, "run");
  if (!env || !run) return [];
  const script = blockText(map, run);
  return childEntries(map, env).flatMap((entry) => {
    const secret = secretName(entry.value);
    return secret !== null && entry.end === entry.line + 1 && readsVariable(script, entry.key) ? [{ map, job, step, env, entry, variable: entry.key, secret }] : [];
  });
}

/** A secret expression written into a run step's script, by line. */
export interface InlineSecret {
  map: WorkflowMap;
  job: Job;
  step: Step;
  line: number;
  expression: string;
  secret: string;
}

export function inlineSecrets(map: WorkflowMap, job: Job, step: Step): InlineSecret[] {
  const run = keyOf(step, "run");
  if (!run) return [];
  const out: InlineSecret[] = [];
  for (let line = run.line; line < run.end; line++) {
    const m = new RegExp(SECRET_EXPRESSION.source, "g");
    for (const found of map.lines[line]!.matchAll(m)) out.push({ map, job, step, line, expression: found[0], secret: found[1] ?? "GITHUB_TOKEN" });
  }
  return out;
}

/** What a step that logs in with a script or login-action is, in the words of the descriptions. */
export function isLogin(map: WorkflowMap, step: Step): boolean {
  const uses = keyOf(step, "uses");
  if (uses) return /^docker\/login-action@/i.test(uses.value);
  const run = keyOf(step, "run");
  return run !== undefined && /\bdocker\s+login\b/.test(blockText(map, run));
}
