/**
 * The Dockerfile family's choices, beyond the shared suite: the line changes repairs are made of, the split
 * rule (test's faults are never train's), composition (a fault leaves another's text alone and both repairs
 * apply in either order), where the runtime faults are reported, and odd repositories that must not crash an
 * injector.
 */
import { describe, expect, it } from "vitest";
import type { EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { checkGates } from "../../generator/gates.js";
import { lookupImage } from "../../simulators/images/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import type { Repository } from "../../simulators/repository.js";
import { WorldSchema } from "../../simulators/world.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import type { GeneratorBase } from "../../tasks/generator/define-base.js";
import type { GenFile, Injection, InjectionContext, Injector } from "../../tasks/generator/injector.js";
import { baseTagMissing } from "../../tasks/generator/injectors/base-tag-missing.js";
import { bindLoopback } from "../../tasks/generator/injectors/bind-loopback.js";
import { cmdRepeatsEntrypoint } from "../../tasks/generator/injectors/cmd-repeats-entrypoint.js";
import { DOCKERFILE_INJECTORS } from "../../tasks/generator/injectors/dockerfile.js";
import { exposeNotAPort } from "../../tasks/generator/injectors/expose-not-a-port.js";
import { lineChange } from "../../tasks/generator/injectors/line-change.js";
import { requirementPinMissing } from "../../tasks/generator/injectors/requirement-pin-missing.js";
import { startScriptNotFound } from "../../tasks/generator/injectors/start-script-not-found.js";
import { Rng } from "../../tasks/generator/rng.js";
import { applyInjections, baseFiles, composeScenario } from "../../tasks/generator/scenario.js";

const base = (id: string): GeneratorBase => GENERATOR_BASES.find((b) => b.id === id)!;

function filesOf(b: GeneratorBase): Map<string, GenFile> {
  return new Map(Object.entries(baseFiles(b)));
}

function inject(injector: Injector, b: GeneratorBase, seed: number, split: InjectionContext["split"], files = filesOf(b), reserved: InjectionContext["reserved"] = []): Injection | null {
  if (injector.fits && !injector.fits(b)) return null;
  return injector.inject({ base: b, files, world: WorldSchema.parse(b.world), rng: new Rng(seed).fork(injector.kind), split, reserved });
}

/** Applies edit actions in order; the first that fails throws with its reason. */
function applyAll(repo: Repository, actions: readonly EditAction[], what = ""): Repository {
  let current = repo;
  for (const action of actions) {
    const out = applyEditAction(current, action);
    if (!out.ok) throw new Error(`${what}: ${out.error}`);
    current = out.repo;
  }
  return current;
}

const asRepo = (files: Record<string, GenFile>) => repositoryFrom(files);
const contentOf = (repo: Repository) => Object.fromEntries([...repo].map(([p, f]) => [p, f.content]));

describe("line changes", () => {
  it("grows the broken lines until they occur once", () => {
    const before = "FROM a\nRUN x\nWORKDIR /app\nRUN y\nWORKDIR /app\nCMD z\n";
    const after = "FROM a\nRUN x\nWORKDIR /app\nRUN y\nCMD z\n";
    const change = lineChange("Dockerfile", before, after, []);
    expect(change).not.toBeNull();
    expect(after.split(change!.broken).length).toBe(2);
    expect(after.replace(change!.broken, change!.original)).toBe(before);
  });

  it("takes the line before when a removal leaves the last line of the file", () => {
    const change = lineChange("Dockerfile", "FROM a\nRUN x\nEXPOSE 80\n", "FROM a\nRUN x\n", []);
    expect(change).toEqual({ file: "Dockerfile", broken: "RUN x\n", original: "RUN x\nEXPOSE 80\n" });
  });

  it("refuses to touch another fault's text, or to make it ambiguous", () => {
    const before = "FROM a\nCOPY requirments.txt .\nRUN x\n";
    const reserved = [{ file: "Dockerfile", text: "COPY requirments.txt ." }];
    expect(lineChange("Dockerfile", before, before.replace("requirments", "requirements"), reserved)).toBeNull();
    expect(lineChange("Dockerfile", before, before.replace("RUN x", "COPY requirments.txt ."), reserved)).toBeNull();
    expect(lineChange("Dockerfile", before, before.replace("RUN x", "RUN y"), reserved)).toEqual({ file: "Dockerfile", broken: "RUN y\n", original: "RUN x\n" });
  });

  it("is null for no change", () => {
    expect(lineChange("Dockerfile", "FROM a\n", "FROM a\n", [])).toBeNull();
  });
});

/** Kinds with one form only: their test split differs from train by its bases alone (documented in each file). */
const ONE_FORM = new Set(["npm-ci-without-lockfile", "install-before-copy"]);

describe("the split rule", () => {
  it.each(DOCKERFILE_INJECTORS.filter((i) => !ONE_FORM.has(i.kind)).map((i) => [i.kind, i] as const))("%s: test never injects a fault train does", (_, injector) => {
    let compared = 0;
    for (const b of GENERATOR_BASES) {
      const faults = (split: "train" | "test") =>
        new Set([1, 2, 3].map((seed) => inject(injector, b, seed, split)).filter((x) => x !== null).map((x) => JSON.stringify(x!.changes)));
      const train = faults("train");
      const test = faults("test");
      if (train.size === 0 || test.size === 0) continue;
      compared++;
      for (const fault of test) expect(train.has(fault), `${b.id}: ${fault.slice(0, 200)}`).toBe(false);
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("base-tag-missing names tags the registry does not have: a variant word off in train, an unreleased version in test", () => {
    const notes = base("notes-api");
    for (const seed of [1, 2, 3, 4]) {
      for (const split of ["train", "test"] as const) {
        const injection = inject(baseTagMissing, notes, seed, split)!;
        const from = /^FROM (\S+)/m.exec((injection.changes[0] as { content: string }).content)![1]!;
        expect(lookupImage(from).status, from).toBe("tag_not_found");
        if (split === "train") expect(from).toMatch(/^python:3\.12-(?!slim$)/);
        else expect(from).toMatch(/^python:3\.(22|21)-slim$/);
      }
    }
  });
});

describe("composition", () => {
  const bases = ["notes-api", "events-express", "shipping-go", "fleet-monorepo"].map(base);
  it("a fault injected after another leaves its text alone, and both repairs apply in either order", () => {
    let pairs = 0;
    for (const b of bases) {
      for (const first of DOCKERFILE_INJECTORS) {
        const a = inject(first, b, 7, "train");
        if (!a) continue;
        const afterA = new Map(Object.entries(applyInjections(baseFiles(b), [a])));
        for (const second of DOCKERFILE_INJECTORS) {
          if (second === first) continue;
          const c = inject(second, b, 7, "train", afterA, a.introduced);
          if (!c) continue;
          pairs++;
          const both = applyInjections(baseFiles(b), [a, c]);
          for (const { file, text } of a.introduced) expect(both[file]!.content.split(text).length, `${first.kind} then ${second.kind} on ${b.id}`).toBe(2);
          const repairs = [a.repair, c.repair].map((r) => r as EditAction[]);
          const pair = `${first.kind} then ${second.kind} on ${b.id}`;
          const forward = applyAll(asRepo(both), [...repairs[0]!, ...repairs[1]!], pair);
          const backward = applyAll(asRepo(both), [...repairs[1]!, ...repairs[0]!], pair);
          expect(contentOf(forward), pair).toEqual(contentOf(backward));
        }
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it("two faults in one Dockerfile, the parse error masking the build error, pass the gates together", () => {
    const notes = base("notes-api");
    const expose = inject(exposeNotAPort, notes, 3, "train")!;
    const after = new Map(Object.entries(applyInjections(baseFiles(notes), [expose])));
    const pin = inject(requirementPinMissing, notes, 3, "train", after, expose.introduced)!;
    const scenario = composeScenario(notes, [expose, pin], { id: "composed:notes-api", difficulty: "medium", slack: 10 });
    expect(checkGates(scenario, { canaries: false }).problems).toEqual([]);
  });
});

describe("runtime faults are reported where the image runs", () => {
  it("an ENTRYPOINT that repeats the CMD's program breaks every workload that runs the image's ENTRYPOINT with node", () => {
    const injection = inject(cmdRepeatsEntrypoint, base("exports-node"), 1, "train")!;
    // The worker's own args start with node too, so it breaks as the API does.
    expect(injection.issue.detection).toEqual([
      { code: "K8S023", file: "k8s/api.yaml" },
      { code: "K8S023", file: "k8s/worker.yaml" },
    ]);
  });

  it("a wrong script in the CMD breaks only the workloads that run the CMD (not the worker, whose args replace it)", () => {
    const injection = inject(startScriptNotFound, base("exports-node"), 1, "train")!;
    expect(injection.issue.detection).toEqual([{ code: "K8S023", file: "k8s/api.yaml" }]);
  });

  it("a loopback bind is injected only where the world says which option sets the bind address", () => {
    expect(inject(bindLoopback, base("notes-api"), 1, "train")?.issue.detection).toEqual([{ code: "K8S026", file: "k8s/deployment.yaml" }]);
    // gunicorn's --bind: the base's world names no bind option, so the cluster could not see the fault.
    expect(inject(bindLoopback, base("quotes-flask"), 1, "test")).toBeNull();
  });
});

describe("odd repositories", () => {
  const notes = base("notes-api");
  const odd: Record<string, Record<string, string>> = {
    "no Dockerfile": { "README.md": "# nothing to build\n" },
    "an empty Dockerfile": { Dockerfile: "" },
    "a Dockerfile of fragments": {
      Dockerfile: 'FROM\nRUN \\\n\nCOPY --from= x\nEXPOSE\nCMD [\nENTRYPOINT ["node"\nCOPY --from=build\nUSER\nWORKDIR\nRUN pip install -r\n',
      ".dockerignore": "**\n!",
      "k8s/deployment.yaml": "kind: Deployment\nspec: [unclosed\n",
    },
    "a heredoc and comments only": { Dockerfile: "# syntax=docker/dockerfile:1\nFROM alpine:3.20\nRUN <<EOF\necho hi \\\nEOF\n# CMD [\"node\"]\n" },
  };
  it.each(Object.entries(odd))("%s: no injector throws, and any fault it makes has a repair that applies", (_, files) => {
    const map = new Map(Object.entries(files).map(([p, content]) => [p, { content, mode: 0o644 }]));
    for (const injector of DOCKERFILE_INJECTORS) {
      for (const split of ["train", "test"] as const) {
        const injection = injector.inject({ base: notes, files: map, world: WorldSchema.parse(notes.world), rng: new Rng(5).fork(injector.kind), split, reserved: [] });
        if (!injection) continue;
        const faulted = applyInjections(Object.fromEntries(map), [injection]);
        expect(() => applyAll(asRepo(faulted), injection.repair as EditAction[]), injector.kind).not.toThrow();
      }
    }
  });
});
