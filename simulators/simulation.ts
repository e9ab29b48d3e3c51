/**
 * The contract every simulator meets: files and world in, diagnostics out, plus which checks were really
 * evaluated. A check that a real run never reached (the container cannot start while the build fails) is not
 * evaluated, and an issue whose check was not evaluated cannot count as fixed.
 */
import type { Diagnostic, Stage } from "./diagnostic.js";
import { compareDiagnostics } from "./diagnostic.js";
import { FactLog } from "./engine/facts.js";
import type { Repository } from "./repository.js";
import type { World } from "./world.js";

export interface SimulationOptions {
  /** false: skip the checks that need a Dockerfile's build context (`breakfix lint --no-context`). */
  context?: boolean;
  /** true: the world is the scenario's own; false (lint on a user's files): facts not in the files are unknown. */
  worldKnown?: boolean;
  /** Only these files are checked (the rest are context, such as a Dockerfile's COPY sources); all when absent. */
  only?: ReadonlySet<string>;
  /** `breakfix lint --kind`: treat every file in `only` as this kind, whatever its name. */
  kind?: "dockerfile" | "workflow" | "k8s";
  /** `breakfix lint --context DIR`: the build context of every Dockerfile, instead of its own directory. */
  dockerContext?: string;
}

/**
 * The files a domain simulator checks: those `isMine` recognises, or, under a forced kind that is the domain's
 * own, every file in `only`.
 */
export function filesToCheck(
  repo: Repository,
  options: SimulationOptions,
  domainKind: "dockerfile" | "workflow" | "k8s",
  isMine: (path: string, content: string) => boolean,
): string[] {
  if (options.kind !== undefined) return options.kind === domainKind ? [...(options.only ?? repo.keys())].filter((p) => repo.has(p)) : [];
  return [...repo.entries()]
    .filter(([path, file]) => (options.only === undefined || options.only.has(path)) && isMine(path, file.content))
    .map(([path]) => path)
    .sort();
}

export interface SimulationResult {
  diagnostics: Diagnostic[];
  /** `checkKey(code, file)` of every rule that was evaluated on that file all the way through. */
  checked: Set<string>;
  /**
   * `checkKey(code, file)` of every rule that met something it could not judge on that file (an action version
   * the catalogue does not know, a command in control flow the interpreter does not follow) and did not fire
   * there: its outcome is unknown, neither a pass nor a failure.
   */
  undecided: Set<string>;
  /** What the run saw happen (the interpreters' events), for the grader to compare. */
  facts: FactLog;
}

export function checkKey(code: string, file: string): string {
  return `${code}@${file}`;
}

/** A simulator of one domain, or the cross-file pipeline. */
export interface Simulator {
  readonly domain: string;
  simulate(repo: Repository, world: World, options: SimulationOptions): SimulationResult;
}

/** Collects a simulator's findings and evaluated checks as it goes. */
export class Findings {
  readonly diagnostics: Diagnostic[] = [];
  readonly checked = new Set<string>();
  readonly undecided = new Set<string>();
  readonly facts = new FactLog();

  /** Records that rule `code` was evaluated on `file` (whether or not it fired). */
  evaluated(code: string, file: string): void {
    this.checked.add(checkKey(code, file));
  }

  report(d: Diagnostic): void {
    this.diagnostics.push(d);
    this.checked.add(checkKey(d.code, d.file));
  }

  merge(other: SimulationResult): void {
    this.diagnostics.push(...other.diagnostics);
    for (const k of other.checked) this.checked.add(k);
    for (const k of other.undecided) this.undecided.add(k);
    this.facts.merge(other.facts);
  }

  result(): SimulationResult {
    const fired = new Set(this.diagnostics.map((d) => checkKey(d.code, d.file)));
    const undecided = new Set([...this.undecided].filter((k) => !fired.has(k)));
    return { diagnostics: [...this.diagnostics].sort(compareDiagnostics), checked: new Set(this.checked), undecided, facts: this.facts };
  }
}

/** The first stage at which an error occurs, or null when the run succeeds. */
export function firstFailingStage(diagnostics: readonly Diagnostic[]): Stage | null {
  const errors = diagnostics.filter((d) => d.severity === "error").sort(compareDiagnostics);
  return errors[0]?.stage ?? null;
}
