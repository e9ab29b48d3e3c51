/**
 * The pipeline simulator: a repository's whole delivery, in the order a real one meets its faults. The
 * delivery workflows run first (GitHub's parse, then jobs in `needs` order with every matrix leg); each image
 * build the run reached goes to the Dockerfile simulator with the workflow's context, file, build-args, target
 * and platforms; a build that fails stops its job there, hiding what came after it; the tags really pushed
 * join the registry, described by the image that was built; the manifests are applied to a cluster that pulls
 * from that registry; pods start, are probed and take traffic. With the scenario's world a stage runs only when
 * every earlier one succeeded, and only what ran is marked evaluated. In lint (world unknown) nothing gates:
 * every file is judged as far as its files allow, plus the cross-file rules.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostic.js";
import { compareDiagnostics } from "../diagnostic.js";
import { appForContext, DOCKER_RULES, isDockerfilePath, simulateDockerfile } from "../docker/index.js";
import { RuleEngine } from "../engine/engine.js";
import type { Image } from "../docker/image.js";
import { parseDockerfile } from "../docker/parse.js";
import { appNotServing } from "../docker/rules/app-not-serving.js";
import { documentRoots, staticSiteProblem } from "../docker/static-site.js";
import { K8S_RULES, simulateManifests } from "../k8s/index.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions, SimulationResult } from "../simulation.js";
import { Findings } from "../simulation.js";
import { isWorkflowPath, simulateWorkflowFile } from "../workflow/index.js";
import type { ImageBuild } from "../workflow/index.js";
import { parseImageRef } from "../workflow/runner/state.js";
import { readWorkflowSource } from "../workflow/source.js";
import type { World } from "../world.js";
import { isDeliveryWorkflow } from "./delivery.js";
import { manifestObjects } from "./objects.js";
import { imageConfigOf, registryAfter, repositoryKey } from "./registry.js";
import type { PushedImage } from "./registry.js";
import type { DeliveryRun, PipeFinding, PipeRule, PipelineFacts } from "./rule.js";
import { buildRules, deployRules } from "./rules/index.js";
import { dependentsOf, jobOfLeg, stepFrame } from "./steps.js";

/** Where a run stopped: a leg's step that failed after the runner had let it pass (a build, a PIPE check). */
interface Stop {
  workflow: DeliveryRun;
  leg: string;
  step: number;
}

function stoppedBefore(stops: readonly Stop[], workflow: DeliveryRun, leg: string, step: number): boolean {
  return stops.some(
    (s) => s.workflow === workflow && ((s.leg === leg && step > s.step) || dependentsOf(workflow.source, jobOfLeg(s.leg)).has(jobOfLeg(leg))),
  );
}

function diagnosticOf(rule: PipeRule, f: PipeFinding): Diagnostic {
  return { file: f.file, line: f.position.line, column: f.position.column, code: rule.code, severity: rule.severity, message: f.message, stage: rule.stage, log: f.log };
}

/**
 * Runs the delivery of a repository that has a delivery workflow.
 * @example simulatePipeline(repositoryFrom(files), parseWorld(world), { worldKnown: true })
 */
