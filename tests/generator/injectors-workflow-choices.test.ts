/**
 * The workflow family's choices, beyond the shared suite: the split rule (a test-split fault is never one the
 * train split writes), composition (a fault leaves another's text alone and both repairs apply in either order,
 * also where the base has the same login in two jobs), what the login, secret, permission and builder faults
 * pick and leave alone, fixes other than the reference that the grader credits (and one it must not), and
 * repositories with no place for a fault.
 */
import { describe, expect, it, vi } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { checkGates } from "../../generator/gates.js";
import { injectAlone } from "../../generator/try-injector.js";
import { assess } from "../../graders/assess.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { WorldSchema } from "../../simulators/world.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import type { GeneratorBase } from "../../tasks/generator/bases.js";
import type { GenFile, Injection, InjectionContext, Injector } from "../../tasks/generator/injector.js";
import { WORKFLOW_INJECTORS } from "../../tasks/generator/injectors/workflow.js";
import { Rng } from "../../tasks/generator/rng.js";
import { applyInjections, baseFiles, composeScenario } from "../../tasks/generator/scenario.js";
import type { Files } from "../../tasks/generator/scenario.js";
import { repairAll } from "./injection-checks.js";

// The gate and grading checks simulate whole deliveries: on 2 shared cores that can take longer than 20 s.
vi.setConfig({ testTimeout: 120_000 });

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const baseById = (id: string): GeneratorBase => GENERATOR_BASES.find((b) => b.id === id)!;
const byKind = (kind: string): Injector => WORKFLOW_INJECTORS.find((i) => i.kind === kind)!;
const ownSplit = (base: GeneratorBase): InjectionContext["split"] => (base.split === "test" ? "test" : "train");

function inject(injector: Injector, base: GeneratorBase, seed: number, split: InjectionContext["split"], files: Files = baseFiles(base), reserved: InjectionContext["reserved"] = []): Injection | null {
  return injector.inject({ base, files: new Map(Object.entries(files)), world: WorldSchema.parse(base.world), rng: new Rng(seed).fork(injector.kind), split, reserved });
}

function editsOf(injection: Injection): EditAction & { action_type: "edit_file" } {
  const repair = injection.repair[0]!;
  if (repair.action_type !== "edit_file") throw new Error(`${injection.kind} repairs with ${repair.action_type}`);
  return repair;
}

/** Lines the repair puts back that the broken text did not have. */
function restoredLines(injection: Injection): string[] {
  return editsOf(injection).edits.flatMap((e) => {
    const broken = new Set(e.old_content.split("\n"));
    return e.new_content.split("\n").filter((l) => l.trim() !== "" && !broken.has(l)).map((l) => l.trim());
  });
}

/** The one-fault scenario of `kind` on a base, and whether `fix` (text replacements in one file) solves it. */
function solvedBy(kind: string, baseId: string, seed: number, split: InjectionContext["split"], file: string, fix: [string, string][]): boolean {
  const tried = injectAlone(byKind(kind), baseById(baseId), seed, split, { canaries: false });
  const scenario = tried.scenario!;
  let content = scenario.files[file]!.content;
  for (const [from, to] of fix) {
    expect(content.includes(from), `${kind} on ${baseId}: ${JSON.stringify(from)}`).toBe(true);
    content = content.replace(from, to);
  }
  return assess(scenario, repositoryFrom({ ...scenario.files, [file]: { ...scenario.files[file]!, content } })).solved;
}

