/**
 * The facts a workflow run leaves for the grader: what the file declares (triggers with their filters as
 * written, jobs with their matrix legs, steps with the commands their scripts run), and what each leg did
 * (builds with their resolved platforms and build-arg origins, logins with their credentials' origin, pushes).
 */
import { describe, expect, it } from "vitest";
import type { Fact } from "../engine/facts.js";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import type { SimulationResult } from "../simulation.js";
import { parseWorld } from "../world.js";
import type { WorldInput } from "../world.js";
import type { WorkflowJobEvent, WorkflowStepEvent, WorkflowTriggersEvent } from "./declared-events.js";
import type { ImageBuildEvent, ImagePushedEvent, RegistryLoginEvent, StepRunEvent, WorkflowEvent } from "./events.js";
import { CI } from "./rules/cases.js";

function run(workflow: string, world: WorldInput = {}): SimulationResult {
  return simulateRepository(repositoryFrom({ [CI]: workflow, Dockerfile: "FROM alpine:3.20\n" }), parseWorld(world), { worldKnown: true });
}

function facts<E extends WorkflowEvent>(r: SimulationResult, type: E["type"]): E[] {
  return (r.facts.of<E>(type) as readonly Fact<E>[]).map((f) => f.event);
}

const DELIVERY = `on:
  push:
    branches: [main]
permissions:
  packages: write
jobs:
  image:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        platform: [linux/amd64, linux/arm64]
    steps:
      - uses: actions/checkout@v4
      - uses: docker/setup-buildx-action@v3
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: \${{ github.actor }}
          password: \${{ secrets.GITHUB_TOKEN }}
      - uses: docker/build-push-action@v6
        with:
          push: true
          platforms: \${{ matrix.platform }}
          tags: ghcr.io/acme/app:\${{ github.ref_name }}
          cache-to: type=gha,mode=max
          target: runtime
          build-args: |
            VERSION=\${{ github.ref_name }}
            NPM_TOKEN=\${{ secrets.NPM_TOKEN }}
`;

describe("declaration facts", () => {
  it("keep a refused file's triggers as written, misspelt filters included", () => {
    const r = run(`on:\n  push:\n    branch: [main]\n    paths-ignore: ['docs/**']\n  schedule:\n    - cron: '0 5 * * 1'\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n`);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["GHA004"]);
    expect(facts<WorkflowTriggersEvent>(r, "workflow-triggers")[0]!.triggers).toEqual([
      { event: "push", filters: { branch: ["main"], "paths-ignore": ["docs/**"] } },
      { event: "schedule", filters: { cron: ["0 5 * * 1"] } },
    ]);
    expect(facts<WorkflowTriggersEvent>(run(`on: [push, pull_request]\njobs: {}\n`), "workflow-triggers")[0]!.triggers.map((t) => t.event)).toEqual(["push", "pull_request"]);
  });

  it("list each job's condition, needs and every matrix leg", () => {
    const r = run(`on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node: [18, 20]\n        exclude:\n          - node: 18\n        include:\n          - node: 22\n    steps:\n      - run: npm test\n  deploy:\n    needs: test\n    if: github.ref == 'refs/heads/main'\n    uses: ./.github/workflows/deploy.yml\n`);
    const jobs = facts<WorkflowJobEvent>(r, "workflow-job");
    expect(jobs.map((j) => [j.job, j.runsSteps, j.needs, j.if, j.legs])).toEqual([
      ["test", true, [], null, [{ node: 20 }, { node: 22 }]],
      ["deploy", false, ["test"], "github.ref == 'refs/heads/main'", [{}]],
    ]);
  });

  it("read each step's commands with the shell parser, marking those that are only printed", () => {
    const r = run(`on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          echo "pushing && docker push app:1"\n          docker build -t "app:\${{ github.sha }}" .\n          cat <<EOF\n          docker login -u me\n          EOF\n`);
    const steps = facts<WorkflowStepEvent>(r, "workflow-step");
    expect(steps[0]!.uses).toEqual({ action: "actions/checkout", ref: "v4" });
    expect(steps[1]!.run).toBe(true);
    expect(steps[1]!.commands.map((c) => [c.argv.join(" "), c.printed])).toEqual([
      ["echo pushing && docker push app:1", false],
      ["pushing", true],
      ["docker push app:1", true],
      ["docker build -t app:${{ github.sha }} .", false],
      ["cat", false],
      ["docker login -u me", true],
    ]);
  });
});

describe("run facts", () => {
  it("give each matrix leg's build with its resolved platform, cache export, target and build-arg origins", () => {
    const builds = facts<ImageBuildEvent>(run(DELIVERY, { secrets: ["NPM_TOKEN"] }), "image-build");
    expect(builds.map((b) => [b.step.leg, b.platforms])).toEqual([
      ["image (linux/amd64)", ["linux/amd64"]],
      ["image (linux/arm64)", ["linux/arm64"]],
    ]);
    const [first] = builds;
    expect(first).toMatchObject({ push: true, tags: ["ghcr.io/acme/app:main"], target: "runtime", dockerfile: "Dockerfile", driver: "docker-container" });
    expect(first!.cacheTo.join(",")).toBe("type=gha,mode=max");
    expect(first!.buildArgs.map((a) => [a.name, a.origin.kind])).toEqual([
      ["VERSION", "literal"],
      ["NPM_TOKEN", "secret"],
    ]);
  });

  it("give each login with where its credentials came from, and each tag pushed", () => {
    const r = run(DELIVERY, { secrets: ["NPM_TOKEN"] });
    const login = facts<RegistryLoginEvent>(r, "registry-login")[0]!;
    expect([login.registry, login.via, login.password?.origin.kind]).toEqual(["ghcr.io", "action", "token"]);
    expect(facts<ImagePushedEvent>(r, "image-pushed").map((p) => [p.step.leg, p.reference])).toEqual([
      ["image (linux/amd64)", "ghcr.io/acme/app:main"],
      ["image (linux/arm64)", "ghcr.io/acme/app:main"],
    ]);
    const steps = facts<StepRunEvent>(r, "step-run");
    expect(steps.find((s) => s.step.index === 3)!.inputs["platforms"]!.text).toBe("linux/amd64");
  });

  it("tell a password from a command's output, from a secret, from an unmapped variable", () => {
    const cli = (password: string) =>
      run(`on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${password}" | docker login ghcr.io -u me --password-stdin\n        env:\n          PAT: \${{ secrets.GHCR_PAT }}\n`, { secrets: ["GHCR_PAT"] });
    const origin = (password: string) => facts<RegistryLoginEvent>(cli(password), "registry-login")[0]!.password!.origin;
    expect(origin("$(gh auth token)")).toEqual({ kind: "opaque", from: "command" });
    expect(origin("$PAT")).toEqual({ kind: "secret", name: "GHCR_PAT", exists: true });
    expect(origin("$TOKEN")).toEqual({ kind: "unmapped", name: "TOKEN" });
  });

  it("mark what a switched-off step did as not run", () => {
    const r = run(`on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: docker build -t app .\n        if: false\n`);
    expect(facts<ImageBuildEvent>(r, "image-build").map((b) => b.step.off)).toEqual([true]);
  });
});
