/**
 * Runs every simulator that applies to a repository and merges what they find. This is the single entry the
 * episode engine, the grader and `breakfix lint` use.
 */
import type { Diagnostic } from "./diagnostic.js";
import { compareDiagnostics } from "./diagnostic.js";
import { dockerfileRequests, isDockerfileToBuild, simulateDockerfile } from "./docker/index.js";
import { RuleEngine } from "./engine/engine.js";
import { withGlobBudget } from "./glob.js";
import { isManifestPath, simulateCluster } from "./k8s/index.js";
import { isWorkflowFile, isWorkflowPath, withoutWorkflows } from "./workflow/index.js";
import { simulateWorkflow, workflowFiles } from "./workflow/simulator.js";
import { readWorkflowSource } from "./workflow/source.js";
import { WorkflowTally } from "./workflow/run-bounds.js";
import { section, sectionable, sectionsOf } from "./incremental/sections.js";
import { renderFirstFailure } from "./log.js";
import { renderHostAlerts } from "./host/alerts.js";
import { simulateHost } from "./host/simulator.js";
import { hostFiles, isHostRepository } from "./host/state.js";
import { scanRepository } from "./scan/index.js";
import { hasDeliveryWorkflow, pipelineSimulator } from "./pipeline/index.js";
import { DELIVERY_RULES } from "./pipeline/simulator.js";
import { repositoryRoots, rootOf } from "./pipeline/repositories.js";
import type { Repository } from "./repository.js";
import { repositoryFrom } from "./repository.js";
import type { SimulationOptions, SimulationResult } from "./simulation.js";
import type { World } from "./world.js";
import { EMPTY_WORLD } from "./world.js";

/**
 * Whether the cross-file pipeline takes the repository over: it has a delivery workflow (one that builds an
 * image), and the files are judged as a repository (no forced kind, no shared build context from the CLI).
 */
export function usesPipeline(repo: Repository, options: SimulationOptions): boolean {
  return options.kind === undefined && options.dockerContext === undefined && hasDeliveryWorkflow(repo);
}

/**
 * Runs the simulators on a repository. A repository with a delivery workflow runs as one pipeline (workflow →
 * build → push → deploy → runtime → traffic); any other runs each domain simulator on its own files.
 */
export function simulateRepository(repo: Repository, world: World, options: SimulationOptions = {}): SimulationResult {
  if (isHostRepository(repo)) {
    return withGlobBudget(() => {
      const result = sectionable(options) ? simulateHostAsSection(repo, world, options) : simulateHost(repo, world, options);
      result.facts.add(".", scanRepository(hostFiles(repo)));
      return result;
    });
  }
  return withGlobBudget(() => {
    const result = usesPipeline(repo, options) ? pipelineSimulator.simulate(repo, world, options) : simulateDomains(repo, world, options);
    result.facts.add(".", scanRepository(repo));
    return result;
  });
}

const NO_RULES = [] as const;

/**
 * A host's simulation as one section: the host's state is read whole (its services, configs and data feed
 * one another), so its outcome is reused on the same state, as every rollout of a scenario meets its start
 * and the states its usual fixes reach.
 */
