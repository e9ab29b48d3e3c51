/**
 * The Dockerfile simulator: for each Dockerfile, the static checks docker build makes while parsing, the build
 * model run step by step, then the container started from the image. Diagnostics carry the log docker would
 * print, and the evaluated checks say how far a real run would have got.
 */
import path from "node:path";
import type { Repository } from "../repository.js";
import type { Failure, UnitRun } from "../engine/engine.js";
import { RuleEngine } from "../engine/engine.js";
import type { SimulationOptions } from "../simulation.js";
import { filesToCheck } from "../simulation.js";
import type { App, World } from "../world.js";
import { runBuild } from "./build.js";
import type { Image } from "./image.js";
import { checkEntryPlatform, runContainer } from "./container.js";
import { composeContexts } from "./compose-contexts.js";
import { buildContext } from "./context.js";
import { buildLog, runLog } from "./log.js";
import { declaredDockerfile } from "./declared.js";
import { DOCKER_DOMAIN } from "./events.js";
import type { AppStartEvent, DockerEvent, DockerfileDeclaredEvent, DockerUnit, ImageStartEvent } from "./events.js";
import type { BuildStage, ParsedDockerfile } from "./parse.js";
import { parseDockerfile } from "./parse.js";
import { documentRoots, staticSiteProblem } from "./static-site.js";
import { DOCKER_RULES } from "./rules/index.js";
import { globalArgValues } from "./stages.js";

export { DOCKER_RULES };

const DOCKERFILE_NAME = /(^|\/)(Dockerfile|Containerfile)(\.[\w.-]+)?$|\.(dockerfile|Dockerfile)$/;

export function isDockerfilePath(p: string): boolean {
  return DOCKERFILE_NAME.test(p);
}

