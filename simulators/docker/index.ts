/**
 * The Dockerfile simulator: for each Dockerfile, the static checks docker build makes while parsing, the build
 * model run step by step, then the container started from the image. Diagnostics carry the log docker would
 * print, and the evaluated checks say how far a real run would have got.
 */
import path from "node:path";
import type { Repository } from "../repository.js";
import type { SimulationOptions, SimulationResult, Simulator } from "../simulation.js";
import { filesToCheck, Findings } from "../simulation.js";
import type { App, World } from "../world.js";
import { runBuild } from "./build.js";
import type { Image } from "./image.js";
import { runContainer } from "./container.js";
import { buildContext } from "./context.js";
import { buildLog, runLog } from "./log.js";
import { parseDockerfile } from "./parse.js";
import type { DockerRule } from "./rule.js";
import { diagnosticAt } from "./rule.js";
import { BUILD_RULES, DOCKER_RULES, RUNTIME_RULES, STATIC_RULES } from "./rules/index.js";
import { globalArgValues } from "./stages.js";

export { DOCKER_RULES };

const DOCKERFILE_NAME = /(^|\/)(Dockerfile|Containerfile)(\.[\w.-]+)?$|\.(dockerfile|Dockerfile)$/;

export function isDockerfilePath(p: string): boolean {
  return DOCKERFILE_NAME.test(p);
}

/** The world's app that a build context holds. */
export function appForContext(world: World, contextDir: string): App | undefined {
  return world.apps.find((a) => path.posix.normalize(a.root) === path.posix.normalize(contextDir));
}

export interface DockerfileRequest {
  file: string;
  contextDir: string;
  buildArgs?: ReadonlyMap<string, string>;
  /** false: build only (the pipeline runs containers elsewhere, or not at all). */
  run?: boolean;
  /** The target platform (`--platform`), e.g. linux/arm64; the runner's own, linux/amd64, when absent. */
  platform?: string;
  /** The stage to build (`--target`); the caller has checked that it exists. The last stage when absent. */
  target?: string;
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

export interface DockerfileResult extends SimulationResult {
  image: Image | null;
}

export function simulateDockerfile(repo: Repository, world: World, options: SimulationOptions, request: DockerfileRequest): DockerfileResult {
  const findings = new Findings();
  const { file, contextDir } = request;
  const content = repo.get(file)?.content;
  if (content === undefined) return { ...findings.result(), image: null };
  const parsed = parseDockerfile(content);
  const withContext = options.context !== false;
  const context = withContext ? buildContext(repo, contextDir) : null;
  const globalArgs = new Map([...platformArgs(request.platform), ...globalArgValues(parsed, request.buildArgs)]);
  let rule: DockerRule = STATIC_RULES[0]!;
  const ctx = {
    file,
    parsed,
    repo,
    world,
    options,
    context,
    globalArgs,
    report: (at: Parameters<typeof diagnosticAt>[2], message: string, log?: string) => findings.report(diagnosticAt(rule, file, at, message, log)),
  };
  for (const r of STATIC_RULES) {
    rule = r;
    r.check?.(ctx);
    findings.evaluated(r.code, file);
  }
  // A real build stops at the first error. A scenario is judged the same way; lint goes on to report what the
  // build steps would meet too, as a linter should.
  const blocked = findings.diagnostics.some((d) => d.severity === "error") && options.worldKnown !== false;
  if (blocked || !context || parsed.stages.length === 0) return { ...findings.result(), image: null };

  const app = appForContext(world, contextDir);
  const target = request.target === undefined ? undefined : parsed.stages.find((s) => s.name === request.target!.toLowerCase());
  const outcome = runBuild({
    parsed,
    context,
    world,
    globalArgs,
    buildArgs: request.buildArgs ?? new Map(),
    apps: app ? [app] : world.apps,
    strict: options.worldKnown !== false,
    ...(target ? { target } : {}),
  });
  if (outcome.failure) {
    const f = outcome.failure;
    findings.report(
      diagnosticAt(f.rule, file, f.instruction, f.message, buildLog({
        dockerfilePath: file,
        contextDir,
        parsed,
        stepsBefore: outcome.stepsDone,
        failing: { label: f.label, instruction: f.instruction, output: f.output },
        error: f.message,
      })),
    );
    return { ...findings.result(), image: null };
  }
  for (const r of BUILD_RULES) findings.evaluated(r.code, file);
  const image = outcome.image;
  if (!image || request.run === false) return { ...findings.result(), image };

  const finalStage = target ?? parsed.stages[parsed.stages.length - 1]!;
  const userLine = [...finalStage.instructions].reverse().find((i) => i.keyword === "USER")?.line ?? finalStage.from.line;
  const run = runContainer({ image, world, worldKnown: options.worldKnown !== false, repo, app, fromLine: finalStage.from.line, userLine });
  for (const code of run.evaluated) findings.evaluated(code, file);
  if (run.failure) {
    const f = run.failure;
    const port = app?.port;
    const flags = [
      world.docker_run.network === "host" ? "--network host" : port ? `-p ${port}:${port}` : "",
      ...Object.entries(world.docker_run.env).map(([k, v]) => `-e ${k}=${v}`),
    ].filter(Boolean);
    const command = ["docker run --rm", ...flags, "app", ...world.docker_run.args].join(" ");
    const rule = RUNTIME_RULES.find((r) => r.code === f.rule.code) ?? f.rule;
    findings.report(diagnosticAt(rule, file, { line: f.line, column: 1 }, f.message, runLog(command, f.output)));
  }
  return { ...findings.result(), image };
}

export const dockerSimulator: Simulator = {
  domain: "dockerfile",
  simulate(repo: Repository, world: World, options: SimulationOptions): SimulationResult {
    const findings = new Findings();
    for (const file of filesToCheck(repo, options, "dockerfile", (p) => isDockerfilePath(p))) {
      const contextDir = options.dockerContext ?? (path.posix.dirname(file) === "." ? "." : path.posix.dirname(file));
      findings.merge(simulateDockerfile(repo, world, options, { file, contextDir }));
    }
    return findings.result();
  },
};

export { DOCKER_RULES as dockerRules };
void DOCKER_RULES;
