/**
 * What the workflow simulator emits, and the phases its rules judge in. Parse: the file as GitHub's parser
 * read it, with every finding of that parser (the YAML reader's and the schema reader's), then what the file
 * declares (its triggers, jobs and steps). Run: each job leg asks for a runner, then each step emits what it
 * does at every place a real run can fail (a file a command reads, a registry login with where its
 * credentials came from, a build, a push, an artifact download, npm under a Node version, …). Rules judge
 * these events; the same events are the facts the grader compares between a repository's states (see
 * declared-events.ts for the declaration facts).
 */
import type { DomainSpec } from "../engine/engine.js";
import type { Location, Rule } from "../engine/rule.js";
import { defineRule } from "../engine/rule.js";
import type { DeclarationEvent } from "./declared-events.js";
import type { HostedRunner, RunnerChoice } from "./runner/hosted-runners.js";
import type { Permissions } from "./runner/context.js";
import type { Credential } from "./runner/state.js";
import type { Arg, Origin } from "./runner/values.js";
import type { Position, WorkflowSource } from "./source.js";

/**
 * GitHub reads the whole file first and lists every error of a refused file in one annotation, so every parse
 * rule runs; a run stops a job at its first failing step.
 */
export const WORKFLOW_DOMAIN: DomainSpec = {
  domain: "workflow",
  phases: [
    { name: "parse", stops: "end" },
    { name: "run", stops: "first" },
  ],
};

/**
 * What a workflow parser found, whichever parser it was, by the rule that owns it: YAML errors, then GitHub's
 * schema and semantic errors (github-parser.ts says which is which).
 */
export type ParseCategory =
  | "yaml"
  | "trigger"
  | "filter"
  | "permissions"
  | "step-kind"
  | "runs-on"
  | "duplicate-key"
  | "invalid-identifier"
  | "job-needs"
  | "expression-syntax"
  | "expression-context"
  | "schema";

export interface ParseFinding {
  category: ParseCategory;
  position: Position;
  message: string;
}

/** The file as GitHub's parser read it. */
export interface WorkflowParsedEvent {
  type: "workflow-parsed";
  file: string;
  source: WorkflowSource;
  /** The file is YAML with a mapping at its root; when not, only the YAML findings stand and nothing else is judged. */
  readable: boolean;
  findings: readonly ParseFinding[];
}

/** The step an event happened in. */
export interface StepRef {
  /** The job's id. */
  job: string;
  /** The leg's name as GitHub shows it (`test (18)`), the job's id without a matrix. */
  leg: string;
  /** The step's index in the job's `steps:`. */
  index: number;
  /** The step does not run on GitHub (`if:` false, or its job is switched off): simulated for its findings only. */
  off: boolean;
  /**
   * The step is off because its `if:` reads how something ended (`needs.*.result`, `steps.x.outcome`) and nothing
   * failed: a step that reports a failure, whose `exit 1` is its purpose, not a fault.
   */
  outcomeGate?: boolean;
  /**
   * The step's `if:` reads a value the run cannot know (an unmodelled command's output or status, an event's
   * payload): it is simulated, but whether GitHub runs it is not known.
   */
  conditionUnknown?: boolean;
}

/** A job leg asks for a runner with its `runs-on` labels (expressions resolved for the leg). */
export interface RunnerLabelEvent {
  type: "runner-label";
  job: string;
  leg: string;
  /** The labels as resolved, or null for a runner group or labels the simulator could not resolve. */
  labels: readonly string[] | null;
  choice: RunnerChoice;
  at: Location;
  /** `owner/repo/.github/workflows/x.yml@refs/heads/main`, as the queued job's log names it. */
  definedAt: string;
}

/** "Set up job": the runner downloads every action the leg's steps use, before any step runs. */
export interface ActionsDownloadEvent {
  type: "actions-download";
  job: string;
  leg: string;
  actions: readonly { action: string; ref: string; at: Location }[];
}

/** A step ran (or, switched off, was simulated): its `with:` inputs as the step saw them. */
export interface StepRunEvent {
  type: "step-run";
  step: StepRef;
  name: string;
  /** `continue-on-error` or `if:` false: the step's failures stop nothing. */
  soft: boolean;
  inputs: Readonly<Record<string, { text: string; origin: Origin }>>;
  status: "success" | "failure" | "switched-off";
}

/** A simple command a `run:` script ran, its words expanded. */
export interface ShellCommandEvent {
  type: "shell-command";
  step: StepRef;
  at: Location;
  argv: readonly Arg[];
  /** Inside if/while/for/case, a function or a subshell: it runs only as control flow the simulator does not follow decides. */
  conditional: boolean;
}

/** `exit N` ended a `run:` script (N is never 0: a successful exit ends the step as it would have ended anyway). */
export interface ScriptExitEvent {
  type: "script-exit";
  step: StepRef;
  at: Location;
  /** null: a value we cannot read (`exit $?` after a command we do not model). */
  status: number | null;
}

