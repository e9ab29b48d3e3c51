/**
 * The generated host incidents: clean host variants on which every host rule is silent, test pools train never
 * draws, host fault injectors whose declared checks are the ones that fire, scenarios that pass every gate at
 * each difficulty (hard and expert with a fault masked), rebuilt byte for byte from their id and reached by
 * reset, /tasks and the grader like any scenario. The 500-per-difficulty run is `npm run gen:check -- --track host --seeds 500`.
 */
import { describe, expect, it } from "vitest";
import { chooseScenario, ResetError } from "../../environment/select.js";
import { withGenerated } from "../../generator/family.js";
import { checkGates } from "../../generator/gates.js";
import { generatedHostId, generateHostScenario, maskedIssues, parseGeneratedHostId } from "../../generator/host-generate.js";
import { parseGeneratedId } from "../../generator/generate.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { simulateHost } from "../../simulators/host/simulator.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import { WorldSchema } from "../../simulators/world.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { drawVariant, HOST_BASE_IDS, hostBase, poolsOf } from "../../tasks/generator/host/bases.js";
import { applyHostFaults, HOST_DIFFICULTY } from "../../tasks/generator/host/compose.js";
import { HOST_INJECTORS } from "../../tasks/generator/host/injectors/index.js";
import { Rng } from "../../tasks/generator/rng.js";
import { GENERATED_DIFFICULTIES } from "../../tasks/generator/task.js";
import { post, testApp } from "../server/helpers.js";

const world = WorldSchema.parse({});
const errorsOf = (files: Parameters<typeof repositoryFrom>[0]) => simulateHost(repositoryFrom(files), world).diagnostics.filter((d) => d.severity === "error");

describe("host bases", () => {
  it.each(HOST_BASE_IDS.flatMap((id) => (["train", "test"] as const).flatMap((split) => [1, 2, 3].map((seed) => [id, split, seed] as const))))(
    "%s, a %s variant (seed %i), boots with no alert and states its choices",
    (id, split, seed) => {
      const base = hostBase(id, drawVariant(id, split, new Rng(seed)));
      expect(errorsOf(base.files)).toEqual([]);
      expect(base.files["etc/hosts"]!.content).toContain(base.variant.hostname);
      expect(base.files["etc/nginx/sites-enabled/shop"]!.content).toContain(`server 127.0.0.1:${base.variant.port};`);
      expect(base.files["etc/nginx/sites-enabled/shop"]!.content).toContain(`server_name ${base.variant.domain};`);
      expect(base.files[`home/${base.variant.operator}/.ssh/authorized_keys`]).toBeDefined();
      expect(base.files["etc/passwd"]!.content).toMatch(new RegExp(`^${base.variant.operator}:x:`, "m"));
    },
  );

  it("draws the test split from pools train and validation never use", () => {
    const train = poolsOf("train");
    const test = poolsOf("test");
    expect(poolsOf("validation")).toBe(train);
    for (const id of HOST_BASE_IDS) expect(test.hostnames[id].filter((h) => train.hostnames[id].includes(h))).toEqual([]);
    expect(test.ports.filter((p) => train.ports.includes(p))).toEqual([]);
    expect(test.operators.filter((o) => train.operators.includes(o))).toEqual([]);
    expect(test.domains.filter((d) => train.domains.includes(d))).toEqual([]);
  });
});

describe("host fault injectors", () => {
  it("are at least 12, each of its own kind", () => {
    expect(HOST_INJECTORS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(HOST_INJECTORS.map((i) => i.kind)).size).toBe(HOST_INJECTORS.length);
  });

  const cases = HOST_INJECTORS.flatMap((injector) =>
    HOST_BASE_IDS.flatMap((id) => (["train", "test"] as const).map((split) => [injector.kind, id, split, injector] as const)),
  );
  it.each(cases)("%s on %s (%s): its faults start the alerts it declares, and nothing else", (_, id, split, injector) => {
    const base = hostBase(id, drawVariant(id, split, new Rng(11)));
    if (injector.fits && !injector.fits(base)) return;
    const injection = injector.inject({ base, files: base.files, rng: new Rng(5).fork(injector.kind), split });
    expect(injection, "declines a clean host it fits").not.toBeNull();
    const files = applyHostFaults(base.files, injection!.faults);
    expect(files, "its faults cannot happen on the host").not.toBeNull();
    const declared = new Set(injection!.issue.detection.map((d) => checkKey(d.code, d.file)));
    const firing = errorsOf(files!).map((d) => checkKey(d.code, d.file));
    expect(firing.length).toBeGreaterThan(0);
    expect(firing.filter((k) => !declared.has(k))).toEqual([]);
    expect(injection!.repair.length).toBeGreaterThan(0);
  });

  it("declines what it cannot hold: a database fault on the host without a local database", () => {
    const remote = hostBase("api-01");
    const postgres = HOST_INJECTORS.filter((i) => i.kind.startsWith("host-postgres-"));
    expect(postgres.length).toBeGreaterThan(0);
    for (const injector of postgres) expect(injector.fits?.(remote)).toBe(false);
  });
});

