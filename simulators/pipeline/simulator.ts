/**
 * The pipeline simulator: a repository's whole delivery as units of one rule engine, in the order a real one
 * meets its faults. The delivery workflows run (GitHub's parse, then jobs in `needs` order with every matrix
 * leg); each image build a step asks for is handed, there and then, to the Dockerfile simulator with the
 * workflow's context, file, build args, target and platforms, and a build that fails fails its step, so the
 * job stops there as it would on GitHub; the tags really pushed join the registry, described by the image that
 * was built; the manifests are applied to a cluster that pulls from that registry; pods start, are probed and
 * take traffic. With the scenario's world the cluster runs only when the delivery succeeded; in lint (world
 * unknown) every file is judged as far as its files allow.
 */
import path from "node:path";
import { diagnosticKey } from "../diagnostic.js";
import { appForContext, declareDockerfile, DOCKER_RULES, isDockerfileToBuild, simulateDockerfile, standaloneContext } from "../docker/index.js";
import type { DockerfileDeclaredEvent } from "../docker/events.js";
import type { Image } from "../docker/image.js";
import { parseDockerfile } from "../docker/parse.js";
import { RuleEngine } from "../engine/engine.js";
import type { UnitRun } from "../engine/engine.js";
import { withGlobBudget } from "../glob.js";
import { K8S_RULES } from "../k8s/index.js";
import { simulateCluster } from "../k8s/simulator.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions, SimulationResult } from "../simulation.js";
import { isWorkflowPath, WORKFLOW_RULES, withoutWorkflows } from "../workflow/index.js";
import type { ImageBuild, WorkflowRun } from "../workflow/index.js";
import { simulateWorkflow } from "../workflow/simulator.js";
import type { BuildResult } from "../workflow/runner/state.js";
import { parseImageRef } from "../workflow/runner/state.js";
import type { World } from "../world.js";
import { isDeliveryWorkflow } from "./delivery.js";
import { PIPELINE_DOMAIN } from "./events.js";
import type { PipelineEvent, PipelineUnit } from "./events.js";
import { manifestObjects } from "./objects.js";
import { deliveryNamespaces, imageConfigOf, registryAfter, repositoryKey } from "./registry.js";
import { PIPELINE_RULES } from "./rules/index.js";
import { stepPosition } from "./steps.js";
import { judgeUnknownArgs } from "./unknown-args.js";
import { readWorkflowSource } from "../workflow/source.js";
import { WorkflowTally } from "../workflow/run-bounds.js";
import type { WorkflowSource } from "../workflow/source.js";
import { sectionsOf } from "../incremental/sections.js";

/** Every rule the pipeline runs: each domain's and its own. */
export const DELIVERY_RULES = [...WORKFLOW_RULES, ...DOCKER_RULES, ...K8S_RULES, ...PIPELINE_RULES] as const;

/** What one delivery workflow's run produced: the run (null: GitHub refused the file) and its builds. */
interface Delivered {
  run: WorkflowRun | null;
  images: readonly (readonly [ImageBuild, Image])[];
  dockerfiles: readonly string[];
}

/** Runs one delivery workflow, each image build it asks for handed to the Dockerfile simulator. */
function deliverWorkflow(engine: RuleEngine, repo: Repository, options: SimulationOptions, file: string, deploys: boolean, admitted: { refusal: string | null; source: WorkflowSource }): Delivered {
  const builds: Builds = { images: new Map(), dockerfiles: new Set(), deploys };
  // The builds this workflow asks for are its pipeline unit's: judged in full once its run went through.
  const unit = engine.unit<PipelineEvent, PipelineUnit>(PIPELINE_DOMAIN, file, { file });
  const run = simulateWorkflow(engine, repo, file, { expandMatrix: true, imageBuilder: imageBuilder(unit, engine, repo, options, file, builds), ...admitted });
  if (run?.complete) unit.finish();
  else unit.stop();
  return { run, images: [...builds.images], dockerfiles: [...builds.dockerfiles] };
}

/** What building one delivery's images produced, for the registry and the Dockerfiles judged alone. */
interface Builds {
  images: Map<ImageBuild, Image>;
  dockerfiles: Set<string>;
  /** The repository has manifests: the cluster it deploys to runs its images. */
  deploys: boolean;
}

/**
 * The image builder a delivery workflow's run is given: the cross-file checks of the build (PIPE rules on the
 * workflow's unit), then the Dockerfile simulator for each platform. A failed build fails the step with
 * BuildKit's output; the image of the first platform describes what the step pushes.
 */