describe("workflow injectors across splits", () => {
  it.each(WORKFLOW_INJECTORS.map((i) => [i.kind, i] as const))("%s: no test-split fault is one the train split writes on the same base", (_, injector) => {
    let compared = 0;
    for (const base of GENERATOR_BASES) {
      const train = new Set(SEEDS.flatMap((s) => inject(injector, base, s, "train") ?? []).map((i) => JSON.stringify(i.changes)));
      for (const seed of SEEDS) {
        const test = inject(injector, base, seed, "test");
        if (!test) continue;
        compared++;
        expect(train.has(JSON.stringify(test.changes)), `${base.id} seed ${seed}: ${test.issue.description}`).toBe(false);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe("workflow injectors composed", () => {
  const bases = ["notes-api", "quotes-flask", "digest-cron", "kiosk-cra", "alerts-go", "fleet-monorepo"].map(baseById);

  it("leave the text an earlier fault introduced alone, and every repair still applies in either order", () => {
    let pairs = 0;
    for (const base of bases) {
      for (const first of WORKFLOW_INJECTORS) {
        const a = inject(first, base, 3, ownSplit(base));
        if (!a) continue;
        const afterA = applyInjections(baseFiles(base), [a]);
        for (const second of WORKFLOW_INJECTORS) {
          if (second === first) continue;
          const b = inject(second, base, 3, ownSplit(base), afterA, a.introduced);
          if (!b) continue;
          pairs++;
          const both = applyInjections(afterA, [b]);
          for (const kept of a.introduced) {
            expect(both[kept.file]?.content.includes(kept.text), `${base.id}: ${second.kind} after ${first.kind} removed ${JSON.stringify(kept.text)}`).toBe(true);
          }
          expect(repairAll(both, [a, b]), `${base.id}: ${first.kind} then ${second.kind}`).toBeNull();
          expect(repairAll(both, [b, a]), `${base.id}: ${second.kind} repaired before ${first.kind}`).toBeNull();
        }
      }
    }
    expect(pairs).toBeGreaterThan(300);
  });

  it("a login moved in one of two jobs with the same login is put back in its own job, after the other job's login fault is repaired", () => {
    // fleet-monorepo logs in to ghcr.io with the same four lines in api-image and web-image.
    const fleet = baseById("fleet-monorepo");
    let checked = 0;
    for (const kind of ["login-credentials-missing", "secret-expression-malformed", "ghcr-login-dockerhub-credentials"]) {
      for (const seed of SEEDS) {
        const a = inject(byKind(kind), fleet, seed, "test")!;
        const afterA = applyInjections(baseFiles(fleet), [a]);
        const b = inject(byKind("registry-login-missing"), fleet, seed, "test", afterA, a.introduced);
        if (!b) continue;
        checked++;
        const both = applyInjections(afterA, [b]);
        let repo = repositoryFrom(both);
        for (const injection of [a, b]) {
          const out = applyEditAction(repo, editsOf(injection));
          expect(out.ok, `${kind} then registry-login-missing, seed ${seed}: ${out.ok ? "" : out.error}`).toBe(true);
          if (out.ok) repo = out.repo;
        }
        expect(repo.get(".github/workflows/deliver.yml")!.content).toBe(baseFiles(fleet)[".github/workflows/deliver.yml"]!.content);
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it("a build fault masks a push the token may not make: it is refused only once the build runs, and the composed repair passes the gates", () => {
    const notes = baseById("notes-api");
    const builder = inject(byKind("buildx-missing-multiplatform"), notes, 1, "train")!;
    const grant = inject(byKind("packages-write-missing"), notes, 1, "train", applyInjections(baseFiles(notes), [builder]), builder.introduced)!;
    expect(grant).not.toBeNull();
    const scenario = composeScenario(notes, [builder, grant], { id: "test:masked-push", difficulty: "medium", slack: 10 });
    const start = assess(scenario, repositoryFrom(scenario.files)).diagnostics.map((d) => d.code);
    expect(start).toEqual(["GHA109"]);
    expect(checkGates(scenario).problems).toEqual([]);
  });
});

describe("workflow injectors' choices", () => {
  /** `${ secrets.X }` or `{{ secrets.X }}`: an expression GitHub never evaluates. */
  const WRONG = /\$\{ (secrets\.\w+|github\.token) \}|(?<!\$)\{\{ (secrets\.\w+|github\.token) \}\}/;

  it("secret-expression-malformed breaks the password, never a username the simulated registry cannot judge, except where bash stops first", () => {
    let placed = 0;
    for (const base of GENERATOR_BASES) {
      for (const split of ["train", "test"] as const) {
        for (const seed of SEEDS) {
          const injection = inject(byKind("secret-expression-malformed"), base, seed, split);
          if (!injection) continue;
          placed++;
          const broken = editsOf(injection).edits[0]!.old_content;
          const line = broken.split("\n").find((l) => WRONG.test(l))!;
          expect(line, `${base.id}: ${broken}`).toBeDefined();
          const badSubstitution = injection.issue.detection.some((d) => d.code === "GHA107");
          if (!badSubstitution) {
            expect(line, base.id).not.toMatch(/^\s*username:/);
            expect(line, base.id).not.toMatch(/secrets\.\w*(USER|USERNAME|LOGIN)\b/);
          }
        }
      }
    }
    expect(placed).toBeGreaterThan(100);
  });

  it("secret-expression-malformed writes test's double braces in a script only inside double quotes, where they stay one word", () => {
    for (const id of ["alerts-go", "digest-cron"]) {
      const injection = inject(byKind("secret-expression-malformed"), baseById(id), 1, "test")!;
      expect(editsOf(injection).edits[0]!.old_content, id).toMatch(/run: echo "\{\{ (secrets\.\w+) \}\}" \| docker login/);
      expect(injection.issue.detection.map((d) => d.code)).toEqual(["GHA103"]);
    }
  });

  it("login-credentials-missing drops the username and the password in train, only the password in test", () => {
    let placed = 0;
    for (const base of GENERATOR_BASES) {
      const train = inject(byKind("login-credentials-missing"), base, 1, "train");
      const test = inject(byKind("login-credentials-missing"), base, 1, "test");
      if (!train || !test) continue;
      placed++;
      expect(restoredLines(train).filter((l) => /^(username|password):/.test(l)).map((l) => l.split(":")[0]).sort(), base.id).toEqual(["password", "username"]);
      expect(restoredLines(test).map((l) => l.split(":")[0]), base.id).toEqual(["password"]);
    }
    expect(placed).toBeGreaterThan(8);
  });

  it("ghcr-login-dockerhub-credentials gives the repository the Docker Hub secrets it sends, and its repair sends the workflow's token again", () => {
    for (const [id, split, names] of [
      ["notes-api", "train", ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"]],
      ["orders-pg", "test", ["DOCKER_USERNAME", "DOCKER_PASSWORD"]],
    ] as const) {
      const injection = inject(byKind("ghcr-login-dockerhub-credentials"), baseById(id), 1, split)!;
      expect(injection.world?.secrets, id).toEqual(expect.arrayContaining([...names]));
      const { old_content, new_content } = editsOf(injection).edits[0]!;
      for (const name of names) expect(old_content, id).toContain(`secrets.${name}`);
      expect(new_content, id).toMatch(/\$\{\{ secrets\.GITHUB_TOKEN \}\}/);
      expect(new_content, id).toMatch(/\$\{\{ github\.actor \}\}/);
    }
    // Where the login is to Docker Hub, there is no ghcr.io login to break.
    expect(inject(byKind("ghcr-login-dockerhub-credentials"), baseById("quotes-flask"), 1, "test")).toBeNull();
  });

  it("packages-write-missing takes the grant away from the job that sets its own permissions, not the workflow's block it replaces", () => {
    const notes = baseById("notes-api");
    const file = ".github/workflows/release.yml";
    const release = baseFiles(notes)[file]!;
    const content = release.content.replace("    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    permissions:\n      contents: read\n      packages: write\n");
    expect(content).not.toBe(release.content);
    const own: GeneratorBase = { ...notes, files: { ...notes.files, [file]: { content, mode: release.mode } } };
    for (const seed of SEEDS) {
      const injection = inject(byKind("packages-write-missing"), own, seed, "train")!;
      expect(restoredLines(injection), `seed ${seed}`).toEqual(["packages: write"]);
      expect(editsOf(injection).edits[0]!.new_content, `seed ${seed}`).toMatch(/^ {6}packages: write$/m);
    }
    const scenario = composeScenario(own, [inject(byKind("packages-write-missing"), own, 1, "train")!], { id: "test:job-permissions", difficulty: "easy", slack: 10 });
    expect(checkGates(scenario).problems).toEqual([]);
  });

  it("permission-scope-invalid writes a scope or a level GitHub does not have", () => {
    const SCOPES = new Set(["actions", "attestations", "checks", "contents", "deployments", "discussions", "id-token", "issues", "models", "packages", "pages", "pull-requests", "repository-projects", "security-events", "statuses"]);
    let placed = 0;
    for (const base of GENERATOR_BASES) {
      for (const split of ["train", "test"] as const) {
        const injection = inject(byKind("permission-scope-invalid"), base, 2, split);
        if (!injection) continue;
        placed++;
        const [scope, level] = editsOf(injection).edits[0]!.old_content.trim().split(/:\s*/);
        expect(split === "train" ? !SCOPES.has(scope!) && ["read", "write"].includes(level!) : SCOPES.has(scope!) && !["read", "write", "none"].includes(level!), `${base.id} ${split}: ${scope}: ${level}`).toBe(true);
      }
    }
    expect(placed).toBeGreaterThan(10);
  });

  it("registry-login-missing removes the job's one login in train, and in test leaves it there but after the push", () => {
    const kiosk = baseById("kiosk-cra");
    const file = ".github/workflows/publish.yml";
    const logins = (files: Files) => files[file]!.content.split("\n").filter((l) => l.includes("docker/login-action@")).length;
    const at = (files: Files, text: string) => files[file]!.content.indexOf(text);
    const train = applyInjections(baseFiles(kiosk), [inject(byKind("registry-login-missing"), kiosk, 1, "train")!]);
    const test = applyInjections(baseFiles(kiosk), [inject(byKind("registry-login-missing"), kiosk, 1, "test")!]);
    expect(logins(train)).toBe(0);
    expect(logins(test)).toBe(1);
    expect(at(test, "docker/login-action@")).toBeGreaterThan(at(test, "push: true"));
  });

  it("the builder faults take the builder from the build they name, each on the build its error is about", () => {
    const messages: Record<string, string> = {
      "buildx-missing-multiplatform": "ERROR: Multi-platform build is not supported for the docker driver.",
      "buildx-missing-cache-export": "ERROR: Cache export is not supported for the docker driver.",
    };
    for (const [kind, message] of Object.entries(messages)) {
      let placed = 0;
      for (const base of GENERATOR_BASES) {
        const split = ownSplit(base);
        const tried = injectAlone(byKind(kind), base, 1, split, { canaries: false });
        if (!tried.injection) continue;
        placed++;
        const changed = tried.scenario!.files[tried.injection.changes[0]!.file]!.content;
        if (split === "test") expect(changed, base.id).toMatch(/docker\/setup-buildx-action@v3\n\s+with:\n(\s+\w+: .*\n)*\s+driver: docker\n/);
        const found = assess(tried.scenario!, repositoryFrom(tried.scenario!.files)).diagnostics.filter((d) => d.code === "GHA109");
        expect(found.map((d) => d.message), `${kind} on ${base.id}`).toEqual([message]);
      }
      expect(placed, kind).toBeGreaterThan(2);
    }
  });

  it("secret-env-on-other-step leaves the login without env and maps what it reads on another step; test declines where that step is both the next and the last", () => {
    const quotes = baseById("quotes-flask");
    const injection = inject(byKind("secret-env-on-other-step"), quotes, 1, "test")!;
    const content = applyInjections(baseFiles(quotes), [injection])[".github/workflows/docker.yml"]!.content;
    expect(content).toMatch(/- name: Log in to Docker Hub\n\s+run: echo "\$DOCKERHUB_TOKEN"/);
    expect(content).toMatch(/- name: Push\n\s+env:\n\s+DOCKERHUB_USERNAME: \$\{\{ secrets\.DOCKERHUB_USERNAME \}\}\n\s+DOCKERHUB_TOKEN: \$\{\{ secrets\.DOCKERHUB_TOKEN \}\}\n/);
    // alerts-go's login is followed by its last step only: test has no place of its own there.
    const alerts = baseById("alerts-go");
    expect(inject(byKind("secret-env-on-other-step"), alerts, 1, "train")).not.toBeNull();
    expect(inject(byKind("secret-env-on-other-step"), alerts, 1, "test")).toBeNull();
  });

  it("checkout-after-build moves the checkout after the reader in train and leaves the job without one in test", () => {
    const quotes = baseById("quotes-flask");
    const ci = (injection: Injection) => applyInjections(baseFiles(quotes), [injection]);
    const train = inject(byKind("checkout-after-build"), quotes, 1, "train")!;
    const test = inject(byKind("checkout-after-build"), quotes, 1, "test")!;
    const file = train.changes[0]!.file;
    const checkouts = (files: Files) => files[file]!.content.split("actions/checkout@").length - 1;
    expect(checkouts(ci(train))).toBe(checkouts(baseFiles(quotes)));
    expect(checkouts(ci(test))).toBe(checkouts(baseFiles(quotes)) - 1);
  });
});

describe("workflow fixes other than the reference", () => {
  it("are credited: job-level env, a docker login step, a docker-container builder, github.token", () => {
    expect(
      solvedBy("secret-env-on-other-step", "quotes-flask", 1, "test", ".github/workflows/docker.yml", [
        ["      - name: Push\n        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n", "      - name: Push\n"],
        ["    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    env:\n      DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n      DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n"],
      ]),
    ).toBe(true);
    expect(
      solvedBy("registry-login-missing", "notes-api", 1, "train", ".github/workflows/release.yml", [
        ["      - uses: actions/checkout@v4\n", '      - uses: actions/checkout@v4\n      - run: echo "${{ secrets.GITHUB_TOKEN }}" | docker login ghcr.io -u "${{ github.actor }}" --password-stdin\n'],
      ]),
    ).toBe(true);
    expect(solvedBy("buildx-missing-multiplatform", "kiosk-cra", 1, "test", ".github/workflows/publish.yml", [["driver: docker\n", "driver: docker-container\n"]])).toBe(true);
    expect(solvedBy("buildx-missing-multiplatform", "notes-api", 1, "train", ".github/workflows/release.yml", [["      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n      - run: docker buildx create --use\n"]])).toBe(true);
    expect(solvedBy("login-credentials-missing", "orders-pg", 1, "test", ".github/workflows/release.yml", [["          username: ${{ github.actor }}\n", "          username: ${{ github.actor }}\n          password: ${{ github.token }}\n"]])).toBe(true);
  });

  it("are not credited when they drop what the delivery did: a multi-platform build cut to one platform", () => {
    expect(solvedBy("buildx-missing-multiplatform", "kiosk-cra", 1, "test", ".github/workflows/publish.yml", [["          platforms: linux/amd64,linux/arm64\n", ""]])).toBe(false);
  });
});

describe("workflow injectors without a place", () => {
  const notes = baseById("notes-api");

  it("decline a repository that has no workflows", () => {
    const files = Object.fromEntries(Object.entries(baseFiles(notes)).filter(([p]) => !p.startsWith(".github/")));
    for (const injector of WORKFLOW_INJECTORS) expect(inject(injector, notes, 1, "train", files), injector.kind).toBeNull();
  });

  it("leave a workflow another fault left unparseable alone, without throwing", () => {
    const files = baseFiles(notes);
    const release = files[".github/workflows/release.yml"]!;
    const broken: Files = { ...files, ".github/workflows/release.yml": { ...release, content: release.content.replace("jobs:\n", "jobs:\n  image: [\n") } };
    for (const injector of WORKFLOW_INJECTORS) {
      const injection = inject(injector, notes, 1, "train", broken);
      if (injection) expect(injection.changes.map((c) => c.file), injector.kind).not.toContain(".github/workflows/release.yml");
    }
  });

  it("never edit text another fault reserved", () => {
    for (const base of GENERATOR_BASES) {
      const files = baseFiles(base);
      const reserveAll = Object.entries(files).map(([file, f]: [string, GenFile]) => ({ file, text: f.content }));
      for (const injector of WORKFLOW_INJECTORS) expect(inject(injector, base, 1, ownSplit(base), files, reserveAll), `${injector.kind} on ${base.id}`).toBeNull();
    }
  });
});
