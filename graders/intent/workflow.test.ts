import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { judgeChange, stateOf } from "./states.js";
import { commandName, workflowIntent as check } from "./workflow.js";

const workflowIntent = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(check, before, after).map((v) => v.message);

const CI = ".github/workflows/ci.yml";
const repo = (content: string) => repositoryFrom({ [CI]: content });
const workflow = (on: string, steps: string, jobIf = "") =>
  `${on}jobs:\n  build:\n    runs-on: ubuntu-latest\n${jobIf}    steps:\n${steps}`;
const TWO_BUILDS =
  "      - name: API image\n        uses: docker/build-push-action@v6\n        with: {context: ./api}\n      - name: Web image\n        uses: docker/build-push-action@v6\n        with: {context: ./web}\n";
const NOTIFY = '      - name: Post to Slack\n        run: curl -sS -X POST --data ok "$SLACK_WEBHOOK_URL"\n';
const ON_MAIN = "on:\n  push:\n    branch: [main]\n    tags: ['v*']\n";

describe("commandName", () => {
  it("names a program with its subcommand, wrappers and assignments dropped", () => {
    expect(commandName(["sudo", "docker", "push", "a:1"])).toBe("docker push");
    expect(commandName(["FOO=1", "env", "docker", "--debug", "login", "-u", "u"])).toBe("docker login");
    expect(commandName(["curl", "-sS", "https://x"])).toBe("curl");
    expect(commandName([])).toBeNull();
  });
});