describe("generated host scenarios", () => {
  // One seed per difficulty and split in the suite (each one to two seconds with its gates twice); the
  // 500-seed run per difficulty is gen:check's.
  const ids = GENERATED_DIFFICULTIES.flatMap((difficulty) => (["train", "test"] as const).map((split, seed) => ({ split, difficulty, seed })));
  it.each(ids.map((id) => [generatedHostId(id), id] as const))("%s passes every gate and is rebuilt byte for byte", (name, id) => {
    const scenario = generateHostScenario(id);
    expect(scenario.id).toBe(name);
    expect(scenario.task_id).toBe("generated_host");
    const shape = HOST_DIFFICULTY[id.difficulty];
    expect(scenario.issues.length).toBeGreaterThanOrEqual(shape.faults[0]);
    expect(scenario.issues.length).toBeLessThanOrEqual(shape.faults[1]);
    const start = errorsOf(scenario.files);
    expect(maskedIssues(scenario.issues, start)).toBeGreaterThanOrEqual(shape.masked);
    const gates = checkGates(scenario);
    expect(gates.problems).toEqual([]);
    expect(gates.score).toBeGreaterThanOrEqual(0.9);
    expect(JSON.stringify(generateHostScenario(id))).toBe(JSON.stringify(scenario));
  });

  it("gives different seeds different incidents", () => {
    const a = generateHostScenario({ split: "train", difficulty: "medium", seed: 3 });
    const b = generateHostScenario({ split: "train", difficulty: "medium", seed: 4 });
    expect(JSON.stringify(a.files)).not.toBe(JSON.stringify(b.files));
  });

  it("parses only its own ids", () => {
    expect(parseGeneratedHostId("gen-host:test:expert:42")).toEqual({ split: "test", difficulty: "expert", seed: 42 });
    for (const bad of ["gen:train:easy:1", "gen-host:train:easy:", "gen-host:dev:easy:1", "gen-host:train:trivial:1", "gen-host:train:easy:-1", "gen-host:train:easy:99999999999999999"]) {
      expect(parseGeneratedHostId(bad), bad).toBeNull();
    }
    expect(parseGeneratedId("gen-host:train:easy:1")).toBeNull();
  });
});

describe("the generated_host task", () => {
  const catalog = withGenerated(loadCatalog());

  it("is listed with its difficulties and splits, and nothing hidden", () => {
    const view = catalog.task("generated_host");
    expect(view).toMatchObject({ task_id: "generated_host", scenarios: [], difficulties: ["easy", "medium", "hard", "expert"], splits: ["train", "validation", "test"] });
    expect(catalog.taskDefinition("generated_host")?.instructions).toContain("Linux server");
  });

  it("resets to a scenario by seed, difficulty and split, which the grader finds again by its id and scores", () => {
    const scenario = chooseScenario(catalog, { task_id: "generated_host", difficulty: "easy", split: "validation" }, 9);
    expect(scenario.id).toBe("gen-host:validation:easy:9");
    const again = catalog.scenario(scenario.id)!;
    expect(JSON.stringify(again)).toBe(JSON.stringify(scenario));
    const { breakdown } = gradeTrajectory(catalog, again, again.solution);
    expect(breakdown.solved).toBe(true);
    expect(breakdown.score).toBeGreaterThanOrEqual(0.9);
    const idle = gradeTrajectory(catalog, again, [{ action_type: "submit" }]).breakdown;
    expect(idle.issues_fixed).toBe(0);
  });

  it("refuses a difficulty with a task that is not generated, and leaves the repository family's ids alone", () => {
    expect(() => chooseScenario(catalog, { task_id: "host_incidents", difficulty: "easy" }, 1)).toThrow(ResetError);
    expect(catalog.scenario("gen-host:train:nightmare:1")).toBeUndefined();
    expect(chooseScenario(catalog, { task_id: "generated", difficulty: "easy" }, 2).id).toBe("gen:train:easy:2");
  });
});

describe("a generated host episode over REST", () => {
  it("resets by task_id generated_host, plays the oracle over /step, and /grader replays it to the same score", async () => {
    const app = testApp();
    const reset = await post(app, "/reset", { task_id: "generated_host", seed: 4, difficulty: "easy", split: "test" });
    expect(reset.status).toBe(200);
    expect(reset.body.observation).toMatchObject({ task_id: "generated_host", scenario_id: "gen-host:test:easy:4", difficulty: "easy", issues_fixed: 0 });
    expect(reset.body.observation.error_message).toMatch(/alerts? firing/);
    expect(Object.keys(reset.body.observation.files).some((p: string) => p.startsWith(".breakfix"))).toBe(false);
    const oracle = generateHostScenario({ split: "test", difficulty: "easy", seed: 4 }).solution;
    let last;
    for (const action of oracle) last = await post(app, "/step", { action });
    // The episode ends once every issue is fixed.
    expect(last!.body.observation.last_action_error).toBeNull();
    expect(last!.body.done).toBe(true);
    const graded = await post(app, "/grader", { scenario_id: "gen-host:test:easy:4", actions: oracle });
    expect(graded.status).toBe(200);
    expect(graded.body.breakdown.score).toBe(last!.body.observation.score);
    expect(graded.body.breakdown.score).toBeGreaterThanOrEqual(0.9);
  });

  it("refuses an id that names no host scenario", async () => {
    const res = await post(testApp(), "/reset", { scenario_id: "gen-host:train:easy:x" });
    expect(res.status).toBe(422);
  });
});
