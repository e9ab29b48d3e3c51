/**
 * Images on both sides of a delivery: what the workflows push (their tag templates evaluated as a run on the
 * default branch evaluates them) and what the manifests deploy. A pipeline fault lives between the two, so
 * injectors compare them to find their place and to name every manifest a fault reaches.
 */
import { githubContext } from "../../../../simulators/workflow/runner/context.js";
import type { World } from "../../../../simulators/world.js";
import type { GenFile } from "../../injector.js";
import { dockerCommands, flagValues, isBuild } from "./docker-cli.js";
import type { Span, Step, Workflow } from "./workflows.js";
import { buildPushSteps } from "./workflows.js";

export interface ImageName {
  /** `registry/repository`, as docker normalises it (`acme/api` → `docker.io/acme/api`). */
  key: string;
  tag: string | null;
}

/** The repository and tag of a reference, the way docker reads it. */
export function imageName(reference: string): ImageName {
  let rest = reference.trim().split("@")[0]!;
  let registry = "docker.io";
  const slash = rest.indexOf("/");
  if (slash > 0) {
    const first = rest.slice(0, slash);
    if (first.includes(".") || first.includes(":") || first === "localhost") {
      registry = first === "index.docker.io" ? "docker.io" : first;
      rest = rest.slice(slash + 1);
    }
  }
  const colon = rest.lastIndexOf(":");
  const tag = colon > rest.lastIndexOf("/") ? rest.slice(colon + 1) : null;
  let repository = (tag === null ? rest : rest.slice(0, colon)).toLowerCase();
  if (registry === "docker.io" && !repository.includes("/")) repository = `library/${repository}`;
  return { key: `${registry}/${repository}`, tag };
}

/** A container image a manifest deploys, on its own line (`image: ghcr.io/acme/api:main`). */
export interface DeployedImage {
  file: string;
  /** The whole line, without its newline. */
  line: string;
  /** Offset of the line in the file. */
  at: number;
  image: string;
  key: string;
  tag: string;
}

function isManifest(path: string): boolean {
  return /\.ya?ml$/.test(path) && !path.startsWith(".github/") && !/(^|\/)docker-compose[^/]*$|(^|\/)compose\.ya?ml$/.test(path);
}

/** The images of the repository owner's own that the manifests deploy (official images left out). */
export function deployedImages(files: ReadonlyMap<string, GenFile>, owner: string): DeployedImage[] {
  const out: DeployedImage[] = [];
  for (const file of [...files.keys()].filter(isManifest).sort()) {
    const content = files.get(file)!.content;
    if (!/^kind:\s/m.test(content)) continue;
    let at = 0;
    for (const line of content.split("\n")) {
      const m = /^\s*(?:-\s+)?image:\s*["']?([^\s"'#]+)["']?\s*$/.exec(line);
      if (m) {
        const name = imageName(m[1]!);
        const namespace = name.key.split("/")[1];
        if (namespace === owner.toLowerCase() && name.tag !== null && !m[1]!.includes("@")) out.push({ file, line, at, image: m[1]!, key: name.key, tag: name.tag });
      }
      at += line.length + 1;
    }
  }
  return out;
}

/** What a template expands to in a run: the github context, the env in scope, the job's matrix, step outputs. */
export interface Scope {
  github: Readonly<Record<string, string>>;
  env: Readonly<Record<string, string>>;
  matrix: Readonly<Record<string, readonly string[]>>;
  /** `steps.<id>.outputs.tags` of metadata-action steps. */
  stepTags: Readonly<Record<string, readonly string[]>>;
}

const EXPRESSION = /\$\{\{\s*([^}]*?)\s*\}\}/;
const SHELL_VAR = /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/;

/** The values a template takes (one per matrix value it names), or null when it names something unknown. */
export function expand(template: string, scope: Scope, depth = 0): string[] | null {
  if (depth > 8) return null;
  const expr = EXPRESSION.exec(template);
  if (expr) {
    const [head, tail] = [template.slice(0, expr.index), template.slice(expr.index + expr[0].length)];
    const name = expr[1]!;
    let values: readonly string[] | undefined;
    if (name.startsWith("github.")) values = scope.github[name.slice(7)] !== undefined ? [scope.github[name.slice(7)]!] : undefined;
    else if (name.startsWith("env.")) values = scope.env[name.slice(4)] !== undefined ? [scope.env[name.slice(4)]!] : undefined;
    else if (name.startsWith("matrix.")) values = scope.matrix[name.slice(7)];
    else if (/^steps\.[\w-]+\.outputs\.tags$/.test(name)) values = scope.stepTags[name.split(".")[1]!];
    if (values === undefined) return null;
    // An env value may hold expressions of its own (`IMAGE: ghcr.io/acme/app:${{ github.sha }}`).
    const heads = values.map((v) => expand(head + v, scope, depth + 1));
    const rest = expand(tail, scope, depth + 1);
    if (rest === null || heads.some((h) => h === null)) return null;
    return heads.flatMap((h) => h!.flatMap((v) => rest.map((r) => v + r)));
  }
  const shell = SHELL_VAR.exec(template);
  if (shell) {
    const name = shell[1]!;
    const value = scope.env[name] ?? (name.startsWith("GITHUB_") ? scope.github[name.slice(7).toLowerCase()] : undefined);
    if (value === undefined) return null;
    const values = expand(template.slice(0, shell.index) + value, scope, depth + 1);
    const rest = expand(template.slice(shell.index + shell[0].length), scope, depth + 1);
    return values === null || rest === null ? null : values.flatMap((v) => rest.map((r) => v + r));
  }
  return [template];
}