function simulateHostAsSection(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
  const engine = new RuleEngine(NO_RULES, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
  section(engine, repo, world, `host known=${engine.env.worldKnown} context=${engine.env.context}`, (files) => engine.adopt(simulateHost(files, world, options)));
  return engine.result();
}

/** Each domain on its own files, as units of one rule engine. */
function simulateDomains(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
  const engine = new RuleEngine(DELIVERY_RULES, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
  // Each file's run, and the cluster, is a section: reused while the files it read stay the same.
  const inSection = sectionsOf(engine, repo, world, options, `known=${engine.env.worldKnown} context=${engine.env.context}`);
  const tally = new WorkflowTally();
  for (const file of workflowFiles(repo, options)) {
    const source = readWorkflowSource(file, repo.get(file)?.content ?? "");
    // A workflow lint was named outside .github/workflows/ is no repository's run: it is held to the bounds alone.
    const refusal = isWorkflowPath(file) ? tally.admit(source) : new WorkflowTally().admit(source);
    inSection(`domain workflow ${file}${refusal === null ? "" : ` refused: ${refusal}`}`, (files) => simulateWorkflow(engine, files, file, { refusal, source }));
  }
  for (const request of dockerfileRequests(repo, options)) {
    const where = request.contextUnknown ? "an unknown context" : request.contextDir;
    inSection(`domain dockerfile ${request.file} in ${where}`, (files) => simulateDockerfile(engine, files, options, request));
  }
  // Workflows are never manifests; under --kind k8s the files named are manifests, whatever their content.
  inSection("domain cluster", (files) =>
    simulateCluster(engine, options.kind === "k8s" ? files : withoutWorkflows(files, options.kind !== undefined ? options.only : undefined), world, options),
  );
  return engine.result();
}

/** The episode's error_message: the log of the first failing stage, or null when nothing fails. */
export function renderErrorMessage(diagnostics: readonly Diagnostic[]): string | null {
  // A simulated host has no pipeline order: its alerts are listed by urgency (simulators/host/alerts.ts).
  if (diagnostics.some((d) => d.code.startsWith("HOST"))) return renderHostAlerts(diagnostics);
  return renderFirstFailure([...diagnostics].sort(compareDiagnostics));
}

export type LintKind = "auto" | "dockerfile" | "workflow" | "k8s";

export interface LintFile {
  path: string;
  content: string;
  mode: number;
  /** false: the file is only context (a Dockerfile's COPY source), not itself checked. */
  check?: boolean;
}

export interface LintOptions {
  kind: LintKind;
  /** false: skip the checks that need a build context. */
  context: boolean;
  /** `lint --context DIR`: the build context of every Dockerfile, as a path among the files ("." for their root). */
  dockerContext?: string;
}

/** The kind of a file from its name and content, or null when it is none breakfix checks. */
export function detectKind(path: string, content: string): Exclude<LintKind, "auto"> | null {
  if (isDockerfileToBuild(path, content)) return "dockerfile";
  if (isWorkflowPath(path)) return "workflow";
  // kubectl reads .json manifests as well; no other tool here does.
  if (/\.json$/i.test(path)) return isManifestPath(path, content) ? "k8s" : null;
  if (!/\.ya?ml$/i.test(path)) return null;
  if (isWorkflowFile(path, content)) return "workflow";
  if (isManifestPath(path, content)) return "k8s";
  return null;
}

/**
 * Lints a user's files with an empty world: only what the files themselves show is reported. Files of other
 * kinds ride along as the build context (a Dockerfile's COPY sources) but are not checked themselves. Each
 * repository among the files (a directory holding `.github/`) is simulated on its own; one with a delivery
 * workflow also gets the cross-file checks: its builds run with the workflow's context, build-args and target,
 * and its manifests are judged against what the workflow pushes. A workflow outside `.github/workflows/`
 * (see withoutWorkspace) runs without the workspace checks.
 */
export function lintFiles(files: readonly LintFile[], options: LintOptions): Diagnostic[] {
  const forced = options.kind === "auto" ? undefined : options.kind;
  const loose = new Set(withoutWorkspace(files, options.kind));
  const isTarget = (f: LintFile): boolean => f.check !== false && !loose.has(f) && (forced !== undefined || detectKind(f.path, f.content) !== null);
  const lint = (group: readonly LintFile[], prefix: string, context: boolean, targetOf: (f: LintFile) => boolean): Diagnostic[] => {
    const repo = repositoryFrom(Object.fromEntries(group.map((f) => [f.path.slice(prefix.length), { content: f.content, mode: f.mode }])));
    const targets = new Set(group.filter(targetOf).map((f) => f.path.slice(prefix.length)));
    if (targets.size === 0) return [];
    const given = prefix === "" && options.dockerContext !== undefined ? { dockerContext: options.dockerContext } : {};
    const result = simulateRepository(repo, EMPTY_WORLD, { context, worldKnown: false, only: targets, ...given, ...(forced ? { kind: forced } : {}) });
    return result.diagnostics.map((d) => ({ ...d, file: prefix + d.file }));
  };
  // Each repository runs on its own, its paths as its workflows see them (a pipeline when it has a delivery
  // workflow). Under one given build context the files are that context's, and run together.
  const roots = options.dockerContext !== undefined ? [] : repositoryRoots(files);
  const diagnostics = roots.flatMap((root) => lint(files.filter((f) => rootOf(f.path, roots) === root), root, options.context, isTarget));
  diagnostics.push(...lint(files.filter((f) => rootOf(f.path, roots) === null), "", options.context, isTarget));
  diagnostics.push(...lint([...loose], "", false, () => true));
  return diagnostics.sort(compareDiagnostics);
}

/**
 * The workflows among the files to check that GitHub would not run from where they are (content detected
 * elsewhere, or `--kind workflow` on any file): no repository's workspace is known for them, so the files their
 * steps read are not judged.
 */
export function withoutWorkspace<F extends LintFile>(files: readonly F[], kind: LintKind): F[] {
  return files.filter((f) => f.check !== false && !isWorkflowPath(f.path) && (kind === "auto" ? detectKind(f.path, f.content) : kind) === "workflow");
}

export { EMPTY_WORLD };