/** A `${…}` in a script that bash cannot read as a parameter expansion (`${ secrets.TOKEN }`). */
export interface SubstitutionEvent {
  type: "substitution";
  step: StepRef;
  at: Location;
  text: string;
  /** How bash prefixes its own errors: `/home/runner/work/_temp/<uuid>.sh: line N:`. */
  bashPrefix: string;
}

/** What reads a file or directory in the job's workspace. */
export type FileReader = "cat" | "head" | "tail" | "wc" | "redirect" | "cd" | "npm" | "npm-lockfile" | "pip" | "make" | "build-context" | "dockerfile";

/** A command reads a file or directory of the workspace. */
export interface FileReadEvent {
  type: "file-read";
  step: StepRef;
  at: Location;
  reader: FileReader;
  /**
   * What the reader's error names: the path as written (cat, cd, a redirect, pip's requirements file, the build
   * context), the Dockerfile's file name, npm's absolute package.json path or the lockfile `npm ci` looks for, or make's first
   * target ("" for none).
   */
  name: string;
  /** Workspace-relative path looked up. */
  path: string;
  /** Whether it is there; null when the simulator cannot tell (something it does not follow may have written it). */
  found: boolean | null;
  bashPrefix: string;
}

/** A Docker CLI command or a docker/* action on the job's runner. */
export interface DockerOnRunnerEvent {
  type: "docker-on-runner";
  step: StepRef;
  at: Location;
  /** "cli" for `docker …` in a script, else the action (`docker/build-push-action`). */
  tool: string;
  runner: HostedRunner;
  /** setup-buildx-action's `driver` input. */
  driver: string;
  /** buildx is on the runner (Linux images ship it; Windows gets it from setup-buildx-action). */
  buildxInstalled: boolean;
  bashPrefix: string;
}

/** A build argument and where its value came from. */
export interface BuildArg {
  name: string;
  value: string;
  origin: Origin;
}

/** A BuildKit build (docker build, docker buildx build, docker/build-push-action), as asked for. */
export interface ImageBuildEvent {
  type: "image-build";
  step: StepRef;
  at: Location;
  via: "cli" | "action";
  /** The current builder's driver. */
  driver: "docker" | "docker-container";
  /** Repository path of the context ("." for the root), or null for a Git or remote context. */
  context: string | null;
  /** How the workflow wrote the context. */
  contextText: string;
  /** Repository path of the Dockerfile, or null when it is not in this repository's checkout. */
  dockerfile: string | null;
  tags: readonly string[];
  platforms: readonly string[];
  push: boolean;
  load: boolean;
  /** Cache exports (`cache-to`). */
  cacheTo: readonly string[];
  buildArgs: readonly BuildArg[];
  target: string | null;
}

/** A build pulls its first base image on the runner's daemon. */
export interface BaseImagePullEvent {
  type: "base-image-pull";
  step: StepRef;
  at: Location;
  runner: HostedRunner;
  /** The Dockerfile's first base image when written out literally, else null. */
  base: string | null;
  /** Instructions in the Dockerfile, for the legacy builder's `Step 1/N`. */
  instructions: number;
  /** The legacy builder of a Windows daemon (`docker build`), not BuildKit. */
  classic: boolean;
}

/** A login value and where in the file it comes from. */
export interface LoginValue {
  text: string;
  origin: Origin;
  at: Location;
}

/** A registry login (docker login, docker/login-action), with where each credential came from. */
export interface RegistryLoginEvent {
  type: "registry-login";
  step: StepRef;
  at: Location;
  via: "cli" | "action";
  registry: string;
  username: LoginValue | null;
  password: LoginValue | null;
  /** `--password-stdin`. */
  passwordStdin: boolean;
  /** docker/login-action's `ecr` input as written (`auto` when absent): whether it logs in through AWS. */
  ecr?: string;
}

/** `docker push` or `docker tag` looks a reference up in the runner's image store. */
export interface ImageLookupEvent {
  type: "image-lookup";
  step: StepRef;
  at: Location;
  command: "push" | "tag";
  /** The reference as written. */
  reference: string;
  registry: string;
  repository: string;
  /** The tag looked up; null for `--all-tags` or a digest. */
  tag: string | null;
  /** The CLI pushes `:latest` when no tag is given (Docker 20.10+). */
  defaulted: boolean;
  /** Tags of that repository in the local store. */
  localTags: readonly string[];
  /** An earlier command may have stored images the run does not see (`docker compose build`, `docker load`). */
  storeUnseen: boolean;
}

