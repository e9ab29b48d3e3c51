/**
 * ghcr-login-dockerhub-credentials: the login to ghcr.io sends the Docker Hub username and token the repository
 * still holds from an earlier registry, which GitHub's registry refuses: `Error response from daemon: Get
 * "https://ghcr.io/v2/": denied: denied` (GHA103; real-errors.md §D, ghcr_wrong_credentials). ghcr.io takes the
 * workflow's GITHUB_TOKEN (with github.actor), not a Docker Hub password. The fault adds the old secrets to
 * the repository's secrets, as a repository that moved registries still has them.
 *
 * Split rule: the old secrets' names. Train uses DOCKERHUB_USERNAME / DOCKERHUB_TOKEN; test uses
 * DOCKER_USERNAME / DOCKER_PASSWORD.
 */
import { defineInjector } from "../injector.js";
import { firstFitting, spliceLines } from "./workflow-text/lines.js";
import { blockText, childEntries, keyOf, workflowMaps } from "./workflow-text/model.js";
import { workflowInjection } from "./workflow-text/repair.js";

const TOKEN = /\$\{\{\s*(secrets\.GITHUB_TOKEN|github\.token)\s*\}\}/;
const ACTOR = /\$\{\{\s*github\.actor\s*\}\}/;

export const ghcrLoginDockerhubCredentials = defineInjector({
  kind: "ghcr-login-dockerhub-credentials",
  layer: "workflow",
  summary: "ghcr.io login with the Docker Hub username and token: `denied: denied` (GHA103)",
  inject(ctx) {
    const places = workflowMaps(ctx.files).flatMap((map) =>
      map.jobs.flatMap((job) =>
        job.steps.flatMap((step) => {
          const uses = keyOf(step, "uses");
          const inputs = keyOf(step, "with");
          if (uses && /^docker\/login-action@/i.test(uses.value) && inputs) {
            const entries = childEntries(map, inputs);
            const registry = entries.find((e) => e.key === "registry");
            const user = entries.find((e) => e.key === "username" && ACTOR.test(e.value));
            const pass = entries.find((e) => e.key === "password" && TOKEN.test(e.value));
            if (registry && /ghcr\.io/.test(registry.value) && user && pass) return [{ map, job, lines: [user.line, pass.line] }];
          }
          const run = keyOf(step, "run");
          if (run && /docker\s+login\s+ghcr\.io/.test(blockText(map, run))) {
            const lines: number[] = [];
            for (let i = run.line; i < run.end; i++) if (TOKEN.test(map.lines[i]!) || ACTOR.test(map.lines[i]!)) lines.push(i);
            if (lines.some((i) => TOKEN.test(map.lines[i]!))) return [{ map, job, lines }];
          }
          return [];
        }),
      ),
    );
    return firstFitting(ctx.rng, places, ({ map, job, lines }) => {
      const [user, pass] = ctx.split === "test" ? ["DOCKER_USERNAME", "DOCKER_PASSWORD"] : ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"];
      const out = map.lines.map((line, i) => (lines.includes(i) ? line.replace(ACTOR, `\${{ secrets.${user} }}`).replace(TOKEN, `\${{ secrets.${pass} }}`) : line));
      const content = spliceLines(map, 0, map.lines.length, out);
      const secrets = [...new Set([...ctx.world.secrets, user, pass])];
      return workflowInjection(ctx, {
        kind: "ghcr-login-dockerhub-credentials",
        changed: [{ file: map.file, content }],
        world: { secrets },
        issue: {
          description: `${map.file}: in job '${job.key}', the login to ghcr.io sends the Docker Hub secrets ${user} and ${pass}; GitHub's registry refuses them (it takes the workflow's GITHUB_TOKEN for github.actor).`,
          hint: "ghcr.io is GitHub's own registry. Which credential does it accept from a workflow, and which registry are these secrets for?",
          stage: "push",
          detection: [{ code: "GHA103", file: map.file }],
        },
      });
    });
  },
});
