/**
 * Docker as the runner's steps meet it: logins sent to a registry, builds that read their context and
 * Dockerfile from the workspace and pull a base image on the runner's daemon, pushes that need a login, and
 * the local image store that `docker push` and `docker tag` look tags up in. Each place a real run can fail
 * is an event the rules judge (rules/login-*.ts, push-*.ts, builder-driver-unsupported.ts, …); this module
 * keeps the state and frames the rule's output with what the tool prints around it. Shared by the docker CLI
 * handler and the docker/* actions; texts from docker/cli, buildx ≥ 0.25 and real-errors.md.
 */
import path from "node:path";
import type { ImageBuild } from "./state.js";
import type { Location } from "../../engine/rule.js";
import type { BuildArg, LoginValue, RunEvent } from "../events.js";
import { firstBase } from "./runner-os.js";
import { displayRepository, failed, hasDirectory, hasFile, parseImageRef, repositoryPath } from "./state.js";
import type { CommandResult, Credential, RunnerState, StepFailure } from "./state.js";
import type { Sval } from "./values.js";

export function credentialOf(value: Sval): Credential {
  switch (value.origin.kind) {
    case "token":
      return { kind: "github-token" };
    case "secret":
      return { kind: "secret", name: value.origin.name };
    case "opaque":
      return { kind: "opaque" };
    default:
      return { kind: "literal", text: value.text };
  }
}

export function normaliseRegistry(raw: string | undefined): string {
  const r = (raw ?? "").trim().replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  return r === "" || r === "index.docker.io" || r === "registry-1.docker.io" || r === "docker.io" ? "docker.io" : r;
}

/** The first lines of a BuildKit build's output: which builder and driver it runs on. */
export function builderHead(driver: RunnerState["builder"]): string[] {
  return [`#0 building with "${driver === "docker" ? "default" : "builder"}" instance using ${driver} driver`, ""];
}

/** Sends one reference to its registry: the failure when the registry refuses it. */
function push(state: RunnerState, at: Location, reference: string, registry: string, repository: string, via: "cli" | "buildx"): StepFailure | null {
  return state.judge.judge(pushEvent(state, at, reference, registry, repository, via));
}

function pushEvent(state: RunnerState, at: Location, reference: string, registry: string, repository: string, via: "cli" | "buildx"): RunEvent {
  return {
    type: "registry-push",
    step: state.judge.step,
    at,
    via,
    reference,
    registry,
    repository,
    login: state.logins.get(registry) ?? null,
    loginUnseen: state.unseenLogins.some((r) => r.test(registry)),
    loginSkipped: state.skippedLogins.some((r) => r.test(registry)),
    permissions: { ...state.permissions },
    packageExists: state.knownPackages.has(`${registry}/${repository}`),
  };
}

/** Records a successful push of one reference. */
function recordPush(state: RunnerState, reference: string, unknown = false): void {
  const ref = parseImageRef(reference);
  const pushed = { job: state.job, step: state.step, registry: ref.registry, repository: ref.repository, tag: ref.tag ?? "latest", reference, ...(unknown ? { unknown } : {}) };
  state.pushes.push(pushed);
  state.judge.fact({ type: "image-pushed", step: state.judge.step, registry: pushed.registry, repository: pushed.repository, tag: pushed.tag, reference });
}

/** The tags of a repository in the runner's local image store. */
function localTags(state: RunnerState, registry: string, repository: string): string[] {
  return [...state.images].map(parseImageRef).filter((i) => i.registry === registry && i.repository === repository).map((i) => i.tag ?? "latest");
}

/**
 * `docker push REF` from the local image store. Without a tag the CLI pushes `:latest` only (docker/cli#2220,
 * Docker 20.10: "Using default tag: latest"); `--all-tags` pushes every local tag of the repository.
 */
