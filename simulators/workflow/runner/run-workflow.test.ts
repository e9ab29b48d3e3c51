/**
 * The run stage end to end: job order and stops, switch-offs reported with the step's own code, bash -e
 * semantics, secrets and env mapping, token permissions, what `checked` holds, and the trace the pipeline
 * simulator reuses.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import type { WorldInput } from "../../world.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { WORKFLOW_RULES } from "../rules/index.js";
import { runWorkflow, workflowSimulator } from "../simulator.js";

const runRules = WORKFLOW_RULES.filter((r) => r.phase === "run");

const job = (steps: string, header = ""): string => `on: push\n${header}jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
const checkout = "      - uses: actions/checkout@v4\n";

function simulate(workflow: string, world: WorldInput = {}, files: Record<string, string> = APP_FILES) {
  return workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, ...files }), parseWorld(world), { worldKnown: true });
}

describe("run stage", () => {
  it("fails a docker build before checkout with BuildKit's text and the runner's exit line", () => {
    const r = simulate(job(`      - run: docker build -t app .\n${checkout}`));
    const d = r.diagnostics.find((x) => x.code === "GHA101")!;
    expect(d.stage).toBe("build");
    expect(d.log).toContain("Run docker build -t app .");
    expect(d.log?.split("\n").at(-1)).toBe("Error: Process completed with exit code 1.");
  });

  it("marks every run rule evaluated when the run completes, and only the fired one when a job stops", () => {
    const clean = simulate(job(`${checkout}      - run: docker build -t app .\n`));
    for (const rule of runRules) expect(clean.checked.has(checkKey(rule.code, CI))).toBe(true);
    const stopped = simulate(job(`      - run: docker build -t app .\n      - run: curl "$HOOK"\n`));
    expect(stopped.checked.has(checkKey("GHA101", CI))).toBe(true);
    expect(stopped.checked.has(checkKey("GHA108", CI))).toBe(false);
  });

  it("evaluates no run rule on a file GitHub refuses", () => {
    const r = simulate("jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: docker build .\n");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["GHA002"]);
    for (const rule of runRules) expect(r.checked.has(checkKey(rule.code, CI))).toBe(false);
    expect(r.diagnostics[0]!.log).toContain(`Invalid workflow file: ${CI}#L1`);
  });

  it("does not run, nor evaluate, jobs that need a failed job", () => {
    const wf = `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: docker build .\n  notify:\n    needs: build\n    runs-on: ubuntu-latest\n    steps:\n      - run: curl "$HOOK"\n`;
    const run = runWorkflow(repositoryFrom({ [CI]: wf, ...APP_FILES }), parseWorld({}), CI)!;
    expect(run.jobs.map((j) => [j.id, j.status])).toEqual([["build", "failure"], ["notify", "not-run"]]);
    expect(run.complete).toBe(false);
    expect(run.failures.map((f) => f.rule.code)).toEqual(["GHA101"]);
  });

  it("reports a switched-off step with its own code as a warning, and the job goes on", () => {
    for (const off of ["        continue-on-error: true\n", "        if: false\n"]) {
      const r = simulate(job(`      - run: docker build -t app .\n${off}${checkout}      - run: curl "$HOOK"\n`));
      const codes = r.diagnostics.map((d) => [d.code, d.severity]);
      expect(codes).toContainEqual(["GHA101", "warning"]);
      expect(codes).toContainEqual(["GHA108", "error"]);
    }
  });

  it("treats `|| true` as swallowing the failure: the step passes, the failure stays visible", () => {
    const r = simulate(job('      - run: curl -fsS "$SLACK_WEBHOOK_URL" || true\n      - run: echo done\n'));
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["GHA108", "warning"]]);
  });

  it("lets a failure inside `a && b` pass unless it is on the script's last line (bash -e)", () => {
    const middle = simulate(job(`      - run: |\n          curl "$HOOK" && echo sent\n          echo next\n`));
    expect(middle.diagnostics.map((d) => d.severity)).toEqual(["warning"]);
    const last = simulate(job(`      - run: |\n          echo first\n          curl "$HOOK" && echo sent\n`));
    expect(last.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([["GHA108", "error", 8]]);
  });

  it("keeps secrets out of the shell unless env maps them; GITHUB_TOKEN is never a shell default", () => {
    const login = '      - run: echo "$TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin\n';
    expect(simulate(job(login)).diagnostics[0]!.message).toBe("Error: Cannot perform an interactive login from a non TTY device");
    const mapped = job(`${login}        env:\n          TOKEN: \${{ secrets.GITHUB_TOKEN }}\n`);
    expect(simulate(mapped).diagnostics).toEqual([]);
    const viaGithubEnv = job(`      - run: echo "TOKEN=\${{ secrets.CR_PAT }}" >> "$GITHUB_ENV"\n${login}`);
    expect(simulate(viaGithubEnv, { secrets: ["CR_PAT"] }).diagnostics).toEqual([]);
    expect(simulate(viaGithubEnv, { secrets: [] }).diagnostics.map((d) => d.code)).toEqual(["GHA102"]);
  });

  it("names the temp script deterministically in bash errors", () => {
    const wf = job('      - run: echo "${ secrets.TOKEN }"\n');
    const a = simulate(wf).diagnostics[0]!;
    const b = simulate(wf).diagnostics[0]!;
    expect(a.code).toBe("GHA107");
    expect(a.message).toMatch(/^\/home\/runner\/work\/_temp\/[0-9a-f-]{36}\.sh: line 1: \$\{ secrets\.TOKEN \}: bad substitution$/);
    expect(b.message).toBe(a.message);
  });

  it("derives GITHUB_TOKEN's permissions from the permissions block, else the repository default", () => {
    const steps = `${checkout}      - run: echo "\${{ github.token }}" | docker login ghcr.io -u x --password-stdin\n      - run: docker build -t ghcr.io/acme/app:1 .\n      - run: docker push ghcr.io/acme/app:1\n`;
    expect(simulate(job(steps)).diagnostics[0]!.message).toBe("denied: installation not allowed to Create organization package");
    const permissive = { repository: { default_token_permissions: "permissive" as const } };
    expect(simulate(job(steps), permissive).diagnostics).toEqual([]);
    expect(simulate(job(steps, "permissions:\n  contents: read\n"), permissive).diagnostics.map((d) => d.code)).toEqual(["GHA105"]);
    expect(simulate(job(steps, "permissions: write-all\n")).diagnostics).toEqual([]);
    const existing = { registry: { "ghcr.io/acme/app": { "0.9": {} } } };
    expect(simulate(job(steps), existing).diagnostics[0]!.message).toContain("Write organization package");
  });

  it("returns the builds and pushes for the pipeline simulator", () => {
    const wf = job(
      `${checkout}      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: \${{ github.actor }}\n          password: \${{ secrets.GITHUB_TOKEN }}\n      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          build-args: APP_VERSION=\${{ github.ref_name }}\n          tags: ghcr.io/\${{ github.repository }}:\${{ github.sha }}\n`,
      "permissions:\n  packages: write\n",
    );
    const run = runWorkflow(repositoryFrom({ [CI]: wf, ...APP_FILES }), parseWorld({}), CI)!;
    expect(run.failures).toEqual([]);
    expect(run.builds).toHaveLength(1);
    expect(run.builds[0]).toMatchObject({ context: ".", dockerfile: "Dockerfile", buildArgs: { APP_VERSION: "main" }, pushed: true });
    expect(run.pushes.map((p) => p.reference)).toEqual([`ghcr.io/acme/app:${run.builds[0]!.tags[0]!.split(":")[1]}`]);
    expect(run.jobs[0]!.steps.map((s) => s.status)).toEqual(["success", "success", "success"]);
  });

  it("knows nothing failing about an unknown world (lint): secrets exist, the token default is unknown", () => {
    const wf = job(`${checkout}      - run: echo "\${{ secrets.GITHUB_TOKEN }}" | docker login ghcr.io -u x --password-stdin\n      - run: docker build -t ghcr.io/acme/app:1 .\n      - run: docker push ghcr.io/acme/app:1\n`);
    const r = workflowSimulator.simulate(repositoryFrom({ [CI]: wf }), parseWorld({}), { worldKnown: false, context: false });
    expect(r.diagnostics).toEqual([]);
  });
});

describe("switch-off canary", () => {
  it("still reports the failure when every job and step says continue-on-error and if: false", () => {
    const wf = `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    if: false\n    continue-on-error: true\n    steps:\n      - uses: actions/checkout@v4\n        if: false\n        continue-on-error: true\n      - run: echo "$DOCKER_PASSWORD" | docker login -u "$DOCKER_USERNAME" --password-stdin\n        if: false\n        continue-on-error: true\n`;
    const r = simulate(wf, { secrets: ["DOCKER_USERNAME", "DOCKER_PASSWORD"] });
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["GHA102", "warning"]]);
    expect(r.checked.has(checkKey("GHA102", CI))).toBe(true);
  });
});