/** The endings of a template that a script renders into a Dockerfile (Dockerfile.template, Dockerfile.j2 ...). */
const TEMPLATE_SUFFIX = /\.(template|tmpl|tpl|j2|jinja2?|erb|in|mustache|hbs|gotmpl|ejs)$/i;
/** Template markup: jq's and Go's and Jinja's `{{ }}`, Jinja's `{% %}`, ERB's and EJS's `<% %>`. */
const TEMPLATE_MARKUP = /\{\{|\{%|<%/;

/**
 * Whether a file is a Dockerfile docker build reads as it is: one named as a template that holds template
 * markup (docker-library/wordpress's Dockerfile.template, `FROM php:{{ env.phpVersion }}-...`) is rendered by
 * a script first, and what that makes of it is unknown here. A template name without markup is a Dockerfile
 * built with -f, and judged.
 */
export function isDockerfileToBuild(p: string, content: string): boolean {
  return isDockerfilePath(p) && !(TEMPLATE_SUFFIX.test(p) && TEMPLATE_MARKUP.test(content));
}

/** The world's app that a build context holds. */
export function appForContext(world: World, contextDir: string): App | undefined {
  return world.apps.find((a) => path.posix.normalize(a.root) === path.posix.normalize(contextDir));
}

export interface DockerfileRequest {
  file: string;
  contextDir: string;
  /** Which directory it is built from is not known (compose builds it from several): the context is not read. */
  contextUnknown?: boolean;
  buildArgs?: ReadonlyMap<string, string>;
  /** false: build only (the pipeline runs containers elsewhere, or not at all). */
  run?: boolean;
  /** The target platform (`--platform`), e.g. linux/arm64; the runner's own, linux/amd64, when absent. */
  platform?: string;
  /** The stage to build (`--target`); the caller has checked that it exists. The last stage when absent. */
  target?: string;
  /** The build runs in a step that continues on error: its findings are warnings. */
  soft?: boolean;
  /**
   * With `run: false`: start the container aside all the same, and record only whether it served (an
   * `image-start` fact), for an image nothing here runs, whose start nothing else would judge.
   */
  probeStart?: boolean;
}

/** The build host: GitHub's hosted runners and most workstations. */
const BUILD_PLATFORM = "linux/amd64";

/**
 * BuildKit's automatic platform ARGs. They live in the global scope, so a stage sees them only after
 * re-declaring them (`ARG TARGETARCH`), exactly like a global ARG.
 */
export function platformArgs(target: string = BUILD_PLATFORM): Map<string, string> {
  const args = new Map<string, string>();
  for (const [prefix, platform] of [["BUILD", BUILD_PLATFORM], ["TARGET", target]] as const) {
    const [os = "linux", arch = "amd64", variant = ""] = platform.split("/");
    args.set(`${prefix}PLATFORM`, platform);
    args.set(`${prefix}OS`, os);
    args.set(`${prefix}ARCH`, arch);
    args.set(`${prefix}VARIANT`, variant);
  }
  return args;
}

export interface DockerfileOutcome {
  image: Image | null;
  /** A rule stopped the build or the container (or a base image could not be had). */
  failed: boolean;
  /** The rule failure that stopped it, when one did (a base image that cannot be had is DF003's, reported statically). */
  failure?: Failure;
}

/**
 * Builds one Dockerfile (and, unless the request says not to, starts its container) as a unit of `engine`:
 * the static checks, the build model step by step, then the container started from the image.
 */
export function simulateDockerfile(engine: RuleEngine, repo: Repository, options: SimulationOptions, request: DockerfileRequest): DockerfileOutcome {
  const { world } = engine.env;
  const { file, contextDir } = request;
  const content = repo.get(file)?.content;
  if (content === undefined) return { image: null, failed: false };
  const unit = engine.unit<DockerEvent, DockerUnit>(DOCKER_DOMAIN, file, { file }, { soft: request.soft === true });
  const parsed = parseDockerfile(content);
  const context = engine.env.context && request.contextUnknown !== true ? buildContext(repo, contextDir) : null;
  const globalArgs = new Map([...platformArgs(request.platform), ...globalArgValues(parsed, request.buildArgs)]);
  unit.emit({ type: "dockerfile-declared", file, declared: declaredDockerfile(parsed, globalArgs) });
  const statics = unit.emit({ type: "dockerfile", file, parsed, contextDir, globalArgs });
  // A real build stops at the first error. A scenario is judged the same way; lint goes on to report what the
  // build steps would meet too, as a linter should.
  if (statics.failed && engine.env.worldKnown) {
    unit.stop([]);
    return { image: null, failed: true, failure: statics.failed };
  }
  if (!context || parsed.stages.length === 0) {
    unit.stop([]);
    return { image: null, failed: statics.failed !== null };
  }
  unit.enter("build");
  const app = appForContext(world, contextDir);
  const target = request.target === undefined ? undefined : parsed.stages.find((s) => s.name === request.target!.toLowerCase());
  const outcome = runBuild({
    parsed,
    context,
    world,
    globalArgs,
    buildArgs: request.buildArgs ?? new Map(),
    apps: app ? [app] : world.apps,
    strict: engine.env.worldKnown,
    unit,
    ...(target ? { target } : {}),
  });
  if (outcome.failure) {
    const { failure, label, instruction } = outcome.failure;
    failure.diagnostic.log = buildLog({
      dockerfilePath: file,
      contextDir,
      parsed,
      stepsBefore: outcome.stepsDone,
      ...(label === null ? {} : { failing: { label, ...(instruction ? { instruction } : {}), output: [...failure.output] } }),
      error: failure.diagnostic.message,
    });
    return { image: null, failed: true, failure };
  }
  const image = outcome.image;
  if (!image) return { image: null, failed: true };
  unit.emit({ type: "image-built", file, image, platform: request.platform, steps: outcome.stepsDone, stages: outcome.stages ?? [] });
  const platform = request.platform ?? BUILD_PLATFORM;
  if (request.run === false) {
    // Whoever runs the pushed image runs it on its platform: a program compiled for another never starts there.
    const foreign = checkEntryPlatform({ image, world, worldKnown: engine.env.worldKnown, repo, unit, fromLine: (target ?? parsed.stages[parsed.stages.length - 1]!).from.line, platform });
    if (foreign) {
      foreign.diagnostic.log = runLog(`docker run --rm --platform ${platform} <image>`, foreign.output);
      unit.stop([]);
      return { image, failed: true, failure: foreign };
    }
    if (request.probeStart) probeStart(engine, repo, parsed, image, app, target, file);
    return smokeTestSite(unit, engine, parsed, image, app, target);
  }
  const finalStage = target ?? parsed.stages[parsed.stages.length - 1]!;
  const userLine = [...finalStage.instructions].reverse().find((i) => i.keyword === "USER")?.line ?? finalStage.from.line;
  const failure = runContainer({ image, world, worldKnown: engine.env.worldKnown, repo, app, fromLine: finalStage.from.line, userLine, unit, platform });
  if (failure) {
    const port = app?.port;
    const flags = [
      world.docker_run.network === "host" ? "--network host" : port ? `-p ${port}:${port}` : "",
      ...Object.entries(world.docker_run.env).map(([k, v]) => `-e ${k}=${v}`),
    ].filter(Boolean);
    const command = ["docker run --rm", ...flags, "app", ...world.docker_run.args].join(" ");
    failure.diagnostic.log = runLog(command, failure.output);
  }
  return { image, failed: failure !== null };
}

/**
 * Starts the container of an image built only to be pushed, in an engine of its own so that none of its
 * findings or evaluated checks join the simulation's: the outcome is recorded as a fact (did the app start and
 * serve, or what stopped it), for the grader to compare with the clean base's.
 */
function probeStart(engine: RuleEngine, repo: Repository, parsed: ParsedDockerfile, image: Image, app: App | undefined, target: BuildStage | undefined, file: string): void {
  if (!app || app.language === "static" || !engine.env.worldKnown) return;
  const aside = new RuleEngine(DOCKER_RULES, engine.env);
  const unit = aside.unit<DockerEvent, DockerUnit>(DOCKER_DOMAIN, file, { file });
  const finalStage = target ?? parsed.stages[parsed.stages.length - 1]!;
  const userLine = [...finalStage.instructions].reverse().find((i) => i.keyword === "USER")?.line ?? finalStage.from.line;
  const failure = runContainer({ image, world: engine.env.world, worldKnown: true, repo, app, fromLine: finalStage.from.line, userLine, unit });
  const decided = failure !== null || aside.facts.of<AppStartEvent>("app-start").length > 0;
  const event: ImageStartEvent = { type: "image-start", file, serving: failure === null && decided, decided, failure: failure ? `${failure.rule.code}: ${failure.diagnostic.message}` : null };
  engine.facts.add(file, event);
}

/**
 * A build the pipeline only pushes still gets its image's smoke test when it is a static site: what its web
 * server's document root serves (an empty or unbuilt root builds and pushes fine, and ships the server's
 * default page). Other images are judged where they are deployed.
 */
function smokeTestSite(unit: UnitRun<DockerEvent, DockerUnit>, engine: RuleEngine, parsed: ParsedDockerfile, image: Image, app: App | undefined, target: BuildStage | undefined): DockerfileOutcome {
  if (app?.language !== "static" || !engine.env.worldKnown) {
    unit.enter("exec").stop();
    return { image, failed: false };
  }
  const final = target ?? parsed.stages[parsed.stages.length - 1]!;
  const roots = documentRoots(image);
  const copy = final.instructions.find((i) => (i.keyword === "COPY" || i.keyword === "ADD") && roots.some((r) => i.args.includes(r)));
  const problem = staticSiteProblem(image, app);
  unit.enter("serve");
  const verdict = unit.emit({ type: "container-outcome", app, serving: problem === null, staticProblem: problem, line: (copy ?? final.from).line });
  if (!verdict.failed) {
    unit.finish();
    return { image, failed: false };
  }
  const port = app.port ?? 80;
  verdict.failed.diagnostic.log = [`$ docker run -d -p ${port}:${port} <image>`, ...(problem ?? [])].join("\n");
  unit.stop([]);
  return { image, failed: true, failure: verdict.failed };
}

/**
 * Records what a Dockerfile declares without building it: a delivery that stopped before its build still has a
 * Dockerfile whose stages, RUN commands and final-stage instructions a later state can be compared with.
 */
export function declareDockerfile(engine: RuleEngine, repo: Repository, file: string): void {
  const content = repo.get(file)?.content;
  if (content === undefined) return;
  const parsed = parseDockerfile(content);
  const globalArgs = new Map([...platformArgs(), ...globalArgValues(parsed, undefined)]);
  const event: DockerfileDeclaredEvent = { type: "dockerfile-declared", file, declared: declaredDockerfile(parsed, globalArgs) };
  engine.facts.add(file, event);
}

/**
 * The context a Dockerfile is built from when no workflow builds it: `--context DIR`; else the one the
 * repository's compose files give it; else its own directory. Built by compose from several directories, or
 * from one that cannot be read, its context is unknown and nothing that reads the context is judged.
 */
export function standaloneContext(repo: Repository, file: string, options: SimulationOptions): Pick<DockerfileRequest, "contextDir" | "contextUnknown"> {
  if (options.dockerContext !== undefined) return { contextDir: options.dockerContext };
  const own = path.posix.dirname(file) === "." ? "." : path.posix.dirname(file);
  const composed = composeContexts(repo).get(file);
  if (composed === undefined) return { contextDir: own };
  return composed.dir === null ? { contextDir: own, contextUnknown: true } : { contextDir: composed.dir };
}

/** The Dockerfiles a repository's own run builds, each from its standalone context. */
export function dockerfileRequests(repo: Repository, options: SimulationOptions): DockerfileRequest[] {
  return filesToCheck(repo, options, "dockerfile", isDockerfileToBuild).map((file) => ({ file, ...standaloneContext(repo, file, options) }));
}
