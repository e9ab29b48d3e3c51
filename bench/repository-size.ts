/**
 * How a simulation's cost grows with the repository: repositories of 1, 10 and 100 files drawn in turn from
 * the curated scenarios' Dockerfiles, workflows and manifests (copy j of a file sits under `r<j>/`, a workflow
 * keeps its directory and takes the copy in its name), each simulated from scratch as a step's assessment
 * does. Linear growth is the goal: ms per file about constant.
 */
import { performance } from "node:perf_hooks";
import { simulateRepository } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import type { Catalog } from "../tasks/catalog.js";

export const REPOSITORY_SIZES = [1, 10, 100] as const;

export interface RepositorySizeFigure {
  files: number;
  /** Mean ms of one simulation of the whole repository. */
  ms: number;
  /** Diagnostics the simulation reported (a check that the files were read, not skipped). */
  diagnostics: number;
}

const SIMULATED = /(^|\/)Dockerfile$|^\.github\/workflows\/.+\.ya?ml$|^k8s\/.+\.ya?ml$/;

function repositoryOf(catalog: Catalog, files: number): Record<string, string> {
  const pool = catalog.scenarios.flatMap((s) => Object.entries(s.files).filter(([p]) => SIMULATED.test(p)).map(([p, f]) => [p, typeof f === "string" ? f : f.content] as const));
  const out: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    const [p, content] = pool[(i * 7) % pool.length]!;
    const placed = p.startsWith(".github/workflows/") ? p.replace(/(\.ya?ml)$/, `-${i}$1`) : p.startsWith("k8s/") ? p.replace(/(\.ya?ml)$/, `-${i}$1`) : `r${i}/${p}`;
    out[placed] = content;
  }
  return out;
}

export function repositorySizeFigures(catalog: Catalog, rounds: number): RepositorySizeFigure[] {
  const world = catalog.scenarios[0]!.world;
  return REPOSITORY_SIZES.map((files) => {
    const repo = repositoryFrom(repositoryOf(catalog, files));
    const first = simulateRepository(repo, world, { worldKnown: true });
    const n = Math.max(2, Math.round(rounds / files) * 4);
    const began = performance.now();
    for (let i = 0; i < n; i++) simulateRepository(repo, world, { worldKnown: true });
    return { files, ms: (performance.now() - began) / n, diagnostics: first.diagnostics.length };
  });
}
