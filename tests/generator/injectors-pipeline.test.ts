/**
 * The pipeline (cross-file) injectors: the shared family suite (each applies somewhere and every injection
 * passes the gates), plus what composition and the splits rely on: the test split's faults carry values the
 * train split never shows, an injector placed after another leaves that one's text alone and both repairs
 * still apply, the choices some injectors make hold, and a repository with no place for a fault (no
 * delivery, a workflow that does not parse) is declined, never a crash.
 */
import { describe, expect, it, vi } from "vitest";
import { injectorSuite } from "../../generator/injector-suite.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { WorldSchema } from "../../simulators/world.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import type { GeneratorBase } from "../../tasks/generator/bases.js";
import type { GenFile, Injection, Injector, InjectionContext } from "../../tasks/generator/injector.js";
import { PIPELINE_INJECTORS } from "../../tasks/generator/injectors/pipeline.js";
import { Rng } from "../../tasks/generator/rng.js";
import { applyInjections, baseFiles } from "../../tasks/generator/scenario.js";
import type { Files } from "../../tasks/generator/scenario.js";
import { addedLines, repairAll } from "./injection-checks.js";

// Each injector's gates run the whole delivery several times on up to 16 bases: on 2 shared cores that takes
// longer than the default 20 s per test.
vi.setConfig({ testTimeout: 180_000 });

injectorSuite("pipeline", PIPELINE_INJECTORS);

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

function inject(injector: Injector, base: GeneratorBase, seed: number, split: InjectionContext["split"], files: Files = baseFiles(base), reserved: InjectionContext["reserved"] = []): Injection | null {
  return injector.inject({
    base,
    files: new Map(Object.entries(files)),
    world: WorldSchema.parse(base.world),
    rng: new Rng(seed).fork(injector.kind),
    split,
    reserved,
  });
}

