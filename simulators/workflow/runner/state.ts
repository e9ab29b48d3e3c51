/**
 * What a fresh GitHub-hosted runner holds while one job runs: a workspace that is empty until
 * `actions/checkout`, the registries it logged in to (and with what), the images in the local store, the
 * builder driver, GITHUB_TOKEN's permissions; and what a command that a rule failed returns.
 */
import path from "node:path";
import type { Failure } from "../../engine/engine.js";
import type { Repository } from "../../repository.js";
import type { SimpleCommand } from "../../shell/parse.js";
import type { WorkflowEventType } from "../events.js";
import type { HostedRunner } from "./hosted-runners.js";
import type { StepJudge } from "./judge.js";
import type { Sval } from "./values.js";

/** A credential as the registry will judge it. */
export type Credential =
  | { kind: "github-token" }
  | { kind: "secret"; name: string }
  | { kind: "literal"; text: string }
  | { kind: "opaque" };

export interface ImageBuild {
  job: string;
  step: number;
  /** Repository path of the build context ("." for the root), or null for a remote/Git context. */
  context: string | null;
  /** Repository path of the Dockerfile, or null when unknown. */
  dockerfile: string | null;
  tags: string[];
  platforms: string[];
  buildArgs: Record<string, string>;
  /** The build args whose value the run cannot know (an event field the world does not fix, a command's output). */
  unknownArgs: string[];
  target: string | null;
  /** The target is a value the run cannot know: which stage is built is not known. */
  targetUnknown?: boolean;
  pushed: boolean;
}

export interface RegistryPush {
  job: string;
  step: number;
  registry: string;
  repository: string;
  tag: string;
  /** The full reference as pushed, e.g. ghcr.io/acme/app:1a2b… */
  reference: string;
  /** The reference holds a value the run cannot know (a step's output): the tag really pushed is not known. */
  unknown?: boolean;
}

/** A rule's finding that failed a command: the engine's failure, the event it judged, and the script command. */
export interface StepFailure {
  readonly failure: Failure;
  readonly type: WorkflowEventType;
  /** The `run:` script command that met it (run steps). */
  command?: SimpleCommand;
}

/** The exit status a failed command ends with: the one the rule reported, else 1. */
export function exitStatus(failure: StepFailure): number {
  return failure.failure.exitCode ?? 1;
}

export interface CommandResult {
  status: number;
  output: string[];
  failure?: StepFailure;
  stdout?: Sval;
}

/** A command a rule failed: its exit status, and `output` (the tool's lines around the rule's own). */
export function failed(failure: StepFailure, output: readonly string[] = failure.failure.output): CommandResult {
  return { status: exitStatus(failure), output: [...output], failure };
}

export interface RunnerState {
  repo: Repository;
  /** The hosted runner the job runs on (ubuntu-latest when its labels cannot be judged). */
  runner: HostedRunner;
  /** Workspace path → repository path of the files checked out; empty until checkout. */
  workspace: Map<string, string>;
  /** Workspace directories this repository was checked out to ("." for the root). */
  checkouts: string[];
  /**
   * Workspace directories whose content we cannot know (another repository checked out there, an artifact
   * whose files we could not follow).
   */
  opaqueDirs: string[];
  /** Workspace files and directories the job's steps wrote: downloaded artifacts, `> file`, tee, touch, mkdir. */
  written: Set<string>;
  /**
   * The simulator lost track of the job's files: a step ran something that may write files we do not follow
   * (npm, make, an unknown action) or left the workspace (`cd /tmp`). From then on a read of a file we do
   * not know of is not judged missing.
   */
  filesUntracked: boolean;
  /** Check files that only the full repository can confirm (false for lint without a context). */
  checkRepositoryFiles: boolean;
  logins: Map<string, Credential>;
  /**
   * Registries an earlier step may have logged Docker in to where the simulator cannot see (`gcloud auth
   * configure-docker`, `az acr login`; any registry after an action we do not know): a push there without a
   * login we saw is not judged.
   */
  unseenLogins: RegExp[];
  /**
   * Registries a step its own `if:` skipped would have logged in to (a `docker login`, docker/login-action, an
   * action we do not know). A push in a step that is itself switched off, or whose `if:` the run cannot decide,
   * may run exactly when that login does (both gated on a release ref, say), so its credentials are not known.
   */
  skippedLogins: RegExp[];
  /**
   * Artifacts may have been uploaded where the simulator cannot see: by a reusable workflow among the jobs this
   * one needs, or, in a workflow only ever called, by its caller's jobs. A name the job cannot see is then not
   * judged missing, and what a download brings is not known.
   */
  unseenArtifacts: boolean;
  /** This leg is one of a matrix's several, and the run follows only it (the lint; the pipeline runs them all). */
  otherLegsUnrun: boolean;
  images: Set<string>;
  /**
   * A command the simulator does not follow may have put images in the local store (`docker compose build`,
   * `docker load`): a tag not seen there is then not judged missing.
   */
  imagesUnseen: boolean;
  builder: "docker" | "docker-container";
  /** buildx is on the runner (Linux images ship it; Windows gets it from setup-buildx-action). */
  buildxInstalled: boolean;
  /** The `node-version` actions/setup-node selected, or null for the runner's own Node. */
  node: string | null;
  permissions: Record<string, "read" | "write" | "none">;
  builds: ImageBuild[];
  pushes: RegistryPush[];
  /** Registries present in the world's registry, `registry/repository`. */
  knownPackages: Set<string>;
  job: string;
  step: number;
  /** The current step's line to the rules. */
  judge: StepJudge;
  /** Builds the image a build step asks for (the pipeline hands it to the Dockerfile simulator); absent: a build always succeeds. */
  imageBuilder?: ImageBuilder;
}

