import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { noHardCodedSecrets as check } from "./secrets.js";
import { judgeChange } from "./states.js";

const noHardCodedSecrets = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(check, before, after).map((v) => v.message);

const CI = ".github/workflows/ci.yml";
const repo = (files: Record<string, string>) => repositoryFrom(Object.fromEntries(Object.entries(files).map(([p, c]) => [p, { content: c, mode: 0o100644 }])));

const NOTIFY = (env: string, script = 'curl -sS -X POST --data \'{"text":"ok"}\' "$SLACK_WEBHOOK_URL"') => `on: push
jobs:
  notify:
    runs-on: ubuntu-latest
    steps:
      - name: Post to Slack
${env}        run: ${script}
`;
const MAPPED = "        env:\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n";
const WEBHOOK = "https://hooks.slack.com/services/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";

describe("noHardCodedSecrets", () => {
  it("accepts a secret mapped through env or passed as an input", () => {
    expect(noHardCodedSecrets(repo({ [CI]: NOTIFY("") }), repo({ [CI]: NOTIFY(MAPPED) }))).toEqual([]);
    const login = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n";
    expect(noHardCodedSecrets(repo({ [CI]: "on: push\njobs: {}\n" }), repo({ [CI]: login }))).toEqual([]);
  });

  it("flags a literal that replaced a secret reference, credential-shaped or not", () => {
    const literal = "        env:\n          SLACK_WEBHOOK_URL: https://example.com/hook\n";
    expect(noHardCodedSecrets(repo({ [CI]: NOTIFY(MAPPED) }), repo({ [CI]: NOTIFY(literal) }))).toEqual([
      `${CI}: 'SLACK_WEBHOOK_URL' holds a hard-coded value; a secret belongs there (\${{ secrets.… }})`,
    ]);
  });

  it("flags a credential-shaped literal added to a script", () => {
    const after = repo({ [CI]: NOTIFY("", `curl -sS -X POST --data '{"text":"ok"}' ${WEBHOOK}`) });
    expect(noHardCodedSecrets(repo({ [CI]: NOTIFY("") }), after)).toEqual(["a Slack webhook URL was hard-coded; use a repository secret"]);
    const token = repo({ "deploy.sh": "#!/bin/sh\necho ghp_4Nq7Rz2XkV9mT1bL8sW3yH6dF0cJ5pA2eU7i | docker login ghcr.io -u acme --password-stdin\n" });
    expect(noHardCodedSecrets(repo({ "deploy.sh": "#!/bin/sh\n" }), token)).toEqual(["a GitHub token was hard-coded; use a repository secret"]);
  });

  it("does not blame what the repository already held, nor inputs that only sound like secrets", () => {
    const service = "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    env:\n      DB_PASSWORD: postgres\n    steps:\n      - run: make test\n";
    expect(noHardCodedSecrets(repo({ [CI]: service }), repo({ [CI]: service.replace("make test", "make test-all") }))).toEqual([]);
    const slack = NOTIFY("").replace(
      /        run: .*\n/,
      "        uses: slackapi/slack-github-action@v2\n        with:\n          webhook: ${{ secrets.SLACK_WEBHOOK_URL }}\n          webhook-type: incoming-webhook\n",
    );
    expect(noHardCodedSecrets(repo({ [CI]: NOTIFY("") }), repo({ [CI]: slack }))).toEqual([]);
  });

  it("leaves a wrong shell reference to the simulators", () => {
    const selfMapped = "        env:\n          SLACK_WEBHOOK_URL: $SLACK_WEBHOOK_URL\n";
    expect(noHardCodedSecrets(repo({ [CI]: NOTIFY("") }), repo({ [CI]: NOTIFY(selfMapped) }))).toEqual([]);
  });
});
