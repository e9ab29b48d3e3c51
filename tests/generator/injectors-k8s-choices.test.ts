/**
 * The Kubernetes family's API-server faults, beyond the shared suite: the split rule (test's faults are
 * never train's), composition (a fault placed after any other k8s fault leaves that one's text alone and both
 * repairs apply in either order), the choices each injector makes (which fields it breaks, what it claims
 * to be detected by, that the smallest fix is its repair), and repositories with no place for a fault.
 */
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { checkGates } from "../../generator/gates.js";
import { assess } from "../../graders/assess.js";
import { isManifestPath } from "../../simulators/k8s/manifests.js";
import { parseQuantity } from "../../simulators/k8s/quantity.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { WorldSchema } from "../../simulators/world.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import type { GeneratorBase } from "../../tasks/generator/define-base.js";
import type { GenFile, Injection, InjectionContext, Injector } from "../../tasks/generator/injector.js";
import { containerNameInvalid } from "../../tasks/generator/injectors/container-name-invalid.js";
import { deploymentSelectorMismatch } from "../../tasks/generator/injectors/deployment-selector-mismatch.js";
import { deploymentSelectorMissing } from "../../tasks/generator/injectors/deployment-selector-missing.js";
import { integerFieldQuoted } from "../../tasks/generator/injectors/integer-field-quoted.js";
import { jobRestartPolicyAlways } from "../../tasks/generator/injectors/job-restart-policy-always.js";
import { K8S_INJECTORS } from "../../tasks/generator/injectors/k8s.js";
import { limitBelowRequest } from "../../tasks/generator/injectors/limit-below-request.js";
import { portOutOfRange } from "../../tasks/generator/injectors/port-out-of-range.js";
import { portQuotedAsName } from "../../tasks/generator/injectors/port-quoted-as-name.js";
import { quantityUnitInvalid } from "../../tasks/generator/injectors/quantity-unit-invalid.js";
import { removedApiVersion } from "../../tasks/generator/injectors/removed-api-version.js";
import { unknownFieldTypo } from "../../tasks/generator/injectors/unknown-field-typo.js";
import { unsupportedEnumValue } from "../../tasks/generator/injectors/unsupported-enum-value.js";
import { Rng } from "../../tasks/generator/rng.js";
import { applyInjections, baseFiles, composeScenario } from "../../tasks/generator/scenario.js";
import type { Files } from "../../tasks/generator/scenario.js";
import { addedLines, repairAll } from "./injection-checks.js";

/** The injectors of faults the API server refuses. */
const API_SERVER_FAULTS: readonly Injector[] = [
  portQuotedAsName,
  integerFieldQuoted,
  limitBelowRequest,
  unknownFieldTypo,
  removedApiVersion,
  unsupportedEnumValue,
  jobRestartPolicyAlways,
  deploymentSelectorMismatch,
  deploymentSelectorMissing,
  quantityUnitInvalid,
  containerNameInvalid,
  portOutOfRange,
];

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const base = (id: string): GeneratorBase => GENERATOR_BASES.find((b) => b.id === id)!;
const splitOf = (b: GeneratorBase): InjectionContext["split"] => (b.split === "test" ? "test" : "train");

function inject(injector: Injector, b: GeneratorBase, seed: number, split: InjectionContext["split"], files: Files = baseFiles(b), reserved: InjectionContext["reserved"] = []): Injection | null {
  if (injector.fits && !injector.fits(b)) return null;
  return injector.inject({ base: b, files: new Map(Object.entries(files)), world: WorldSchema.parse(b.world), rng: new Rng(seed).fork(injector.kind), split, reserved });
}

/** Every injection of `injector` over the bases and seeds, in the base's own split or the one given. */
function everyInjection(injector: Injector, split?: InjectionContext["split"]): { base: GeneratorBase; injection: Injection }[] {
  return GENERATOR_BASES.flatMap((b) => SEEDS.flatMap((s) => {
    const injection = inject(injector, b, s, split ?? splitOf(b));
    return injection ? [{ base: b, injection }] : [];
  }));
}

