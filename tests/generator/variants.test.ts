/**
 * Base variants: every choice of every axis, on every base, gives a repository as clean as the base (every
 * simulator passes it with no finding, each fact is still written where the list says, the same rules are
 * evaluated), with the base's id, stack and split; variants are drawn deterministically; shared pools differ
 * by split, so the test split's variants show owners, domains and folders train never does.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../../simulators/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { checkKey } from "../../simulators/simulation.js";
import type { GeneratorBase } from "../../tasks/generator/bases.js";
import { GENERATOR_BASES } from "../../tasks/generator/bases.js";
import { Rng } from "../../tasks/generator/rng.js";
import { VARIANT_AXES, variantBy, variantOf, type Decision, type VariantAxis } from "../../tasks/generator/variants/index.js";
import { contentOf, inWalkOrder } from "../../tasks/generator/variants/rewrite.js";

/** Variants that between them take every choice of every decision: the k-th takes each decision's k-th choice. */
function coveringVariants(base: GeneratorBase): GeneratorBase[] {
  const widest = Math.max(...VARIANT_AXES.flatMap((a) => a.decisions(base).map((d) => d.choices.length)), 1);
  // Decisions made on a renamed base can offer more choices than the base's own: a few rounds more cover them.
  return Array.from({ length: widest + 1 }, (_, k) => variantBy(base, (_a: VariantAxis, d: Decision) => d.choices[k % d.choices.length]!));
}

/** The simulators' findings on a base, and the workload files whose pods ran its own image and were judged. */
function simulated(base: GeneratorBase): { findings: string[]; unjudged: string[] } {
  const result = simulateRepository(repositoryFrom(base.files), base.world, { worldKnown: true, context: true });
  const own = new RegExp(`image:\\s*\\S*\\b${base.world.repository.owner}/`);
  const workloads = Object.entries(base.files).filter(([p, f]) => /\.ya?ml$/.test(p) && !p.startsWith(".github/") && own.test(contentOf(f)));
  return {
    findings: result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line} ${d.message}`),
    unjudged: workloads.filter(([p]) => !result.checked.has(checkKey("K8S024", p)) || !result.checked.has(checkKey("K8S025", p))).map(([p]) => p),
  };
}

describe("base variants", () => {
  for (const base of GENERATOR_BASES) {
    it(`${base.id}: every choice of every axis passes every simulator, with its facts where the list says`, () => {
      const variants = coveringVariants(base);
      expect(variants.filter((v) => v.variant !== undefined).length).toBeGreaterThan(0);
      for (const v of variants) {
        const { findings, unjudged } = simulated(v);
        expect(findings, v.variant).toEqual([]);
        // The delivery runs whole: the cluster pulls what the workflow pushed and judges the app in it.
        expect(unjudged, v.variant).toEqual([]);
        expect([v.id, v.split, v.stack], v.variant).toEqual([base.id, base.split, base.stack]);
        for (const d of v.discoverable) expect(contentOf(v.files[d.file] ?? "").includes(d.text), `${d.fact} in ${d.file} (${v.variant})`).toBe(true);
        expect(v.discoverable.length, v.variant).toBe(base.discoverable.length);
      }
    }, 120_000);
  }

  it("are drawn deterministically from the rng, and differ from one seed to the next", () => {
    const base = GENERATOR_BASES[0]!;
    expect(variantOf(base, new Rng(7))).toEqual(variantOf(base, new Rng(7)));
    const labels = new Set(Array.from({ length: 20 }, (_, seed) => variantOf(base, new Rng(seed)).variant ?? ""));
    expect(labels.size).toBeGreaterThanOrEqual(18);
  });

  it("leave a base as written when every pick is the written one, and list files as a base read from disk does", () => {
    for (const base of GENERATOR_BASES) {
      expect(variantBy(base, (_, d) => d.written)).toBe(base);
      expect(Object.keys(inWalkOrder(base).files)).toEqual(Object.keys(base.files));
    }
  });

  it("draw owners, domains and manifest folders for test bases that train bases never show", () => {
    const shared = (axis: string) => {
      const of = (split: "train" | "test") =>
        new Set(
          GENERATOR_BASES.filter((b) => b.split === split).flatMap((b) =>
            VARIANT_AXES.filter((a) => a.name === axis).flatMap((a) => a.decisions(b).flatMap((d) => d.choices.filter((c) => c !== d.written))),
          ),
        );
      const train = of("train");
      return [...of("test")].filter((c) => train.has(c));
    };
    for (const axis of ["owner", "domain", "manifests", "replicas", "timeout", "nightly", "autoscaler"]) expect(shared(axis), axis).toEqual([]);
  });

  it("of test bases share no Dockerfile, workflow or manifest with variants of train bases", () => {
    const delivery = (v: GeneratorBase) =>
      Object.entries(v.files)
        .filter(([p]) => /(^|\/)Dockerfile$/.test(p) || p.startsWith(".github/workflows/") || /\.ya?ml$/.test(p))
        .map(([, f]) => contentOf(f));
    const drawn = (split: "train" | "test") => GENERATOR_BASES.filter((b) => b.split === split).flatMap((b) => Array.from({ length: 4 }, (_, seed) => variantOf(b, new Rng(seed).fork(b.id))));
    const train = new Set(drawn("train").flatMap(delivery));
    expect(drawn("test").flatMap(delivery).filter((text) => train.has(text))).toEqual([]);
  });

  it("rename a service consistently: image, objects, world and facts", () => {
    const base = GENERATOR_BASES.find((b) => b.variants?.names?.length && b.split === "train")!;
    const token = base.variants!.names![0]!.token;
    const to = base.variants!.names![0]!.choices[0]!;
    const v = variantBy(base, (a, d) => (a.name === "name" ? to : d.written));
    expect(v.variant).toBe(`name:${token}=${to}`);
    expect(JSON.stringify(v.world)).not.toMatch(new RegExp(`\\b${token}\\b`));
    expect(v.world.apps.map((a) => a.name)).toContain(base.world.apps[0]!.name.replace(token, to));
    const manifests = Object.entries(v.files).filter(([p]) => p.startsWith("k8s/"));
    expect(manifests.length).toBeGreaterThan(0);
    expect(manifests.some(([, f]) => contentOf(f).includes(`/${to}:`))).toBe(true);
  });
});
