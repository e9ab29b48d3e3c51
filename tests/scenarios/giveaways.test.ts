/**
 * Texts that used to hand a scenario its fix (a README stating the exact value, a comment naming the real
 * fault) stay gone: no curated scenario's files say them any more, and each fact they stated is found by
 * inspection or in code and logs instead (solvability.test.ts checks where).
 */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

/** Each phrase, and the scenarios whose answer it gave. Whitespace is compared collapsed, so a phrase may span lines. */
const GIVEAWAYS: readonly (readonly [phrase: string, answered: string])[] = [
  ["256Mi is what we run in production", "oom_killed"],
  ["so every Ingress names it", "missing_ingress_class"],
  ["its IngressClass is `nginx`", "missing_ingress_class"],
  ["The non-secret settings come from the ConfigMap `catalog-config`", "missing_configmap"],
  ["`http://search.default.svc.cluster.local:9200`", "missing_configmap"],
  ["Create React App writes the production bundle to build/", "multistage_output_mismatch, full_pipeline_secrets_build_probe"],
  ["(`npm run build` writes `build/`)", "artifact_path_mismatch, multistage_output_mismatch"],
  ["`sqlite:////tmp/orders.db`", "missing_required_env"],
  ["e.g. sqlite:////tmp/orders.db", "missing_required_env"],
  ["build context `backend/`", "wrong_build_context"],
  ["for every push to `main` and every pull request", "missing_on_trigger"],
  ["logging in with the workflow's `GITHUB_TOKEN`", "ghcr_wrong_credentials"],
  ["get a read-only `GITHUB_TOKEN` by default", "missing_token_permissions"],
  ["Uploads are written under /app/data; the app runs as the unprivileged node user", "non_root_privileged_port"],
  ["fails with EACCES when the process cannot write here", "non_root_privileged_port"],
  ["the workflow passes it, and a build without it must fail", "build_arg_not_passed"],
  ["builds the image with the release name as `APP_VERSION`", "build_arg_not_passed"],
  ["(ingress-nginx, class `nginx`)", "full_pipeline_permissions_image_ingress"],
  ["about 150 MiB of memory", "full_pipeline_ghcr_dockerfile_k8s"],
  ["/app/worker.py     the queue worker", "wrong_command"],
  ["logging in with the repository secrets", "push_without_login, missing_env_secrets, login_secrets_not_wired"],
  ["tests on Node 18, 20 and 22", "matrix_version_failure"],
  ["package.json says node >= 18", "matrix_version_failure"],
  ["the webhook URL is the repository secret `SLACK_WEBHOOK_URL`", "secret_not_in_env"],
  ["listening on **port 3000**", "port_mismatch"],
  ["listening on **port 8080**", "liveness_probe_failing"],
  ["settles at about **180 MiB**", "oom_killed"],
  ["builds both images with buildx", "cache_without_mode_max"],
  ["builds the image with Buildx", "missing_step_uses_or_run"],
];

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** The giveaways a repository's files say, as `path: "phrase" (answered …)`. */
function giveawaysIn(files: Readonly<Record<string, { content: string }>>): string[] {
  return Object.entries(files).flatMap(([path, file]) =>
    GIVEAWAYS.filter(([phrase]) => collapse(file.content).includes(collapse(phrase))).map(([phrase, answered]) => `${path}: "${phrase}" (answered ${answered})`),
  );
}

describe.each(catalog.scenarios.map((s) => [s.id, s] as const))("%s", (_, scenario) => {
  it("hands over no fix in its files", () => {
    expect(giveawaysIn(scenario.files)).toEqual([]);
  });
});

it("finds a giveaway put back, even wrapped over two lines", () => {
  const readme = catalog.scenario("oom_killed")!.files["README.md"]!;
  const back = { "README.md": { content: `${readme.content}\nGive it a limit with headroom; 256Mi is what we run\nin production.\n` } };
  expect(giveawaysIn(back)).toEqual(['README.md: "256Mi is what we run in production" (answered oom_killed)']);
});

/** Hints that used to write the fix for the agent (the scope, the secret, the image): a hint points where to look. */
const HINT_GIVEAWAYS: readonly (readonly [phrase: string, answered: string])[] = [
  ["needs packages: write", "missing_token_permissions"],
  ["Map the secret into the step", "full_pipeline_ghcr_and_selector"],
  ["it takes the workflow's GITHUB_TOKEN", "ghcr_wrong_credentials"],
  ["needs a Python image with pip", "missing_from_instruction"],
];

/** The giveaways a scenario's hints say, as `issue: "phrase" (answered …)`. */
function hintGiveaways(issues: readonly { id: string; hint: string }[]): string[] {
  return issues.flatMap((issue) => HINT_GIVEAWAYS.filter(([phrase]) => issue.hint.includes(phrase)).map(([phrase, answered]) => `${issue.id}: "${phrase}" (answered ${answered})`));
}

it("no curated hint writes the fix it hints at", () => {
  expect(catalog.scenarios.flatMap((s) => hintGiveaways(s.issues))).toEqual([]);
  expect(hintGiveaways([{ id: "x", hint: "Pushing to ghcr.io with GITHUB_TOKEN needs packages: write." }])).toEqual(['x: "needs packages: write" (answered missing_token_permissions)']);
});