export function dockerPush(state: RunnerState, at: Location, reference: string, allTags = false, unknown = false): CommandResult {
  const named = parseImageRef(reference);
  const defaulted = named.tag === null && !reference.includes("@") && !allTags;
  const ref = defaulted ? parseImageRef(`${reference}:latest`) : named;
  const notice = defaulted ? ["Using default tag: latest"] : [];
  const local = localTags(state, ref.registry, ref.repository);
  const missing = state.judge.judge({
    type: "image-lookup",
    step: state.judge.step,
    at,
    command: "push",
    reference,
    registry: ref.registry,
    repository: ref.repository,
    tag: ref.tag,
    defaulted,
    localTags: local,
    storeUnseen: state.imagesUnseen,
  });
  if (missing) return failed(missing, [...notice, ...missing.failure.output]);
  const shownRepo = displayRepository(ref.registry, ref.repository);
  const header = `The push refers to repository [${ref.registry === "docker.io" ? `docker.io/${ref.repository}` : shownRepo}]`;
  const refusal = push(state, at, reference, ref.registry, ref.repository, "cli");
  if (refusal) return failed(refusal, [header, "5f70bf18a086: Preparing", ...refusal.failure.output]);
  const tags = ref.tag === null ? local : [ref.tag];
  for (const tag of tags) recordPush(state, `${shownRepo}:${tag}`, unknown);
  return { status: 0, output: [...notice, header, "5f70bf18a086: Pushed", ...tags.map((t) => `${t}: digest: sha256:${"0".repeat(56)}4f1c size: 1573`)] };
}

/** `docker tag SRC DST`. */
export function dockerTag(state: RunnerState, at: Location, source: string, target: string): CommandResult {
  const src = parseImageRef(source);
  const missing = state.judge.judge({
    type: "image-lookup",
    step: state.judge.step,
    at,
    command: "tag",
    reference: source,
    registry: src.registry,
    repository: src.repository,
    tag: src.tag ?? "latest",
    defaulted: src.tag === null,
    localTags: localTags(state, src.registry, src.repository),
    storeUnseen: state.imagesUnseen,
  });
  if (missing) return failed(missing);
  state.images.add(parseImageRef(target).full);
  return { status: 0, output: [] };
}

/** A registry login with a username and a password (either may be empty). */
export function registryLogin(
  state: RunnerState,
  at: Location,
  registry: string,
  username: LoginValue | null,
  password: LoginValue | null,
  via: "cli" | "action",
  stdin: boolean,
  ecr?: string,
): CommandResult {
  const refused = state.judge.judge({ type: "registry-login", step: state.judge.step, at, via, registry, username, password, passwordStdin: stdin, ...(ecr === undefined ? {} : { ecr }) });
  if (refused) return failed(refused);
  if (password) state.logins.set(registry, credentialOf(password));
  return {
    status: 0,
    output:
      via === "action"
        ? [`Logging into ${registry === "docker.io" ? "Docker Hub" : registry}...`, "Login Succeeded!"]
        : [
            "WARNING! Your password will be stored unencrypted in /home/runner/.docker/config.json.",
            "Configure a credential helper to remove this warning. See",
            "https://docs.docker.com/go/credential-store/",
            "",
            "Login Succeeded",
          ],
  };
}

export interface BuildSpec {
  via: "cli" | "action";
  /** Where the command or action is in the file. */
  at: Location;
  /** Workspace path of the context, or null for build-push-action's Git context. */
  context: string | null;
  /** How the user wrote the context, for messages. */
  contextText: string;
  /** Workspace (or, with a Git context, repository) path of the Dockerfile. */
  dockerfile: string;
  tags: string[];
  platforms: string[];
  push: boolean;
  load: boolean;
  cacheTo: string[];
  buildArgs: BuildArg[];
  target: string | null;
  /** The `file:` or `target:` input holds a value the run cannot know (a step's output, a dynamic matrix's). */
  unknownFile?: boolean;
  unknownTarget?: boolean;
  /** Tags that hold a value the run cannot know (`${{ steps.meta.outputs.tags }}` of tags it cannot compute). */
  unknownTags?: readonly string[];
  /** The legacy builder (`docker build` on a Windows daemon), for how a base image's platform is refused. */
  classic?: boolean;
}

