/**
 * A workflow still delivers what it delivered: a build step that pushed still pushes, one that built for
 * several platforms still builds for all of them, a cache is still exported to and read from the backend it was
 * (the GitHub Actions cache is not an inline cache), and images are still
 * tagged as before, with the build args it passed (a release version left to a Dockerfile default is no longer
 * the release's). Dropping `platforms:` makes a multi-platform build succeed on the default driver, and
 * dropping `push: true` makes a denied push go away; neither is a fix.
 *
 * A build step's inputs are read on every leg of its job: `platforms: ${{ matrix.platform }}` builds every
 * platform the matrix lists, so deleting a leg drops a platform even though the step reads the same.
 *
 * And on what the run did: once a workflow's run gets through, every tag the clean base's run pushed is pushed
 * again (a push echoed, renamed, retagged or left in a function nothing calls pushes nothing), and each image
 * repository is still built from the Dockerfile it was built from (the API's tags on the web app's image are
 * not the API).
 */
import type { WorkflowStepEvent } from "../../simulators/workflow/declared-events.js";
import type { ImageBuildEvent, ImagePushedEvent, JobLegEvent } from "../../simulators/workflow/events.js";
import type { IntentCheck, RepositoryState, Violation } from "./types.js";
import type { DeclaredWorkflow } from "./workflow-declared.js";
import { declaredWorkflows, inputOnLegs, perDeclaration } from "./workflow-declared.js";
import { pushesValue } from "./workflow.js";
import { cacheBackends } from "../../simulators/workflow/runner/cache-backends.js";
import { perState } from "./per-state.js";

interface BuildStep {
  where: string;
  push: boolean;
  platforms: Set<string>;
  /** The backends its cache exports and imports name (`gha scope=api`), over every leg. */
  cacheTo: Set<string>;
  cacheFrom: Set<string>;
  tags: number;
  /** Names of the build args it passes (`APP_VERSION` of `APP_VERSION=${{ github.ref_name }}`). */
  buildArgs: Set<string>;
  /** Image repositories the tags name (registry/name without the tag), where the workflow's text says them. */
  repositories: Set<string>;
}