export function simulatePipeline(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
  const gated = options.worldKnown !== false;
  const findings = new Findings();
  const runs: DeliveryRun[] = [];
  const workflowFiles = [...repo.keys()].filter(isWorkflowPath).sort();
  const kept: Diagnostic[] = [];
  const runFindings = new Map<DeliveryRun, Findings>();
  let everyRunComplete = true;
  for (const file of workflowFiles) {
    const content = repo.get(file)!.content;
    const own = new Findings();
    const delivery = isDeliveryWorkflow(content);
    const run = simulateWorkflowFile(file, repo, world, options, own, { expandMatrix: delivery });
    if (!delivery || run === null) {
      findings.merge(own.result());
      if (delivery) everyRunComplete = false;
      continue;
    }
    const workflow: DeliveryRun = { file, source: readWorkflowSource(file, content), run };
    runs.push(workflow);
    runFindings.set(workflow, own);
    findings.facts.merge(own.facts);
    if (!run.complete) everyRunComplete = false;
  }

  const objects = manifestObjects(repo, world, options);
  const facts: PipelineFacts = { repo, world, worldKnown: gated, runs, builds: [], pushes: [], builtRepositories: new Set(), registry: world.registry, objects };
  const stops: Stop[] = [];
  const images = new Map<ImageBuild, Image>();
  const builtDockerfiles = new Set<string>();
  const builds: PipelineFacts["builds"][number][] = [];

  for (const workflow of runs) {
    for (const build of workflow.run.builds) {
      if (stoppedBefore(stops, workflow, build.job, build.step)) continue;
      builds.push({ workflow, build });
      // A build the pipeline judged (even one refused before BuildKit ran) is not judged again on its own.
      if (build.dockerfile !== null) builtDockerfiles.add(build.dockerfile);
      const refused = buildRules.map((rule) => ({ rule, finding: rule.check(facts, workflow, build) }));
      for (const rule of buildRules) findings.evaluated(rule.code, workflow.file);
      const refusal = refused.find((r) => r.finding !== null);
      if (refusal) {
        findings.report(diagnosticOf(refusal.rule, refusal.finding!));
        stops.push({ workflow, leg: build.job, step: build.step - 1 });
        continue;
      }
      if (build.dockerfile === null || !repo.has(build.dockerfile)) continue;
      const contextDir = build.context ?? ".";
      let failed = false;
      for (const platform of build.platforms.length > 0 ? build.platforms : [undefined]) {
        const engine = dockerEngine(world, options);
        const outcome = simulateDockerfile(engine, repo, options, {
          file: build.dockerfile,
          contextDir,
          buildArgs: new Map(Object.entries(build.buildArgs)),
          // A delivery runs its images only where it deploys them: the cluster judges the containers, not `docker run`.
          run: false,
          ...(platform ? { platform } : {}),
          ...(build.target ? { target: build.target } : {}),
        });
        const result = engine.result();
        findings.merge({ ...result, diagnostics: result.diagnostics.map((d) => inStep(d, workflow, build)) });
        if (outcome.image && !images.has(build)) images.set(build, outcome.image);
        if (outcome.image) checkStaticSite(findings, repo, world, options, build.dockerfile, contextDir, outcome.image);
        if (result.diagnostics.some((d) => d.severity === "error" && d.stage === "build")) failed = true;
      }
      // The step that built is where the job stopped: its push never happened, nor anything after it.
      if (failed) stops.push({ workflow, leg: build.job, step: build.step - 1 });
    }
  }

  for (const workflow of runs) {
    const own = runFindings.get(workflow)!.result();
    // The runner reports each failure in order; keep those a failed build did not hide.
    const failures = workflow.run.failures;
    for (const d of own.diagnostics) {
      const failure = failures.find((f) => f.position.line === d.line && f.position.column === d.column && f.rule.code === d.code && f.message === d.message);
      if (failure && stoppedBefore(stops, workflow, failure.job, failure.step)) continue;
      kept.push(d);
    }
    for (const key of own.checked) findings.checked.add(key);
  }
  for (const d of kept) findings.report(d);

  const pushes = runs.flatMap((workflow) => workflow.run.pushes.filter((p) => !stoppedBefore(stops, workflow, p.job, p.step)));
  const pushed: PushedImage[] = pushes.map((p) => ({ reference: p.reference, config: configForPush(p, builds, images, world) }));
  facts.builds = builds;
  facts.pushes = pushes;
  facts.builtRepositories = new Set(builds.flatMap((b) => b.build.tags.map(repositoryKey)));
  facts.registry = registryAfter(world, pushed);

  const failedSoFar = findings.diagnostics.some((d) => d.severity === "error");
  const delivered = everyRunComplete && stops.length === 0 && !failedSoFar;
  if (!gated || delivered) {
    findings.merge(simulateManifests(repo, { ...world, registry: facts.registry }, options, K8S_RULES));
    for (const rule of deployRules) {
      if ((rule.judges === "known-world" && !gated) || (rule.judges === "unknown-world" && gated)) continue;
      for (const f of rule.check(facts)) findings.report(diagnosticOf(rule, f));
      for (const file of new Set(objects.map((o) => o.file))) findings.evaluated(rule.code, file);
    }
  }
  // Dockerfiles no workflow builds are not part of this delivery: judged alone, once the run is known to be whole.
  if (!gated || (everyRunComplete && stops.length === 0)) {
    for (const file of [...repo.keys()].filter((p) => isDockerfilePath(p) && !builtDockerfiles.has(p)).sort()) {
      const contextDir = options.dockerContext ?? path.posix.dirname(file);
      const engine = dockerEngine(world, options);
      simulateDockerfile(engine, repo, options, { file, contextDir });
      findings.merge(engine.result());
    }
  }
  return finish(findings, options);
}

