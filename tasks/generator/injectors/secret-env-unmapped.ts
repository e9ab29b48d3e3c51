/**
 * secret-env-unmapped: a run step reads a secret as `$NAME`, but nothing maps the secret into its environment
 * (GitHub never exports secrets to scripts, and GITHUB_TOKEN is not a default variable), so the variable is
 * empty: `docker login` says `username is empty` or `Cannot perform an interactive login from a non TTY
 * device` (GHA102; real-errors.md §D missing_env_secrets, §E login_secrets_not_wired, §I ghcr_token_not_mapped).
 *
 * Split rule: where the step maps its secrets in `env:`, train drops every mapping and test only one of them
 * (the rest still reach the step). Where the script writes the secret's expression inline, train replaces it
 * by `$NAME`, test by `${NAME}`.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, replaceLine, spliceLines } from "./workflow-text/lines.js";
import { workflowMaps } from "./workflow-text/model.js";
import type { WorkflowMap } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";
import { inlineSecrets, isLogin, mappedSecrets } from "./workflow-text/secrets.js";
import type { InlineSecret, MappedSecret } from "./workflow-text/secrets.js";

type Place = { kind: "env"; mapped: MappedSecret[] } | { kind: "inline"; inline: InlineSecret };

function why(secret: string): string {
  return secret === "GITHUB_TOKEN"
    ? "GITHUB_TOKEN is not one of a run step's default variables (GITHUB_ACTOR is); it reaches a script only through an expression or env:"
    : `GitHub never exports the repository secret ${secret} to a script; it arrives only through env: or an expression`;
}

function placesIn(map: WorkflowMap): Place[] {
  return map.jobs.flatMap((job) =>
    job.steps.flatMap((step): Place[] => {
      // A login is where an empty credential fails with its own message; other commands fail their own ways.
      if (!isLogin(map, step)) return [];
      const mapped = mappedSecrets(map, job, step);
      const inline = inlineSecrets(map, job, step);
      return [...(mapped.length > 0 ? [{ kind: "env" as const, mapped }] : []), ...inline.map((i) => ({ kind: "inline" as const, inline: i }))];
    }),
  );
}

export const secretEnvUnmapped = defineInjector({
  kind: "secret-env-unmapped",
  layer: "workflow",
  summary: "A run step reads a secret as $NAME that nothing maps into its env: `username is empty`, non-TTY login (GHA102)",
  inject(ctx) {
    const test = ctx.split === "test";
    return firstFitting(ctx.rng, workflowMaps(ctx.files).flatMap(placesIn), (place) => {
      if (place.kind === "inline") {
        const { map, job, line, expression, secret } = place.inline;
        const variable = test ? `\${${secret}}` : `$${secret}`;
        const content = replaceLine(map, line, map.lines[line]!.replace(expression, variable));
        return workflowInjection(ctx, {
          kind: "secret-env-unmapped",
          changed: [{ file: map.file, content }],
          issue: {
            description: `${map.file}: in job '${job.key}', the login script reads ${variable}, which nothing sets: ${why(secret)}.`,
            hint: "Which variables does a run step get without asking? Look at how the failing step's script gets its credential.",
            stage: "push",
            detection: [{ code: "GHA102", file: map.file }],
          },
        });
      }
      const { map, job, env } = place.mapped[0]!;
      const dropped = test ? [ctx.rng.pick(place.mapped)] : place.mapped;
      const all = dropped.length === place.mapped.length && env.end - env.line - 1 === dropped.length;
      const lines = map.lines.filter((_, i) => (all ? i < env.line || i >= env.end : !dropped.some((d) => d.entry.line === i)));
      const content = spliceLines(map, 0, map.lines.length, lines);
      const names = dropped.map((d) => `$${d.variable}`).join(" and ");
      return workflowInjection(ctx, {
        kind: "secret-env-unmapped",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: in job '${job.key}', the login script reads ${names}, which nothing maps from the repository's secrets: ${why(dropped[0]!.secret)}.`,
          hint: "A run step sees a secret only through an env: entry whose value is a secrets expression; which variables does the failing script read, and where are they set?",
          stage: "push",
          detection: [{ code: "GHA102", file: map.file }],
        },
      });
    });
  },
});