/** The single edit of a one-edit repair. */
function onlyEdit(injection: Injection): { file_path: string; old_content: string; new_content: string } {
  const action = injection.repair[0] as EditAction & { edits: { file_path: string; old_content: string; new_content: string }[] };
  expect(injection.repair).toHaveLength(1);
  expect(action.edits).toHaveLength(1);
  return action.edits[0]!;
}

/** The key the one changed line of a file sits under (the nearest line above it indented less). */
function parentOfChange(before: string, after: string): string {
  const old = before.split("\n");
  const now = after.split("\n");
  const at = now.findIndex((line, i) => line !== old[i]);
  const indent = (line: string) => line.length - line.trimStart().length;
  for (let i = at - 1; i >= 0; i--) if (indent(now[i]!) < indent(now[at]!)) return now[i]!.trim().replace(/:$/, "");
  return "";
}

describe("API-server faults across splits", () => {
  // Removing the selector or the restart policy writes nothing, and a limit and a request may read alike: their
  // split rules are checked with their choices.
  const writing = API_SERVER_FAULTS.filter((i) => i !== deploymentSelectorMissing && i !== jobRestartPolicyAlways && i !== limitBelowRequest);

  it.each(writing.map((i) => [i.kind, i] as const))("%s: every test-split fault writes something no train-split fault writes", (_, injector) => {
    let compared = 0;
    for (const b of GENERATOR_BASES) {
      const files = baseFiles(b);
      const train = SEEDS.map((s) => inject(injector, b, s, "train")).filter((i): i is Injection => i !== null);
      const test = SEEDS.map((s) => inject(injector, b, s, "test")).filter((i): i is Injection => i !== null);
      if (train.length === 0 || test.length === 0) continue;
      const seen = new Set(train.flatMap((i) => [...addedLines(files, i)]));
      for (const t of test) {
        compared++;
        expect([...addedLines(files, t)].some((l) => !seen.has(l)), `${b.id}: ${t.issue.description}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("draw different faults for different seeds on the same base", () => {
    const varied = API_SERVER_FAULTS.filter((injector) => GENERATOR_BASES.some((b) => new Set(SEEDS.map((s) => JSON.stringify(inject(injector, b, s, "train")?.changes ?? null))).size > 1));
    // The Job's restart policy has one place on the bases that have a Job at all.
    expect(varied.map((i) => i.kind).sort()).toEqual(API_SERVER_FAULTS.filter((i) => i !== jobRestartPolicyAlways).map((i) => i.kind).sort());
  });
});

describe("API-server faults composed", () => {
  const bases = ["notes-api", "orders-pg", "digest-cron", "fleet-monorepo", "pricing-gradle"].map(base);

  it("leave the text any earlier k8s fault introduced alone, and every repair still applies in either order", () => {
    let pairs = 0;
    for (const b of bases) {
      for (const first of K8S_INJECTORS) {
        const a = inject(first, b, 3, splitOf(b));
        if (!a) continue;
        const afterA = applyInjections(baseFiles(b), [a]);
        for (const second of API_SERVER_FAULTS) {
          if (second === first) continue;
          const c = inject(second, b, 3, splitOf(b), afterA, a.introduced);
          if (!c) continue;
          pairs++;
          const both = applyInjections(afterA, [c]);
          for (const kept of a.introduced) expect(both[kept.file]?.content.includes(kept.text), `${b.id}: ${second.kind} after ${first.kind} removed ${JSON.stringify(kept.text)}`).toBe(true);
          expect(repairAll(both, [a, c]), `${b.id}: ${first.kind} then ${second.kind}`).toBeNull();
          expect(repairAll(both, [c, a]), `${b.id}: ${second.kind} repaired before ${first.kind}`).toBeNull();
        }
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });
});

describe("API-server faults' choices", () => {
  it("port-out-of-range widens a container's port or a Service's targetPort, never the port a Service's clients call", () => {
    const all = everyInjection(portOutOfRange);
    expect(all.length).toBeGreaterThan(5);
    for (const { base: b, injection } of all) {
      const edit = onlyEdit(injection);
      const [, key, wrong] = /(containerPort|targetPort|port): (\d+)/.exec(edit.old_content)!;
      expect(key, `${b.id}: ${edit.old_content}`).not.toBe("port");
      expect(Number(wrong)).toBeGreaterThan(65535);
      expect(edit.new_content).toContain(`${key}: ${wrong!.slice(0, -1)}`);
    }
  });

  it("port-quoted-as-name blames the timeouts a refused NetworkPolicy leaves on the policies still isolating the pods", () => {
    const fleet = base("fleet-monorepo");
    const seed = SEEDS.find((s) => /NetworkPolicy/.test(inject(portQuotedAsName, fleet, s, "test")?.issue.description ?? ""));
    expect(seed, "no seed quotes a NetworkPolicy port on fleet-monorepo").toBeDefined();
    const injection = inject(portQuotedAsName, fleet, seed!, "test")!;
    expect(injection.issue.detection.map((d) => d.code)).toEqual(["K8S011", "K8S034"]);
    const scenario = composeScenario(fleet, [injection], { id: "choices:port-quoted-policy", difficulty: "easy", slack: 10 });
    expect(checkGates(scenario).problems).toEqual([]);
  });

  it("port-quoted-as-name quotes NetworkPolicy ports on the test split only, in single quotes there", () => {
    const train = everyInjection(portQuotedAsName, "train");
    const test = everyInjection(portQuotedAsName, "test");
    expect(train.some(({ injection }) => /NetworkPolicy/.test(injection.issue.description))).toBe(false);
    for (const { injection } of train) expect(onlyEdit(injection).old_content).toMatch(/port: "\d+"/i);
    for (const { injection } of test) expect(onlyEdit(injection).old_content).toMatch(/port: '\d+'/i);
  });

  it("container-name-invalid makes slips the smallest fix undoes: lower case, or hyphens for underscores", () => {
    for (const split of ["train", "test"] as const) {
      const all = everyInjection(containerNameInvalid, split);
      expect(all.length).toBeGreaterThan(5);
      for (const { base: b, injection } of all) {
        const edit = onlyEdit(injection);
        const wrong = /name: (\S+)/.exec(edit.old_content)![1]!;
        const right = /name: (\S+)/.exec(edit.new_content)![1]!;
        expect(wrong.toLowerCase().replaceAll("_", "-"), b.id).toBe(right);
        // Train capitalises words; test writes capitals throughout or snake_case, which train never does.
        if (split === "train") expect(wrong).toMatch(/^[A-Z][a-z0-9]*(-[A-Z0-9][a-z0-9]*)*$/);
        else expect(wrong === wrong.toUpperCase() || wrong.includes("_"), wrong).toBe(true);
      }
    }
  });

  it("container-name-invalid credits the smallest fix, since the container keeps its name", () => {
    const notes = base("notes-api");
    const injection = inject(containerNameInvalid, notes, 1, "train")!;
    const scenario = composeScenario(notes, [injection], { id: "choices:container-name", difficulty: "easy", slack: 10 });
    const edit = onlyEdit(injection);
    const file = scenario.files[edit.file_path]!;
    const wrong = /name: (\S+)/.exec(edit.old_content)![1]!;
    const fixed = { ...scenario.files, [edit.file_path]: { ...file, content: file.content.replace(`name: ${wrong}`, `name: ${wrong.toLowerCase()}`) } };
    expect(assess(scenario, repositoryFrom(fixed)).solved).toBe(true);
  });

  it("deployment-selector-missing is detected as the API server reports it: selector required, and template not matched", () => {
    const all = everyInjection(deploymentSelectorMissing);
    expect(all.length).toBeGreaterThan(5);
    for (const { base: b, injection } of all.slice(0, 4)) {
      expect(injection.issue.detection.map((d) => d.code)).toEqual(["K8S008", "K8S010"]);
      const scenario = composeScenario(b, [injection], { id: `choices:selector-missing:${b.id}`, difficulty: "easy", slack: 10 });
      const start = assess(scenario, repositoryFrom(scenario.files));
      const codes = start.diagnostics.filter((d) => d.file === injection.issue.detection[0]!.file).map((d) => d.code);
      expect(codes, b.id).toEqual(expect.arrayContaining(["K8S008", "K8S010"]));
      expect(start.diagnostics.find((d) => d.code === "K8S010")!.message).toContain("`selector` does not match template `labels`");
    }
  });

  it("deployment-selector-mismatch changes a selector value on train and renames its key on test", () => {
    for (const { base: b, injection } of everyInjection(deploymentSelectorMismatch, "train")) {
      const edit = onlyEdit(injection);
      const key = (text: string) => /^\s*([\w./-]+):/.exec(text)![1];
      expect(key(edit.old_content), b.id).toBe(key(edit.new_content));
    }
    for (const { base: b, injection } of everyInjection(deploymentSelectorMismatch, "test")) {
      const edit = onlyEdit(injection);
      const value = (text: string) => /^\s*[\w./-]+: (\S+)/.exec(text)![1];
      expect(value(edit.old_content), b.id).toBe(value(edit.new_content));
      expect(edit.old_content.split(":")[0]).not.toBe(edit.new_content.split(":")[0]);
    }
  });

  it("limit-below-request lowers a memory limit on train and raises a request on test, never past the node", () => {
    for (const split of ["train", "test"] as const) {
      const all = everyInjection(limitBelowRequest, split);
      expect(all.length).toBeGreaterThan(5);
      for (const { base: b, injection } of all) {
        const edit = onlyEdit(injection);
        const wrong = parseQuantity(/(?:memory|cpu): (\S+)/.exec(edit.old_content)![1]!)!;
        const right = parseQuantity(/(?:memory|cpu): (\S+)/.exec(edit.new_content)![1]!)!;
        expect(parentOfChange(baseFiles(b)[edit.file_path]!.content, applyInjections(baseFiles(b), [injection])[edit.file_path]!.content), b.id).toBe(split === "train" ? "limits" : "requests");
        if (split === "train") {
          expect(wrong, b.id).toBeLessThan(right);
          expect(edit.old_content).toMatch(/memory/);
        } else {
          expect(wrong, b.id).toBeGreaterThan(right);
          const world = WorldSchema.parse(b.world);
          expect(wrong).toBeLessThanOrEqual(/cpu/.test(edit.old_content) ? world.cluster.node.cpu_millicores / 1000 : world.cluster.node.memory_mib * 2 ** 20);
        }
      }
    }
  });

  it("job-restart-policy-always writes Always on train and drops the policy on test", () => {
    const train = everyInjection(jobRestartPolicyAlways, "train");
    const test = everyInjection(jobRestartPolicyAlways, "test");
    expect(train.length).toBeGreaterThan(0);
    expect(test.length).toBeGreaterThan(0);
    for (const { injection } of train) expect(onlyEdit(injection).old_content).toMatch(/restartPolicy: Always/);
    for (const { injection } of test) {
      const edit = onlyEdit(injection);
      expect(edit.old_content).not.toMatch(/restartPolicy/);
      expect(edit.new_content).toMatch(/restartPolicy: (OnFailure|Never)/);
    }
  });

  it("unsupported-enum-value writes the right word in the wrong case on train and another word on test", () => {
    for (const split of ["train", "test"] as const) {
      const all = everyInjection(unsupportedEnumValue, split);
      expect(all.length).toBeGreaterThan(5);
      for (const { base: b, injection } of all) {
        const [, key, wrong, right] = /sets (\w+) to (\S+), which .* \((\S+) is\)/.exec(injection.issue.description)!;
        expect(onlyEdit(injection).old_content, b.id).toContain(`${key}: ${wrong}`);
        expect(wrong).not.toBe(right);
        if (split === "train") expect(wrong!.toLowerCase(), b.id).toBe(right!.toLowerCase());
        else expect(wrong!.toLowerCase(), b.id).not.toBe(right!.toLowerCase());
      }
    }
  });

  it("unknown-field-typo misspells a field's name by one letter, never a label's or a data key", () => {
    const all = everyInjection(unknownFieldTypo);
    expect(all.length).toBeGreaterThan(10);
    for (const { base: b, injection } of all) {
      const [, wrong, right] = /has the field (\w+), a misspelling of (\w+);/.exec(injection.issue.description)!;
      const edit = onlyEdit(injection);
      expect(edit.old_content, b.id).toMatch(new RegExp(`(^|\\s)${wrong}:`));
      expect(edit.new_content).toBe(edit.old_content.replace(`${wrong}:`, `${right}:`));
      // Field names are camelCase words; label and data keys carry dots, slashes and dashes or sit in data maps.
      expect(right).toMatch(/^[a-z][a-zA-Z]+$/);
      const slips = Math.abs(wrong!.length - right!.length) === 1 || [...wrong!].filter((ch, i) => ch !== right![i]).length <= 2;
      expect(slips, `${wrong} for ${right}`).toBe(true);
    }
  });

  it("removed-api-version names, on test, versions train never shows", () => {
    const versions = (split: "train" | "test") => new Set(everyInjection(removedApiVersion, split).map(({ injection }) => /apiVersion: (\S+)/.exec(onlyEdit(injection).old_content)![1]!));
    const train = versions("train");
    const test = versions("test");
    expect(test.size).toBeGreaterThan(0);
    for (const v of test) expect(train.has(v), v).toBe(false);
  });

  it("quantity-unit-invalid and integer-field-quoted repair to the value as it was, unquoted or in its Kubernetes unit", () => {
    for (const { injection } of everyInjection(quantityUnitInvalid)) {
      const edit = onlyEdit(injection);
      expect(edit.old_content).toMatch(/memory: \d+(MB|GB|MiB|GiB|mi|gi)\n/);
      expect(edit.new_content).toMatch(/memory: \d+(Mi|Gi)\n/);
    }
    for (const { injection } of everyInjection(integerFieldQuoted)) {
      const edit = onlyEdit(injection);
      expect(edit.new_content).toBe(edit.old_content.replace(/"(\d+)"/, "$1"));
    }
  });
});

describe("API-server faults without a place", () => {
  it("decline a repository without manifests, or one whose manifests do not parse, without throwing", () => {
    for (const b of GENERATOR_BASES.slice(0, 6)) {
      const files = baseFiles(b);
      const manifests = Object.keys(files).filter((p) => isManifestPath(p, files[p]!.content));
      const without = Object.fromEntries(Object.entries(files).filter(([p]) => !manifests.includes(p)));
      const broken: Files = Object.fromEntries(Object.entries(files).map(([p, f]) => [p, manifests.includes(p) ? { ...f, content: `${f.content}\n  bad: [\n` } : f]));
      for (const injector of API_SERVER_FAULTS) {
        expect(inject(injector, b, 1, splitOf(b), without), `${injector.kind} on ${b.id} without manifests`).toBeNull();
        expect(inject(injector, b, 1, splitOf(b), broken), `${injector.kind} on ${b.id} with broken manifests`).toBeNull();
      }
    }
  });

  it("never edit text another fault reserved", () => {
    for (const b of GENERATOR_BASES) {
      const files = baseFiles(b);
      const reserveAll = Object.entries(files).map(([file, f]: [string, GenFile]) => ({ file, text: f.content }));
      for (const injector of API_SERVER_FAULTS) expect(inject(injector, b, 1, splitOf(b), files, reserveAll), `${injector.kind} on ${b.id}`).toBeNull();
    }
  });
});
