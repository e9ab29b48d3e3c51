/**
 * The image builds of the delivery workflows, each with the Dockerfile and build context it hands to BuildKit
 * (matrix legs expanded), and small readers of the Dockerfiles they build: where a line is, the stages, the
 * COPY instructions. Cross-file faults are placed between a build's inputs and the Dockerfile it builds.
 */
import path from "node:path";
import { parseDockerfile } from "../../../../simulators/docker/parse.js";
import type { Instruction, ParsedDockerfile } from "../../../../simulators/docker/parse.js";
import type { World } from "../../../../simulators/world.js";
import type { GenFile } from "../../injector.js";
import type { DockerCommand } from "./docker-cli.js";
import { buildContext, dockerCommands, flagValues, isBuild } from "./docker-cli.js";
import { expand, type Scope } from "./images.js";
import { githubContext } from "../../../../simulators/workflow/runner/context.js";
import type { Job, Span, Step, Workflow } from "./workflows.js";
import { buildPushSteps, deliveryWorkflows } from "./workflows.js";

/** A repository path without `./` and trailing slashes; `.` for the root. */
export function repoPath(p: string): string {
  const n = path.posix.normalize(p.trim() === "" ? "." : p.trim()).replace(/\/+$/, "");
  return n === "" ? "." : n;
}

export function joinPath(dir: string, file: string): string {
  return dir === "." ? repoPath(file) : repoPath(`${dir}/${file}`);
}

export interface Build {
  workflow: Workflow;
  job: Job;
  step: Step;
  /** The docker command, for `docker build` / `docker buildx build`; null for build-push-action. */
  command: DockerCommand | null;
  /** Repository path of the context (`.`), or null for build-push-action's Git context. */
  context: string | null;
  dockerfile: string;
  /** Build args the step passes, by name. */
  buildArgs: ReadonlyMap<string, string>;
  target: string | null;
}

function scope(workflow: Workflow, job: Job, step: Step, world: World): Scope {
  return { github: githubContext(world, "push", workflow.file), env: { ...workflow.env, ...job.env, ...step.env }, matrix: job.matrix, stepTags: {} };
}

function argsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean)) {
    const eq = item.indexOf("=");
    out.set(eq === -1 ? item : item.slice(0, eq), eq === -1 ? "" : item.slice(eq + 1));
  }
  return out;
}

/** Every build the delivery workflows run, one per matrix value the context or Dockerfile depends on. */
export function deliveryBuilds(files: ReadonlyMap<string, GenFile>, world: World): Build[] {
  const out: Build[] = [];
  for (const workflow of deliveryWorkflows(files)) {
    for (const { job, step } of buildPushSteps(workflow)) {
      const s = scope(workflow, job, step, world);
      const contextText = step.inputs.get("context")?.value ?? "";
      const fileText = step.inputs.get("file")?.value ?? "";
      const contexts = contextText === "" ? [null] : expand(contextText, s);
      if (contexts === null) continue;
      for (const context of contexts) {
        const files_ = fileText === "" ? [null] : expand(fileText, s);
        if (files_ === null) continue;
        for (const file of files_) {
          const dir = context === null ? null : repoPath(context);
          const dockerfile = file !== null ? repoPath(file) : joinPath(dir ?? ".", "Dockerfile");
          out.push({ workflow, job, step, command: null, context: dir, dockerfile, buildArgs: argsOf(step.inputs.get("build-args")?.value ?? ""), target: step.inputs.get("target")?.value.trim() || null });
        }
      }
    }
    for (const command of dockerCommands(workflow).filter(isBuild)) {
      const job = workflow.jobs.find((j) => j.id === command.job)!;
      const s = scope(workflow, job, command.step, world);
      const context = buildContext(command);
      const file = flagValues(command, ["-f", "--file"])[0];
      if (context === null) continue;
      const dir = expand(context, s)?.[0];
      const dockerfilePath = file === undefined ? undefined : expand(file, s)?.[0];
      if (dir === undefined || (file !== undefined && dockerfilePath === undefined)) continue;
      const buildArgs = new Map(flagValues(command, ["--build-arg"]).map((a) => [a.split("=")[0]!, a.split("=").slice(1).join("=")] as const));
      out.push({ workflow, job, step: command.step, command, context: repoPath(dir), dockerfile: dockerfilePath ? repoPath(dockerfilePath) : joinPath(repoPath(dir), "Dockerfile"), buildArgs, target: flagValues(command, ["--target"])[0] ?? null });
    }
  }
  return out;
}

/** The span of a 1-based line, its newline included. */
export function lineSpan(content: string, line: number): Span {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const nl = content.indexOf("\n", start);
    if (nl === -1) return [content.length, content.length];
    start = nl + 1;
  }
  const nl = content.indexOf("\n", start);
  return [start, nl === -1 ? content.length : nl + 1];
}

/** The span of an instruction's lines (continuations included). */
export function instructionSpan(content: string, instruction: Instruction): Span {
  return [lineSpan(content, instruction.line)[0], lineSpan(content, instruction.endLine)[1]];
}

export function readDockerfile(files: ReadonlyMap<string, GenFile>, file: string): ParsedDockerfile | null {
  const content = files.get(file)?.content;
  if (content === undefined) return null;
  const parsed = parseDockerfile(content);
  return parsed.stages.length > 0 ? parsed : null;
}

/** A `COPY --from=<stage> <src> <dest>` with one source, as written. */
export interface CopyFrom {
  instruction: Instruction;
  from: string;
  source: string;
  destination: string;
}

export function copiesFrom(parsed: ParsedDockerfile): CopyFrom[] {
  return parsed.instructions.flatMap((i) => {
    const from = i.flags.get("from");
    if (i.keyword !== "COPY" || !from || i.json !== null) return [];
    const parts = i.args.trim().split(/\s+/);
    return parts.length === 2 ? [{ instruction: i, from, source: parts[0]!, destination: parts[1]! }] : [];
  });
}

/** The sources of the COPY/ADD instructions that read the build context (no --from, no globs, no URLs). */
export function contextSources(parsed: ParsedDockerfile): string[] {
  return parsed.instructions.flatMap((i) => {
    if ((i.keyword !== "COPY" && i.keyword !== "ADD") || i.flags.has("from") || i.json !== null) return [];
    const parts = i.args.trim().split(/\s+/);
    return parts.slice(0, -1).filter((s) => !/[*?[]|^https?:/.test(s)).map(repoPath);
  });
}