function imageBuilder(unit: UnitRun<PipelineEvent, PipelineUnit>, engine: RuleEngine, repo: Repository, options: SimulationOptions, file: string, builds: Builds) {
  const source = readWorkflowSource(file, repo.get(file)?.content ?? "");
  return (build: ImageBuild, how: { soft: boolean }): BuildResult => {
    if (build.dockerfile !== null) builds.dockerfiles.add(build.dockerfile);
    const content = build.dockerfile === null ? undefined : repo.get(build.dockerfile)?.content;
    const stages = content === undefined ? null : parseDockerfile(content).stages.map((s) => s.name).filter((n): n is string => n !== null);
    const at = stepPosition(source, build.job, build.step, build.target === null ? undefined : "target");
    const refused = unit.emit({ type: "build-requested", file, build, at, stages: stages ?? null }, { soft: how.soft });
    if (refused.failed) return { failure: { failure: refused.failed, type: "image-build" }, output: refused.failed.output };
    // Without its Dockerfile, or with a target stage we cannot name, the build itself is not simulated.
    if (build.dockerfile === null || content === undefined || build.targetUnknown) return { failure: null };
    for (const platform of build.platforms.length > 0 ? build.platforms : [undefined]) {
      const request = {
        file: build.dockerfile,
        contextDir: build.context ?? ".",
        buildArgs: new Map(Object.entries(build.buildArgs)),
        // A delivery runs its images only where it deploys them: the cluster judges the containers, not `docker run`.
        // One that deploys nothing here ships them to be run elsewhere: each is started aside, as a fact only.
        run: false,
        probeStart: !builds.deploys,
        soft: how.soft,
        ...(platform ? { platform } : {}),
        ...(build.target ? { target: build.target } : {}),
      };
      const outcome = simulateDockerfile(engine, repo, options, request);
      if (outcome.image && !builds.images.has(build)) builds.images.set(build, outcome.image);
      const failure = outcome.failure;
      if (!failure) judgeUnknownArgs(engine, DELIVERY_RULES, repo, options, request, build.unknownArgs);
      if (failure && failure.rule.stage === "build" && failure.diagnostic.severity === "error") {
        // The step's log shows BuildKit's output as the runner prints it (without the shell's command line).
        const lines = (failure.diagnostic.log ?? failure.diagnostic.message).split("\n").filter((l) => !l.startsWith("$ docker build") && !l.startsWith("#0 building with"));
        const output = lines.slice(lines.findIndex((l) => l.trim() !== ""));
        return { failure: { failure, type: "image-build" }, output };
      }
    }
    return { failure: null };
  };
}

/** The config of a pushed tag: the image of the build that tagged it (else the job's latest build). */
function configForPush(push: WorkflowRun["pushes"][number], runs: readonly WorkflowRun[], images: ReadonlyMap<ImageBuild, Image>, world: World, repo: Repository) {
  const full = parseImageRef(push.reference).full;
  const candidates = runs.flatMap((r) => r.builds).filter((b) => b.job === push.job && b.step <= push.step);
  const build = candidates.find((b) => b.tags.some((t) => parseImageRef(t).full === full)) ?? candidates[candidates.length - 1];
  const image = build ? images.get(build) : undefined;
  return image ? imageConfigOf(image, appForContext(world, build!.context ?? "."), repo) : {};
}

/**
 * Runs the delivery of a repository that has a delivery workflow.
 * @example simulatePipeline(repositoryFrom(files), parseWorld(world), { worldKnown: true })
 */
export function simulatePipeline(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
  return withGlobBudget(() => deliver(repo, world, options));
}