function scopeOf(workflow: Workflow, jobId: string, step: Step | null, world: World): Scope {
  const job = workflow.jobs.find((j) => j.id === jobId)!;
  const github = githubContext(world, "push", workflow.file);
  const stepTags: Record<string, string[]> = {};
  for (const s of job.steps) {
    if (s.uses !== "docker/metadata-action" || s.id === null) continue;
    const images = (s.inputs.get("images")?.value ?? "").split(/[\n,]/).map((i) => i.trim().toLowerCase()).filter(Boolean);
    stepTags[s.id] = images.map((i) => `${i}:${github.ref_name!.replace(/[^A-Za-z0-9_.-]/g, "-")}`);
  }
  return { github, env: { ...workflow.env, ...job.env, ...(step?.env ?? {}) }, matrix: job.matrix, stepTags };
}

/** One image reference a workflow pushes, and the template and text it comes from. */
export interface Pushed extends ImageName {
  workflow: Workflow;
  job: string;
  step: Step;
  /** The template as written (`ghcr.io/acme/api:${{ github.sha }}`, `$IMAGE:main`). */
  template: string;
  /** Where the template's text is: a build step's `tags` input, or the push command. */
  span: Span;
}

/** A build-push-action step's tag templates, one per line or comma. */
export function tagTemplates(step: Step): string[] {
  return (step.inputs.get("tags")?.value ?? "").split(/[\n,]/).map((t) => t.trim()).filter(Boolean);
}

/** Whether a step surely runs on a push to the default branch: neither it nor its job has a condition. */
function unconditional(workflow: Workflow, jobId: string, step: Step): boolean {
  return !step.keys.has("if") && workflow.jobs.find((j) => j.id === jobId)?.condition === null;
}

/**
 * Every reference the delivery workflows push when they run through, or null when some template cannot be
 * evaluated (an injector then declines rather than guess). A push under a condition (`if:`, a `push:`
 * expression) is not counted: whether it happens is not read here.
 */
export function pushedImages(workflows: readonly Workflow[], world: World): Pushed[] | null {
  const out: Pushed[] = [];
  for (const workflow of workflows) {
    for (const { job, step } of buildPushSteps(workflow)) {
      if (!/^true$/i.test(step.inputs.get("push")?.value.trim() ?? "") || !unconditional(workflow, job.id, step)) continue;
      const scope = scopeOf(workflow, job.id, step, world);
      for (const template of tagTemplates(step)) {
        const values = expand(template, scope);
        if (values === null) return null;
        for (const v of values) out.push({ ...imageName(v), tag: imageName(v).tag ?? "latest", workflow, job: job.id, step, template, span: step.inputs.get("tags")!.span });
      }
    }
    for (const c of dockerCommands(workflow)) {
      if (!unconditional(workflow, c.job, c.step)) continue;
      const scope = scopeOf(workflow, c.job, c.step, world);
      const pushes = c.words[0] === "push" ? c.words.slice(1).filter((w) => !w.startsWith("-")) : isBuild(c) && c.words.includes("--push") ? flagValues(c, ["-t", "--tag"]) : [];
      for (const template of pushes) {
        const values = expand(template, scope);
        if (values === null) return null;
        // `docker push` without a tag pushes :latest (Docker 20.10 and later).
        for (const v of values) out.push({ ...imageName(v), tag: imageName(v).tag ?? "latest", workflow, job: c.job, step: c.step, template, span: c.span });
      }
    }
  }
  return out;
}

/** The local tags of `docker build -t` commands, evaluated (what a later `docker push` may name). */
export function builtLocally(workflow: Workflow, world: World): ImageName[] | null {
  const out: ImageName[] = [];
  for (const c of dockerCommands(workflow)) {
    if (!isBuild(c)) continue;
    const scope = scopeOf(workflow, c.job, c.step, world);
    for (const template of flagValues(c, ["-t", "--tag"])) {
      const values = expand(template, scope);
      if (values === null) return null;
      out.push(...values.map(imageName));
    }
  }
  return out;
}

/** The repositories a build step tags (whether or not it pushes), evaluated. */
export function stepRepositories(workflow: Workflow, jobId: string, step: Step, world: World): Set<string> | null {
  const scope = scopeOf(workflow, jobId, step, world);
  const out = new Set<string>();
  for (const template of tagTemplates(step)) {
    const values = expand(template, scope);
    if (values === null) return null;
    for (const v of values) out.add(imageName(v).key);
  }
  return out;
}