/** Tags as build-push-action reads them: one per line or comma-separated, expressions kept whole. */
function tagList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** `ghcr.io/acme/app:1.0` → `ghcr.io/acme/app`; null when the repository part is an expression. */
function repositoryOf(tag: string): string | null {
  const slash = tag.lastIndexOf("/");
  const colon = tag.indexOf(":", slash + 1);
  const repo = (colon >= 0 ? tag.slice(0, colon) : tag).toLowerCase();
  return repo.includes("${{") || repo === "" ? null : repo.replace(/^docker\.io\//, "");
}

/** The names a `build-args` input sets: one `NAME=value` per line. */
function buildArgNames(text: string): string[] {
  return text
    .split("\n")
    .map((i) => i.trim().split("=")[0]!.trim())
    .filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}

function list(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function buildStep(workflow: DeclaredWorkflow, step: WorkflowStepEvent, n: number): BuildStep {
  const on = (input: string) => inputOnLegs(workflow, step, input);
  const tags = on("tags").map(tagList);
  return {
    where: `job '${step.job}', build step ${n}`,
    push: on("push").some(pushesValue),
    platforms: new Set(on("platforms").flatMap(list)),
    cacheTo: new Set(on("cache-to").flatMap(cacheBackends)),
    cacheFrom: new Set(on("cache-from").flatMap(cacheBackends)),
    tags: Math.max(0, ...tags.map((t) => t.length)),
    buildArgs: new Set(on("build-args").flatMap(buildArgNames)),
    repositories: new Set(tags.flat().map(repositoryOf).filter((r): r is string => r !== null)),
  };
}

/**
 * Build steps by job and position among the job's build steps, so an edited step is still matched; once per
 * declaration (workflow-declared.ts).
 */
const buildSteps = perDeclaration(readBuildSteps);

function readBuildSteps(workflow: DeclaredWorkflow): ReadonlyMap<string, BuildStep> {
  const out = new Map<string, BuildStep>();
  const counts = new Map<string, number>();
  for (const step of workflow.steps) {
    if (step.uses?.action !== "docker/build-push-action") continue;
    const n = (counts.get(step.job) ?? 0) + 1;
    counts.set(step.job, n);
    out.set(`${step.job}#${n}`, buildStep(workflow, step, n));
  }
  return out;
}

function changes(path: string, step: BuildStep, current: BuildStep): string[] {
  const out: string[] = [];
  if (step.push && !current.push) out.push(`${path}: ${step.where} no longer pushes`);
  const lost = [...step.platforms].filter((p) => !current.platforms.has(p));
  if (lost.length > 0) out.push(`${path}: ${step.where} no longer builds for ${lost.join(", ")}`);
  if (step.cacheTo.size > 0 && current.cacheTo.size === 0) out.push(`${path}: ${step.where} no longer exports its cache`);
  else {
    const moved = [...step.cacheTo].filter((b) => !current.cacheTo.has(b));
    if (moved.length > 0) out.push(`${path}: ${step.where} no longer exports its cache to ${moved.join(", ")}`);
  }
  const unread = [...step.cacheFrom].filter((b) => !current.cacheFrom.has(b));
  if (unread.length > 0) out.push(`${path}: ${step.where} no longer reads its cache from ${unread.join(", ")}`);
  if (current.tags < step.tags) out.push(`${path}: ${step.where} tags fewer images`);
  const dropped = [...step.buildArgs].filter((a) => !current.buildArgs.has(a));
  if (dropped.length > 0) out.push(`${path}: ${step.where} no longer passes the build arg ${dropped.join(", ")}`);
  const gone = step.push ? [...step.repositories].filter((r) => !current.repositories.has(r)) : [];
  if (gone.length > 0 && current.repositories.size > 0) out.push(`${path}: ${step.where} no longer pushes to ${gone.join(", ")}`);
  return out;
}

function violationsOf(initial: RepositoryState, current: RepositoryState): Violation[] {
  const out: Violation[] = [];
  const now = declaredWorkflows(current);
  for (const [path, workflow] of declaredWorkflows(initial)) {
    const is = now.get(path);
    if (!is) continue;
    const builds = buildSteps(is);
    for (const [key, step] of buildSteps(workflow)) {
      const current = builds.get(key);
      // A removed step is the workflow check's finding.
      if (current) for (const message of changes(path, step, current)) out.push({ check: "delivery", file: path, message });
    }
  }
  return out;
}

/** What a state's run delivered, by workflow file. */
interface Delivered {
  /** Every job leg ended in success (or was switched off): the run got through. */
  complete: boolean;
  pushed: Set<string>;
  /** Image repository → the Dockerfiles its tags were built from. */
  builtFrom: Map<string, Set<string>>;
  /** Image repository → the platforms `docker buildx build --platform` built it for (the runner's own without one). */
  cliPlatforms: Map<string, Set<string>>;
}

/** What a build without --platform builds for on a hosted x64 runner. */
const RUNNER_PLATFORM = "linux/amd64";

function computeDeliveredBy(state: RepositoryState): Map<string, Delivered> {
  const out = new Map<string, Delivered>();
  const of = (file: string) => {
    let found = out.get(file);
    if (!found) out.set(file, (found = { complete: true, pushed: new Set(), builtFrom: new Map(), cliPlatforms: new Map() }));
    return found;
  };
  // Every workflow that ran has its entry, so a run that got through and pushed nothing is compared too.
  for (const { file, event } of state.facts.of<JobLegEvent>("job-leg")) {
    const delivered = of(file);
    if (event.status !== "success" && event.status !== "switched-off") delivered.complete = false;
  }
  for (const { file, event } of state.facts.of<ImagePushedEvent>("image-pushed")) of(file).pushed.add(`${event.registry}/${event.repository}:${event.tag}`);
  for (const { file, event } of state.facts.of<ImageBuildEvent>("image-build")) {
    if (event.dockerfile === null || event.step.off) continue;
    for (const tag of event.tags) {
      const repository = repositoryOf(tag);
      if (repository === null) continue;
      const set = of(file).builtFrom.get(repository) ?? new Set<string>();
      set.add(event.dockerfile);
      of(file).builtFrom.set(repository, set);
      // build-push-action's platforms are the declared check's (changes above); the CLI's are read from its run.
      if (event.via !== "cli") continue;
      const platforms = of(file).cliPlatforms.get(repository) ?? new Set<string>();
      for (const p of event.platforms.length > 0 ? event.platforms : [RUNNER_PLATFORM]) platforms.add(p);
      of(file).cliPlatforms.set(repository, platforms);
    }
  }
  return out;
}
const deliveredBy = perState(computeDeliveredBy);

function runViolations(initial: RepositoryState, base: RepositoryState | null, current: RepositoryState): Violation[] {
  if (!base) return [];
  const out: Violation[] = [];
  const now = deliveredBy(current);
  const start = deliveredBy(initial);
  for (const [path, was] of deliveredBy(base)) {
    const is = now.get(path);
    if (!is) continue;
    for (const [repository, files] of was.builtFrom) {
      // A Dockerfile that is not there (the starting files' wrong path) fails the build: not this check's to judge.
      const built = [...(is.builtFrom.get(repository) ?? [])].filter((f) => current.repo.has(f));
      const asStarted = start.get(path)?.builtFrom.get(repository);
      // A Dockerfile moved (the base's is gone) is built from where it now is; one still there must be the one used.
      const kept = [...files].filter((f) => current.repo.has(f));
      if (built.length === 0 || kept.every((f) => built.includes(f)) || built.every((f) => asStarted?.has(f))) continue;
      out.push({ check: "delivery", file: path, message: `${path}: ${repository} is now built from ${built.join(", ")}, not ${[...files].join(", ")}` });
    }
    // Dropping --platform (or a platform from it) makes a multi-platform build pass on the docker driver.
    for (const [repository, platforms] of was.cliPlatforms) {
      const built = is.cliPlatforms.get(repository);
      const lost = built ? [...platforms].filter((p) => !built.has(p)) : [];
      if (lost.length > 0) out.push({ check: "delivery", file: path, message: `${path}: ${repository} is no longer built for ${lost.join(", ")}` });
    }
    if (!is.complete || !was.complete) continue;
    const lost = [...was.pushed].filter((t) => !is.pushed.has(t));
    if (lost.length > 0) out.push({ check: "delivery", file: path, message: `${path}: the run no longer pushes ${lost.join(", ")}` });
  }
  return out;
}

export const deliveryIntent: IntentCheck = {
  name: "delivery",
  check: ({ initial, base, current }) => [...violationsOf(initial, current), ...runViolations(initial, base, current)],
};
