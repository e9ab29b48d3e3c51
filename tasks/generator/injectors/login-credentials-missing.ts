/**
 * login-credentials-missing: docker/login-action is given no credentials (or no password), as if it would
 * find GITHUB_TOKEN or the repository's secrets by itself. It does not: `Username and password required`,
 * `Password required` (GHA102; real-errors.md §E, login_secrets_not_wired).
 *
 * Split rule: train drops both the username and the password inputs; test drops only the password.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, spliceLines } from "./workflow-text/lines.js";
import { childEntries, keyOf, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

export const loginCredentialsMissing = defineInjector({
  kind: "login-credentials-missing",
  layer: "workflow",
  summary: "docker/login-action without its username and password inputs: `Username and password required` (GHA102)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) =>
      map.jobs.flatMap((job) =>
        job.steps.flatMap((step) => {
          const uses = keyOf(step, "uses");
          const inputs = keyOf(step, "with");
          if (!uses || !/^docker\/login-action@/i.test(uses.value) || !inputs) return [];
          const entries = childEntries(map, inputs);
          const username = entries.find((e) => e.key === "username");
          const password = entries.find((e) => e.key === "password");
          if (!username || !password) return [];
          return [{ map, job, inputs, username, password, only: entries.length === 2 }];
        }),
      ),
    );
    return firstFitting(ctx.rng, places, ({ map, job, inputs, username, password, only }) => {
      const test = ctx.split === "test";
      // With nothing else under it, `with:` goes too.
      const dropped = test ? [password] : only ? [inputs] : [username, password];
      const content = spliceLines(map, 0, map.lines.length, map.lines.filter((_, i) => !dropped.some((d) => i >= d.line && i < d.end)));
      return workflowInjection(ctx, {
        kind: "login-credentials-missing",
        changed: [{ file: map.file, content }],
        issue: {
          description: `${map.file}: in job '${job.key}', docker/login-action has no ${test ? "password" : "username or password"} input; it never reads GITHUB_TOKEN or the repository's secrets by itself, so the login fails.`,
          hint: "An action only gets what its with: inputs pass it. What does the login action need, and where would this repository's credential come from?",
          stage: "push",
          detection: [{ code: "GHA102", file: map.file }],
        },
      });
    });
  },
});