/** The delivery itself, within one glob budget. */
function deliver(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
  const gated = options.worldKnown !== false;
  const engine = new RuleEngine(DELIVERY_RULES, { world, worldKnown: gated, context: options.context !== false });
  const builds: Builds = { images: new Map(), dockerfiles: new Set(), deploys: manifestObjects(repo, world, options).length > 0 };
  const runs: WorkflowRun[] = [];
  const deliveries: string[] = [];
  let everyRunComplete = true;
  // What a section reads besides files: the engine's environment and what the caller decided before it.
  const setting = `known=${gated} context=${options.context !== false} deploys=${builds.deploys}`;
  const inSection = sectionsOf(engine, repo, world, options, setting);
  const tally = new WorkflowTally();
  for (const file of [...repo.keys()].filter(isWorkflowPath).sort()) {
    const content = repo.get(file)!.content;
    const delivery = isDeliveryWorkflow(content);
    // A delivery runs every leg of its matrices, each counted as a job.
    const source = readWorkflowSource(file, content);
    const refusal = tally.admit(source, delivery);
    const refused = refusal === null ? "" : ` refused: ${refusal}`;
    if (!delivery) {
      inSection(`workflow ${file}${refused}`, (files) => simulateWorkflow(engine, files, file, { refusal, source }));
      continue;
    }
    const delivered = inSection(`delivery ${file}${refused}`, (files) => deliverWorkflow(engine, files, options, file, builds.deploys, { refusal, source }));
    for (const [build, image] of delivered.images) builds.images.set(build, image);
    for (const dockerfile of delivered.dockerfiles) builds.dockerfiles.add(dockerfile);
    const run = delivered.run;
    deliveries.push(file);
    if (run === null || !run.complete) everyRunComplete = false;
    if (run) runs.push(run);
  }

  const pushes = runs.flatMap((r) => r.pushes);
  const registry = registryAfter(world, pushes.map((p) => ({ reference: p.reference, config: configForPush(p, runs, builds.images, world, repo) })));
  const failedSoFar = engine.current().some((d) => d.severity === "error");
  if (!gated || (everyRunComplete && !failedSoFar)) {
    const tagged = runs.flatMap((r) => r.builds).flatMap((b) => b.tags.map((t) => parseImageRef(t)));
    const closed = gated ? deliveryNamespaces(world, [...pushes, ...tagged]) : [];
    const built = new Set(runs.flatMap((r) => r.builds).flatMap((b) => b.tags.map(repositoryKey)));
    // What the workflows push when they run through, not only what this run reached: an earlier failure is its own finding.
    const pushed = new Set([...pushes.map((p) => `${p.registry}/${p.repository}`), ...runs.flatMap((r) => r.builds).filter((b) => b.pushed).flatMap((b) => b.tags.map(repositoryKey))]);
    const delivery = { registry, closed, pushes, built: [...built].sort(), pushed: [...pushed].sort(), deliveries };
    inSection(`cluster ${JSON.stringify(delivery)}`, (files) => {
      // Workflows are never manifests, whatever directory holds them.
      const manifests = withoutWorkflows(files);
      simulateCluster(engine, manifests, { ...world, registry, registry_namespaces: [...world.registry_namespaces, ...closed] });
      const objects = manifestObjects(manifests, world, options);
      for (const file of [...new Set(objects.map((o) => o.file))].sort()) {
        const unit = engine.unit<PipelineEvent, PipelineUnit>(PIPELINE_DOMAIN, file, { file });
        unit.enter("deploy").emit({ type: "delivery-deployed", file, objects: objects.filter((o) => o.file === file), workflows: deliveries, pushes, built, pushed, registry });
        unit.finish();
      }
    });
  }
  // Dockerfiles no workflow builds are not part of this delivery: judged alone, once the run is known to be whole.
  if (!gated || everyRunComplete) {
    for (const file of [...repo.keys()].filter((p) => isDockerfileToBuild(p, repo.get(p)?.content ?? "") && !builds.dockerfiles.has(p)).sort()) {
      const context = standaloneContext(repo, file, options);
      const where = context.contextUnknown ? "an unknown context" : context.contextDir;
      inSection(`dockerfile ${file} in ${where}`, (files) => simulateDockerfile(engine, files, options, { file, ...context }));
    }
  }
  // What every Dockerfile declares is a fact even where the run never reached its build.
  const declared = new Set(engine.facts.of<DockerfileDeclaredEvent>("dockerfile-declared").map((f) => f.event.file));
  for (const file of [...repo.keys()].filter((p) => isDockerfileToBuild(p, repo.get(p)?.content ?? "") && !declared.has(p)).sort()) declareDockerfile(engine, repo, file);
  return finish(engine.result(), options);
}

/** Identical findings from several matrix legs or platforms count once; lint keeps only the files it was given. */
function finish(result: SimulationResult, options: SimulationOptions): SimulationResult {
  const seen = new Set<string>();
  const diagnostics = result.diagnostics.filter((d) => {
    const key = diagnosticKey(d);
    if (seen.has(key) || (options.only !== undefined && !options.only.has(d.file))) return false;
    seen.add(key);
    return true;
  });
  return { ...result, diagnostics };
}