/** What building an image met: nothing (it built), or the failure that stopped it, with BuildKit's output. */
export type BuildResult = { failure: null } | { failure: StepFailure; output: readonly string[] };

/**
 * The image builder a run can be given: called at each build step once the step's own checks passed (context,
 * Dockerfile, base image), with what the step builds; the step fails when the build does.
 */
export type ImageBuilder = (build: ImageBuild, how: { soft: boolean }) => BuildResult;

/** Normalises a path relative to the workspace root ("" and "." are the root). */
export function workspacePath(cwd: string, p: string): string {
  const joined = path.posix.normalize(path.posix.join(cwd === "" ? "." : cwd, p.replace(/^\/home\/runner\/work\/[^/]+\/[^/]+\/?/, "")));
  return joined === "./" ? "." : joined.replace(/\/$/, "");
}

function opaque(state: RunnerState, p: string): boolean {
  return state.opaqueDirs.some((d) => p === d || p.startsWith(`${d}/`) || d === ".");
}

/** Whether a file is in the workspace; after a checkout, files we cannot see count as present in lint mode. */
export function hasFile(state: RunnerState, p: string): boolean {
  if (state.workspace.has(p) || state.written.has(p) || opaque(state, p)) return true;
  return state.workspace.size > 0 && !state.checkRepositoryFiles;
}

export function hasDirectory(state: RunnerState, p: string): boolean {
  if (p === "." || opaque(state, p) || state.written.has(p)) return true;
  for (const key of [...state.workspace.keys(), ...state.written]) if (key.startsWith(`${p}/`)) return true;
  return state.workspace.size > 0 && !state.checkRepositoryFiles;
}

/** The repository path of a workspace path, when a checkout of this repository put it there. */
export function repositoryPath(state: RunnerState, p: string): string | null {
  for (const prefix of state.checkouts) {
    if (prefix === ".") return p;
    if (p === prefix) return ".";
    if (p.startsWith(`${prefix}/`)) return p.slice(prefix.length + 1);
  }
  return null;
}

/** Splits an image reference into registry, repository and tag, as docker does (docker.io by default). */
export function parseImageRef(ref: string): { registry: string; repository: string; tag: string | null; full: string } {
  let rest = ref.trim().split("@")[0]!;
  let registry = "docker.io";
  const slash = rest.indexOf("/");
  if (slash > 0) {
    const first = rest.slice(0, slash);
    if (first.includes(".") || first.includes(":") || first === "localhost") {
      registry = first === "index.docker.io" || first === "registry-1.docker.io" ? "docker.io" : first;
      rest = rest.slice(slash + 1);
    }
  }
  const colon = rest.lastIndexOf(":");
  const tag = colon > rest.lastIndexOf("/") && colon >= 0 ? rest.slice(colon + 1) : null;
  let repository = tag === null ? rest : rest.slice(0, colon);
  if (registry === "docker.io" && !repository.includes("/")) repository = `library/${repository}`;
  return { registry, repository, tag, full: `${registry}/${repository}:${tag ?? "latest"}` };
}

/** How a user wrote the repository part of a reference (docker.io and library/ omitted). */
export function displayRepository(registry: string, repository: string): string {
  if (registry !== "docker.io") return `${registry}/${repository}`;
  return repository.startsWith("library/") ? repository.slice("library/".length) : repository;
}
