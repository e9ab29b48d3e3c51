import { addBlock, edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";
const ENV_BLOCK = "        env:\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n";

export const secretNotInEnv: ScenarioSource = {
  id: "secret_not_in_env",
  task_id: "workflow_secrets_permissions",
  title: "Shortlinks: the Slack notification step fails after green tests",
  difficulty: "medium",
  description:
    "The Slack step's `env:` mapping is gone, so \"$SLACK_WEBHOOK_URL\" expands to an empty string and curl fails with '(3) URL using " +
    "bad/illegal format or missing URL'. As the seed describes.",
  base: "shortlinks",
  faults: [{ file: CI, replace: ENV_BLOCK, with: "" }],
  issues: [
    {
      id: "webhook-not-mapped",
      description: "The script posts to $SLACK_WEBHOOK_URL, which nothing maps from the repository secret.",
      hint: "Secrets reach a run step only through env: (NAME: ${{ secrets.NAME }}); available_secrets lists the repository's secrets.",
      stage: "build",
      detection: [{ code: "GHA108", file: CI }],
    },
  ],
  solution: [addBlock(CI, 29, ENV_BLOCK.replace(/\n$/, ""))],
  alternatives: [
    {
      description: "job-level env on the notify job",
      actions: [edit(CI, "    runs-on: ubuntu-latest\n    steps:\n      - name: Post to Slack\n", "    runs-on: ubuntu-latest\n    env:\n      SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n    steps:\n      - name: Post to Slack\n")],
    },
    {
      description: "Slack's own action with the webhook as an input",
      actions: [
        edit(
          CI,
          "        run: |\n          curl -sS -X POST -H 'Content-type: application/json' \\\n" +
            '            --data "{\\"text\\":\\"shortlinks $GITHUB_SHA passed CI on main\\"}" \\\n            "$SLACK_WEBHOOK_URL"\n',
          "        uses: slackapi/slack-github-action@v2\n        with:\n          webhook: ${{ secrets.SLACK_WEBHOOK_URL }}\n" +
            "          webhook-type: incoming-webhook\n          payload: |\n            text: \"shortlinks ${{ github.sha }} passed CI on main\"\n",
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "the webhook URL pasted into the workflow",
      because: { violation: "no-hard-coded-secrets" },
      actions: [addBlock(CI, 29, "        env:\n          SLACK_WEBHOOK_URL: https://hooks.slack.com/services/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")],
    },
    { description: "the env context, never defined", because: { fires: "GHA108" }, actions: [addBlock(CI, 29, "        env:\n          SLACK_WEBHOOK_URL: ${{ env.SLACK_WEBHOOK_URL }}")] },
    { description: "swallow curl's failure with || true", because: { fires: "GHA108" }, actions: [edit(CI, '            "$SLACK_WEBHOOK_URL"\n', '            "$SLACK_WEBHOOK_URL" || true\n')] },
    { description: "switch the step off with if: false", because: { fires: "GHA108" }, actions: [edit(CI, "      - name: Post to Slack\n", "      - name: Post to Slack\n        if: false\n")] },
    { description: "print the curl command instead of running it: nothing is posted", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "          curl -sS -X POST", "          echo curl -sS -X POST")] },
    { description: "a default URL for when the secret is not mapped", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "\"$SLACK_WEBHOOK_URL\"", "\"${SLACK_WEBHOOK_URL:-https://example.com/hook}\"")] },
    { description: "curl pointed at another URL than the secret's", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "\"$SLACK_WEBHOOK_URL\"", "\"https://example.com\"")] },
    { description: "the webhook mapped, and the Node 18 leg dropped", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "node-version: [18, 20]", "node-version: [20]"), edit(".github/workflows/ci.yml", "      - name: Post to Slack\n", "      - name: Post to Slack\n        env:\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