/** A BuildKit build (docker build, docker buildx build, docker/build-push-action). */
export function buildImage(state: RunnerState, spec: BuildSpec): CommandResult {
  const { judge } = state;
  const { at } = spec;
  const driver = state.builder;
  const head = builderHead(driver);
  const context = spec.context === null ? null : repositoryPath(state, spec.context);
  const dockerfile = spec.context === null ? spec.dockerfile : repositoryPath(state, spec.dockerfile);
  const unsupported = judge.judge({
    type: "image-build",
    step: judge.step,
    at,
    via: spec.via,
    driver,
    context,
    contextText: spec.contextText,
    dockerfile,
    tags: spec.tags,
    platforms: spec.platforms,
    push: spec.push,
    load: spec.load,
    cacheTo: spec.cacheTo,
    buildArgs: spec.buildArgs,
    target: spec.target,
  });
  if (unsupported) return failed(unsupported);
  const read = (reader: "build-context" | "dockerfile", name: string, p: string, found: boolean | null): StepFailure | null =>
    judge.judge({ type: "file-read", step: judge.step, at, reader, name, path: p, found, bashPrefix: "" });
  if (spec.context !== null) {
    const missing = read("build-context", spec.contextText, spec.context, hasDirectory(state, spec.context));
    if (missing) return failed(missing);
  }
  const dockerfilePresent = spec.context === null ? !state.checkRepositoryFiles || state.repo.has(spec.dockerfile) : hasFile(state, spec.dockerfile);
  const noDockerfile = read("dockerfile", path.posix.basename(spec.dockerfile), spec.dockerfile, spec.unknownFile ? null : dockerfilePresent);
  if (noDockerfile) {
    const loading = ["#1 [internal] load build definition from Dockerfile", "#1 transferring dockerfile: 2B done", "#1 DONE 0.0s"];
    return failed(noDockerfile, [...head, ...loading, ...noDockerfile.failure.output]);
  }
  const base = firstBase(state, spec.dockerfile);
  const pull = judge.judge({
    type: "base-image-pull",
    step: judge.step,
    at,
    runner: state.runner,
    base: base?.base ?? null,
    instructions: base?.steps ?? 0,
    classic: spec.classic === true,
  });
  if (pull) return failed(pull);
  const build: ImageBuild = {
    job: state.job,
    step: state.step,
    context,
    // Which Dockerfile a file: we cannot read names is not known: its stages and build are not judged.
    dockerfile: spec.unknownFile ? null : dockerfile,
    tags: spec.tags,
    platforms: spec.platforms,
    buildArgs: Object.fromEntries(spec.buildArgs.map((b) => [b.name, b.value])),
    unknownArgs: spec.buildArgs.filter((b) => b.origin.kind === "opaque").map((b) => b.name),
    target: spec.target,
    ...(spec.unknownTarget ? { targetUnknown: true } : {}),
    pushed: spec.push,
  };
  // A step `if:` switches off never runs its build; one that continues on error does, and its failure stops nothing.
  const built = state.judge.step.off ? undefined : state.imageBuilder?.(build, { soft: state.judge.soft });
  if (built?.failure) {
    state.judge.adopt(built.failure.failure);
    // The step's own checks all ran before the build. The push never ran, but whether its credentials would
    // have been accepted is known already: the leg stopped having judged the push too (a rule that would have
    // refused it is undecided, not clean).
    if (!spec.push) return failed({ ...built.failure, type: "base-image-pull" }, [...head, ...built.output]);
    for (const tag of spec.tags) {
      const ref = parseImageRef(tag);
      state.judge.foresee(pushEvent(state, at, tag, ref.registry, ref.repository, "buildx"));
    }
    return failed({ ...built.failure, type: "registry-push" }, [...head, ...built.output]);
  }
  if (spec.push) {
    for (const tag of spec.tags) {
      const ref = parseImageRef(tag);
      const refusal = push(state, at, tag, ref.registry, ref.repository, "buildx");
      if (refusal) return failed(refusal, [...head, "#12 exporting to image", "#12 pushing layers", ...refusal.failure.output]);
    }
  }
  state.builds.push(build);
  if (driver === "docker" || spec.load) for (const tag of spec.tags) state.images.add(parseImageRef(tag).full);
  if (spec.push) for (const tag of spec.tags) recordPush(state, tag, spec.unknownTags?.includes(tag) ?? false);
  const tail =
    driver === "docker-container" && !spec.load && !spec.push
      ? ["WARNING: No output specified with docker-container driver. Build result will only remain in the build cache. To push result image into registry use --push or to load image into docker use --load"]
      : [];
  return { status: 0, output: [...head, "#1 [internal] load build definition from Dockerfile", "#1 DONE 0.0s", ...tail] };
}