/**
 * An image built for a static app must serve the app's bundle: an empty document root builds and pushes
 * fine, and ships the web server's default page. Judged as the smoke test of the image, under DF109.
 */
function checkStaticSite(findings: Findings, repo: Repository, world: World, options: SimulationOptions, dockerfile: string, contextDir: string, image: Image): void {
  const app = appForContext(world, contextDir);
  if (app?.language !== "static" || options.worldKnown === false) return;
  findings.evaluated(appNotServing.code, dockerfile);
  const problem = staticSiteProblem(image, app);
  if (!problem) return;
  const parsed = parseDockerfile(repo.get(dockerfile)?.content ?? "");
  const final = parsed.stages[parsed.stages.length - 1];
  const roots = documentRoots(image);
  const copy = final?.instructions.find((i) => (i.keyword === "COPY" || i.keyword === "ADD") && roots.some((r) => i.args.includes(r)));
  const at = copy ?? final?.from ?? { line: 1, column: 1 };
  findings.report({
    file: dockerfile,
    line: at.line,
    column: at.column,
    code: appNotServing.code,
    severity: "error",
    message: problem[problem.length - 1]!,
    stage: "runtime",
    log: [`$ docker run -d -p ${app.port ?? 80}:${app.port ?? 80} <image>`, ...problem].join("\n"),
  });
}

function dockerEngine(world: World, options: SimulationOptions): RuleEngine {
  return new RuleEngine(DOCKER_RULES, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
}

/** A failed build's log as the workflow run shows it: inside its step, with the runner's last word. */
function inStep(d: Diagnostic, workflow: DeliveryRun, build: ImageBuild): Diagnostic {
  if (d.severity !== "error" || d.log === undefined) return d;
  const frame = stepFrame(workflow.source, build.job, build.step);
  const lines = d.log.split("\n").filter((l) => !l.startsWith("$ docker build"));
  return { ...d, log: [...frame.header, ...lines, frame.footer(lines[lines.length - 1] ?? d.message)].join("\n") };
}

/** The config of a pushed tag: the image of the build that tagged it (else the job's latest build). */
function configForPush(push: PipelineFacts["pushes"][number], builds: PipelineFacts["builds"], images: ReadonlyMap<ImageBuild, Image>, world: World) {
  const full = parseImageRef(push.reference).full;
  const candidates = builds.filter((b) => b.build.job === push.job && b.build.step <= push.step);
  const build = candidates.find((b) => b.build.tags.some((t) => parseImageRef(t).full === full)) ?? candidates[candidates.length - 1];
  const image = build ? images.get(build.build) : undefined;
  return image ? imageConfigOf(image, appForContext(world, build!.build.context ?? ".")) : {};
}

/** Identical findings from several matrix legs or platforms count once; lint keeps only the files it was given. */
function finish(findings: Findings, options: SimulationOptions): SimulationResult {
  const seen = new Set<string>();
  const diagnostics = findings.diagnostics.filter((d) => {
    const key = JSON.stringify([d.file, d.line, d.column, d.code, d.message, d.stage]);
    if (seen.has(key) || (options.only !== undefined && !options.only.has(d.file))) return false;
    seen.add(key);
    return true;
  });
  return { diagnostics: diagnostics.sort(compareDiagnostics), checked: new Set(findings.checked), facts: findings.facts };
}
