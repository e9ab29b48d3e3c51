/**
 * secret-expression-malformed: a secret's expression is written with the wrong braces, so GitHub never
 * evaluates it. In a script, `${ secrets.X }` is a bash `bad substitution` and the login gets nothing (GHA107,
 * then GHA102); `{{ secrets.X }}` is sent as the literal password (GHA103). In an input or env value,
 * `${ secrets.X }` is the literal credential the registry refuses (GHA103) and an unquoted `{{ secrets.X }}`
 * is a YAML flow mapping GitHub rejects: `A mapping was not expected` (GHA005). Real-errors.md §D,
 * wrong_secret_syntax.
 *
 * Split rule: train writes single braces with the dollar (`${ secrets.X }`); test writes the double braces of
 * template languages without it (`{{ secrets.X }}`).
 *
 * Only the password is a place, except where bash's `bad substitution` stops the script whatever the value
 * was for: a registry answers a wrong username with the same refusal, but the simulated registry judges the
 * password alone, so a broken username would go undetected. In a script, `{{ … }}` is a place only inside
 * double quotes, where it stays one word: unquoted, bash splits it into three arguments and the command fails
 * its own way.
 */
import { defineInjector } from "../injector.js";
import type { Injection } from "../injector.js";
import { firstFitting, replaceLine } from "./workflow-text/lines.js";
import { keyOf, workflowMaps } from "./workflow-text/model.js";
import type { WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";
import { isLogin, SECRET_EXPRESSION } from "./workflow-text/secrets.js";

interface Place {
  map: WorkflowMap;
  line: number;
  expression: string;
  secret: string;
  inScript: boolean;
  /** Whether the value is the whole (unquoted) YAML scalar. */
  bare: boolean;
  /** Whether the secret is the login's password (not its username). */
  password: boolean;
  /** Whether the expression sits inside a double-quoted shell word. */
  quoted: boolean;
}

const USERNAME = /(^|_)(USER|USERNAME|USER_NAME|LOGIN|ACTOR|EMAIL)$/i;

/** Whether the secret on this line is what the login sends as its password. */
function isPassword(text: string, secret: string): boolean {
  const key = /^\s*([A-Za-z_][A-Za-z0-9_-]*):/.exec(text)?.[1];
  if (key === "password") return true;
  if (key === "username") return false;
  return !USERNAME.test(secret);
}

function placesIn(map: WorkflowMap): Place[] {
  return map.jobs.flatMap((job) =>
    job.steps.filter((s) => isLogin(map, s)).flatMap((step) => {
      const run = keyOf(step, "run");
      const out: Place[] = [];
      for (let line = step.start; line < step.end; line++) {
        const text = map.lines[line]!;
        const m = new RegExp(SECRET_EXPRESSION.source).exec(text);
        if (!m) continue;
        const inScript = run !== undefined && line >= run.line && line < run.end;
        const secret = m[1] ?? "GITHUB_TOKEN";
        const escaped = m[0].replace(/[$.{}]/g, "\\$&");
        out.push({
          map,
          line,
          expression: m[0],
          secret,
          inScript,
          bare: new RegExp(`:\\s*${escaped}\\s*$`).test(text),
          password: isPassword(text, secret),
          quoted: new RegExp(`"[^"]*${escaped}[^"]*"`).test(text),
        });
      }
      return out;
    }),
  );
}

function detection(place: Place, test: boolean): Injection["issue"]["detection"] {
  const file = place.map.file;
  if (place.inScript) return test ? [{ code: "GHA103", file }] : [{ code: "GHA107", file }, { code: "GHA102", file }];
  return test && place.bare ? [{ code: "GHA005", file }] : [{ code: "GHA103", file }];
}

export const secretExpressionMalformed = defineInjector({
  kind: "secret-expression-malformed",
  layer: "workflow",
  summary: "A secret written `${ secrets.X }` or `{{ secrets.X }}`: bad substitution, a literal password, or a YAML mapping (GHA107, GHA102, GHA103, GHA005)",
  inject(ctx) {
    const test = ctx.split === "test";
    return firstFitting(ctx.rng, workflowMaps(ctx.files).flatMap(placesIn), (place) => {
      const inner = place.expression.replace(/^\$\{\{\s*|\s*\}\}$/g, "");
      const wrong = test ? `{{ ${inner} }}` : `\${ ${inner} }`;
      if (test && !place.inScript && !place.bare) return null;
      if (!place.password && !(place.inScript && !test)) return null;
      if (place.inScript && test && !place.quoted) return null;
      const content = replaceLine(place.map, place.line, place.map.lines[place.line]!.replace(place.expression, wrong));
      const effect = place.inScript
        ? test
          ? "bash passes the braces on as text, so the login sends them as the password"
          : "bash stops at it with `bad substitution`, so the login gets no password"
        : test && place.bare
          ? "unquoted, YAML reads the braces as a mapping, which GitHub does not accept there"
          : "GitHub passes it on as literal text, which the registry refuses as a credential";
      return workflowInjection(ctx, {
        kind: "secret-expression-malformed",
        changed: [{ file: place.map.file, content }],
        issue: {
          description: `${place.map.file}: the secret ${place.secret} is written \`${wrong}\`, which is not a GitHub expression: ${effect}.`,
          hint: "GitHub evaluates only one expression syntax; compare how the failing step writes its secret with how the rest of the workflow writes expressions.",
          stage: test && place.bare && !place.inScript ? "parse" : "push",
          detection: detection(place, test),
        },
      });
    });
  },
});