describe("pipeline injectors across splits", () => {
  it.each(PIPELINE_INJECTORS.map((i) => [i.kind, i] as const))("%s: every test-split fault writes something no train-split fault writes", (_, injector) => {
    let compared = 0;
    for (const base of GENERATOR_BASES) {
      const files = baseFiles(base);
      const train = SEEDS.map((s) => inject(injector, base, s, "train")).filter((i): i is Injection => i !== null);
      const test = SEEDS.map((s) => inject(injector, base, s, "test")).filter((i): i is Injection => i !== null);
      if (train.length === 0 || test.length === 0) continue;
      const seen = new Set(train.flatMap((i) => [...addedLines(files, i)]));
      for (const t of test) {
        compared++;
        expect([...addedLines(files, t)].some((l) => !seen.has(l)), `${base.id}: ${t.issue.description}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("draw different faults for different seeds on the same base", () => {
    // One place and one parameter is possible on a small base; nearly every injector has several somewhere.
    const varied = PIPELINE_INJECTORS.filter((injector) =>
      GENERATOR_BASES.some((b) => new Set(SEEDS.map((s) => JSON.stringify(inject(injector, b, s, "train")?.changes ?? null))).size > 1),
    );
    expect(varied.length).toBeGreaterThanOrEqual(PIPELINE_INJECTORS.length - 2);
  });
});

describe("pipeline injectors composed", () => {
  const bases = ["notes-api", "quotes-flask", "shop-monorepo", "fleet-monorepo", "alerts-go"].map((id) => GENERATOR_BASES.find((b) => b.id === id)!);

  it("leave the text an earlier fault introduced alone, and every repair still applies", () => {
    let pairs = 0;
    for (const base of bases) {
      const split = base.split === "test" ? "test" : "train";
      for (const first of PIPELINE_INJECTORS) {
        const a = inject(first, base, 3, split);
        if (!a) continue;
        const afterA = applyInjections(baseFiles(base), [a]);
        for (const second of PIPELINE_INJECTORS) {
          if (second === first) continue;
          const b = inject(second, base, 3, split, afterA, a.introduced);
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
    expect(pairs).toBeGreaterThan(100);
  });
});

const byKind = (kind: string) => PIPELINE_INJECTORS.find((i) => i.kind === kind)!;
const baseById = (id: string) => GENERATOR_BASES.find((b) => b.id === id)!;

describe("pipeline injectors' choices", () => {
  it("release-tag-drift changes a -t and the docker push of the same tag together, and its repair restores both", () => {
    const quotes = baseById("quotes-flask");
    const injection = inject(byKind("release-tag-drift"), quotes, 1, "test")!;
    const file = ".github/workflows/docker.yml";
    const after = applyInjections(baseFiles(quotes), [injection]);
    const content = after[file]!.content;
    expect(content).not.toMatch(/"\$IMAGE:main"/);
    expect(content.match(/\$IMAGE:(stable|\$\{\{ github\.run_number \}\})/g)).toHaveLength(2);
    const repair = injection.repair[0]!;
    expect(repair.action_type).toBe("edit_file");
    if (repair.action_type !== "edit_file") return;
    const repo = applyEditAction(repositoryFrom(after), repair);
    expect(repo.ok && repo.repo.get(file)!.content).toBe(baseFiles(quotes)[file]!.content);
  });

  it("image-push-disabled declines an image whose deployed tag another fault already changed", () => {
    const ledger = baseById("ledger-spring");
    const drift = inject(byKind("deployed-tag-drift"), ledger, 1, "train")!;
    const files = applyInjections(baseFiles(ledger), [drift]);
    expect(inject(byKind("image-push-disabled"), ledger, 1, "train")).not.toBeNull();
    expect(inject(byKind("image-push-disabled"), ledger, 1, "train", files, drift.introduced)).toBeNull();
  });

  it("deployed-tag-drift changes a commit tag only where another workload still shows it", () => {
    for (const seed of SEEDS) {
      const digest = baseById("digest-cron");
      const injection = inject(byKind("deployed-tag-drift"), digest, seed, "train")!;
      const after = applyInjections(baseFiles(digest), [injection]);
      const full = Object.values(after).filter((f) => f.content.includes("ghcr.io/acme/digest:4f6a1d9c2b7e8f0a3c5d6e7f8a9b0c1d2e3f4a5b"));
      expect(full).toHaveLength(1);
    }
  });

  it("build-target-missing targets a stage name the Dockerfile does not have, and repairs to its final stage", () => {
    let placed = 0;
    for (const base of GENERATOR_BASES) {
      const injection = inject(byKind("build-target-missing"), base, 2, base.split === "test" ? "test" : "train");
      if (!injection) continue;
      placed++;
      const after = applyInjections(baseFiles(base), [injection]);
      const edit = (injection.repair[0] as { edits: { file_path: string; old_content: string; new_content: string }[] }).edits[0]!;
      const wrong = /(?:target: |--target )(\S+)/.exec(edit.old_content)![1]!;
      const right = /(?:target: |--target )(\S+)/.exec(edit.new_content)![1]!;
      const dockerfiles = Object.entries(after).filter(([p]) => /Dockerfile$/.test(p)).map(([, f]) => f.content);
      expect(dockerfiles.some((d) => new RegExp(` AS ${wrong}\\b`, "i").test(d)), base.id).toBe(false);
      expect(dockerfiles.some((d) => new RegExp(` AS ${right}\\n`).test(d)), base.id).toBe(true);
    }
    expect(placed).toBeGreaterThan(10);
  });
});

describe("pipeline injectors without a place", () => {
  const notes = GENERATOR_BASES.find((b) => b.id === "notes-api")!;

  it("decline a repository that has no delivery workflow", () => {
    const files = Object.fromEntries(Object.entries(baseFiles(notes)).filter(([p]) => !p.startsWith(".github/")));
    for (const injector of PIPELINE_INJECTORS) expect(inject(injector, notes, 1, "train", files), injector.kind).toBeNull();
  });

  it("decline a release workflow another fault left unparseable, without throwing", () => {
    const files = baseFiles(notes);
    const release = files[".github/workflows/release.yml"]!;
    const broken: Files = { ...files, ".github/workflows/release.yml": { ...release, content: release.content.replace("jobs:\n", "jobs:\n  image: [\n") } };
    for (const injector of PIPELINE_INJECTORS) {
      const injection = inject(injector, notes, 1, "train", broken);
      // A fault in the Dockerfile alone may still be placed, as long as it does not touch the broken workflow.
      if (injection) expect(injection.changes.map((c) => c.file), injector.kind).not.toContain(".github/workflows/release.yml");
    }
  });

  it("never edit text another fault reserved", () => {
    for (const base of GENERATOR_BASES) {
      const files = baseFiles(base);
      const reserveAll = Object.entries(files).map(([file, f]: [string, GenFile]) => ({ file, text: f.content }));
      for (const injector of PIPELINE_INJECTORS) expect(inject(injector, base, 1, base.split === "test" ? "test" : "train", files, reserveAll), `${injector.kind} on ${base.id}`).toBeNull();
    }
  });
});