describe("workflowIntent", () => {
  it("accepts a fixed trigger, a replaced command's equivalent action, and steps kept one for one", () => {
    const before = repo(workflow(ON_MAIN, `${TWO_BUILDS}${NOTIFY}      - run: echo "$T" | docker login -u u --password-stdin\n`));
    const after = repo(
      workflow(
        "on:\n  push:\n    tags: ['v*']\n    branches:\n      - main\n      - 'release/**'\n",
        `${TWO_BUILDS}${NOTIFY}      - uses: docker/login-action@v3\n        with: {username: u, password: p}\n`,
      ),
    );
    expect(workflowIntent(before, after)).toEqual([]);
  });

  it.each([
    ["one of two build steps deleted", workflow(ON_MAIN, TWO_BUILDS.split("      - name: Web image")[0]! + NOTIFY), "step 'Web image' of job 'build' was removed"],
    ["the notification printed instead of sent", workflow(ON_MAIN, TWO_BUILDS + NOTIFY.replace("run: curl", "run: echo curl")), "no longer runs 'curl'"],
    ["the trigger replaced by a manual one", workflow("on: workflow_dispatch\n", TWO_BUILDS + NOTIFY), "no longer runs on 'push'"],
    ["the branch filter dropped", workflow("on:\n  push:\n    tags: ['v*']\n", TWO_BUILDS + NOTIFY), "no longer filters branches:main"],
    ["a misspelt branch", workflow("on:\n  push:\n    branches: [mian]\n    tags: ['v*']\n", TWO_BUILDS + NOTIFY), "no longer filters branches:main"],
    ["every branch ignored", workflow("on:\n  push:\n    branches: [main]\n    branches-ignore: ['**']\n    tags: ['v*']\n", TWO_BUILDS + NOTIFY), "now ignores"],
  ])("flags %s", (_, content, message) => {
    const before = repo(workflow(ON_MAIN, TWO_BUILDS + NOTIFY));
    expect(workflowIntent(before, repo(content)).join("\n")).toContain(message);
  });

  it("accepts steps merged into one: two run steps joined, or a build and a push replaced by build-push-action", () => {
    const BUILD_PUSH = '      - name: Build\n        run: docker build -t "$IMAGE:main" .\n      - name: Push\n        run: docker push "$IMAGE:main"\n';
    const before = repo(workflow("on: push\n", BUILD_PUSH));
    const joined = '      - name: Build and push\n        run: |\n          docker build -t "$IMAGE:main" .\n          docker push "$IMAGE:main"\n';
    expect(workflowIntent(before, repo(workflow("on: push\n", joined)))).toEqual([]);
    const action = "      - name: Build and push\n        uses: docker/build-push-action@v6\n        with:\n          push: true\n          tags: ${{ env.IMAGE }}:main\n";
    expect(workflowIntent(before, repo(workflow("on: push\n", action)))).toEqual([]);
    // The push dropped rather than merged: the action only builds, or the joined step no longer pushes that tag.
    expect(workflowIntent(before, repo(workflow("on: push\n", action.replace("push: true", "push: false")))).join("\n")).toContain("step 'Push' of job 'build' was removed");
    expect(workflowIntent(before, repo(workflow("on: push\n", joined.replace('docker push "$IMAGE:main"', 'echo docker push "$IMAGE:main"')))).join("\n")).toContain("step 'Push' of job 'build' was removed");
    const twoPushes = repo(workflow("on: push\n", BUILD_PUSH + '      - name: Push latest\n        run: docker push "$IMAGE:latest"\n'));
    expect(workflowIntent(twoPushes, repo(workflow("on: push\n", joined))).join("\n")).toContain("step 'Push latest' of job 'build' was removed");
  });

  it("flags a token permissions: block deleted or made write-all, and accepts it corrected, moved to the job, or given a scope", () => {
    const on = "on:\n  push:\n    branches: [main]\n";
    const limited = (block: string, jobBlock = "") => repo(`${on}${block}jobs:\n  build:\n    runs-on: ubuntu-latest\n${jobBlock}    steps:\n${TWO_BUILDS}`);
    const before = limited("permissions:\n  content: read\n");
    expect(workflowIntent(before, limited("")).join("\n")).toContain("job 'build' no longer limits GITHUB_TOKEN's permissions (its permissions: block is gone");
    expect(workflowIntent(before, limited("permissions: write-all\n")).join("\n")).toContain("permissions: write-all gives it every scope");
    expect(workflowIntent(before, limited("permissions:\n  contents: read\n"))).toEqual([]);
    expect(workflowIntent(before, limited("", "    permissions:\n      contents: read\n"))).toEqual([]);
    expect(workflowIntent(before, limited("permissions:\n  contents: read\n  packages: write\n"))).toEqual([]);
    expect(workflowIntent(limited(""), limited(""))).toEqual([]);
  });

  it("flags a job guarded to an event the new trigger never sends", () => {
    const guard = "    if: github.event_name == 'push'\n";
    const before = repo(workflow("", NOTIFY, guard));
    expect(workflowIntent(before, repo(workflow("on: pull_request\n", NOTIFY, guard))).join("\n")).toContain("runs only on push");
    expect(workflowIntent(before, repo(workflow("on: [push, pull_request]\n", NOTIFY, guard)))).toEqual([]);
  });

  it("flags a command that is only printed or shown in a here-document, or now runs only under a condition", () => {
    const before = repo(workflow("on: push\n", NOTIFY));
    const heredoc = '      - name: Post to Slack\n        run: |\n          cat <<EOF\n          curl -sS -X POST --data ok "$SLACK_WEBHOOK_URL"\n          EOF\n';
    expect(workflowIntent(before, repo(workflow("on: push\n", heredoc))).join("\n")).toContain("no longer runs 'curl'");
    const guarded = '      - name: Post to Slack\n        run: |\n          if [ -n "$NEVER" ]; then curl -sS -X POST --data ok "$SLACK_WEBHOOK_URL"; fi\n';
    expect(workflowIntent(before, repo(workflow("on: push\n", guarded))).join("\n")).toContain("now runs 'curl' only under a condition");
  });

  it("reads the triggers a starting file lost from the scenario's clean base", () => {
    const base = repo(workflow(ON_MAIN, NOTIFY));
    const initial = repo(workflow("", NOTIFY));
    const judged = (after: string) => check.check({ initial: stateOf(initial), base: stateOf(base), current: stateOf(repo(after)) }).map((v) => v.message);
    expect(judged(workflow(ON_MAIN, NOTIFY))).toEqual([]);
    expect(judged(workflow("on: workflow_dispatch\n", NOTIFY)).join("\n")).toContain("no longer runs on 'push'");
  });
});

describe("workflowIntent: the branches a misspelt filter meant, from the clean base", () => {
  const steps = "      - run: make release\n";
  const on = (filters: string) => workflow(`on:\n  push:\n${filters}`, steps);
  const judged = (now: string) => {
    const start = repo(on("    brancehs: [main]\n"));
    return check.check({ initial: stateOf(start), base: stateOf(repo(on("    branches: [main]\n"))), current: stateOf(repo(now)) }).map((v) => v.message);
  };

  it.each([["branches: [develop]"], ["tags: ['v*']"], ["branches-ignore: [main]"], ["branches: ['release/**']"]])("flags the delivery retargeted (%s)", (filter) => {
    expect(judged(on(`    ${filter}\n`)).join("\n")).toContain("the 'push' trigger no longer runs for branch main, as the clean workflow did");
  });

  it.each([["branches: [main]"], ["branches: [main, develop]"], ["branches: ['**']"], ["branches: ['*']"], ["branches-ignore: [gh-pages]"]])("accepts a filter that still runs for main (%s)", (filter) => {
    expect(judged(on(`    ${filter}\n`)).filter((m) => m.includes("no longer runs for"))).toEqual([]);
  });

  it("accepts the misspelt line deleted: a push of any branch runs it", () => {
    expect(judged(workflow("on:\n  push:\n", steps)).filter((m) => m.includes("no longer runs for"))).toEqual([]);
  });
});