/** A push of one reference to a registry, with the job's logins and GITHUB_TOKEN's permissions at that moment. */
export interface RegistryPushEvent {
  type: "registry-push";
  step: StepRef;
  at: Location;
  /** docker push, or BuildKit exporting a build. */
  via: "cli" | "buildx";
  reference: string;
  registry: string;
  repository: string;
  /** The credential the job logged in to that registry with, or null. */
  login: Credential | null;
  /** An earlier step may have logged in to that registry where the simulator cannot see (RunnerState.unseenLogins). */
  loginUnseen: boolean;
  /** A step its `if:` skipped would have logged in to that registry (RunnerState.skippedLogins). */
  loginSkipped: boolean;
  permissions: Readonly<Permissions>;
  /** The repository already holds that package (ghcr.io says Write, not Create). */
  packageExists: boolean;
}

/** A tag that reached its registry. */
export interface ImagePushedEvent {
  type: "image-pushed";
  step: StepRef;
  registry: string;
  repository: string;
  tag: string;
  reference: string;
}

/** The URLs a request tool (curl) was given, its words expanded. */
export interface RequestUrlEvent {
  type: "request-url";
  step: StepRef;
  at: Location;
  tool: "curl";
  urls: readonly Arg[];
  /** An unquoted word expanded to nothing and vanished from the command (an unset `$URL`). */
  vanished: boolean;
}

/** actions/download-artifact against the artifacts the job can see. */
export interface ArtifactDownloadEvent {
  type: "artifact-download";
  step: StepRef;
  /** The `name:` input's place (the step's `uses:` without one). */
  at: Location;
  name: string;
  pattern: string;
  path: string;
  /** Another repository's or run's artifacts (`github-token`/`run-id`). */
  foreign: boolean;
  /** Names of the artifacts the job can see: its own uploads and those of the jobs it needs. */
  available: readonly string[];
  /** Uploads the job cannot see may exist (a reusable workflow it needs, or the caller of a called workflow). */
  unseenUploads: boolean;
  /**
   * Which artifact is meant is not known: the download's `name:`/`pattern:`, or the name of an upload the job
   * sees, is a value the run cannot know (an unmodelled action's output).
   */
  selectionUnknown: boolean;
}

/** The Node release a job runs, as actions/setup-node installs it. */
export interface NodeRelease {
  node: string;
  npm: string;
}

/** `npm ci` / `npm install` under the job's Node. */
export interface NpmInstallEvent {
  type: "npm-install";
  step: StepRef;
  at: Location;
  argv: readonly string[];
  /** null: the runner's own Node (no setup-node), or a version alias the simulator does not resolve. */
  node: NodeRelease | null;
  /** The project's package.json ({} when it is not from the repository), or null when it is not JSON. */
  manifest: Readonly<Record<string, unknown>> | null;
  /** The project's .npmrc ("" when absent). */
  npmrc: string;
}

/** `npm test` / `npm run X` / `npm start` under the job's Node, with the `node` commands the script runs. */
export interface NpmScriptEvent {
  type: "npm-script";
  step: StepRef;
  at: Location;
  node: NodeRelease | null;
  /** The script's name ("" when the command names none) and its text in package.json ("" when absent). */
  script: string;
  text: string;
  /** `name@version` of the package, as npm's banner shows it. */
  packageId: string;
  /** The argv of each `node` command of the script, read with the shell parser. */
  nodeCommands: readonly (readonly string[])[];
}

/** A job leg ended. */
export interface JobLegEvent {
  type: "job-leg";
  job: string;
  leg: string;
  matrix: Readonly<Record<string, unknown>>;
  /** The hosted runner it ran on, or null (self-hosted, a group, a label nothing picks up). */
  runner: HostedRunner | null;
  status: "success" | "failure" | "not-run" | "switched-off";
  /**
   * Whether its `if:` lets it run after a job it needs (or one of their ancestors) failed: false without an
   * `if:` (success() is the default) and for a job that needs none; "unknown" when the condition depends on
   * what cannot be known.
   */
  afterFailedNeeds: boolean | "unknown";
}

export type RunEvent =
  | RunnerLabelEvent
  | ActionsDownloadEvent
  | StepRunEvent
  | ShellCommandEvent
  | ScriptExitEvent
  | SubstitutionEvent
  | FileReadEvent
  | DockerOnRunnerEvent
  | ImageBuildEvent
  | BaseImagePullEvent
  | RegistryLoginEvent
  | ImageLookupEvent
  | RegistryPushEvent
  | ImagePushedEvent
  | RequestUrlEvent
  | ArtifactDownloadEvent
  | NpmInstallEvent
  | NpmScriptEvent
  | JobLegEvent;

export type WorkflowEvent = WorkflowParsedEvent | DeclarationEvent | RunEvent;

export type WorkflowEventType = WorkflowEvent["type"];

/** A workflow unit's subject: the file, and the job leg (null for the file's own parse). */
export interface WorkflowUnit {
  file: string;
  leg: string | null;
}

export type WorkflowRule = Rule<WorkflowEvent, WorkflowUnit>;

/** Declares a workflow rule. */
export function workflowRule<const C extends string>(rule: Omit<WorkflowRule, "domain"> & { code: C }): WorkflowRule & { code: C } {
  return defineRule({ ...rule, domain: "workflow" as const });
}
