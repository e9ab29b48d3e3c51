/**
 * Docker as the runner's steps meet it: logins judged by the registry they are sent to, builds that read
 * their context and Dockerfile from the workspace (and fail as BuildKit does when they are not there),
 * pushes that need a login and, on ghcr.io with GITHUB_TOKEN, `packages: write`. Shared by the docker CLI
 * handler and the docker/* actions; texts from docker/cli, buildx ≥ 0.25 and real-errors.md.
 */
import path from "node:path";
import { builderDriverUnsupported } from "../rules/builder-driver-unsupported.js";
import { imageNotBuilt } from "../rules/image-not-built.js";
import { loginCredentialsEmpty } from "../rules/login-credentials-empty.js";
import { loginDenied } from "../rules/login-denied.js";
import { pushPermissionDenied } from "../rules/push-permission-denied.js";
import { pushUnauthenticated } from "../rules/push-unauthenticated.js";
import { workspaceFileMissing } from "../rules/workspace-file-missing.js";
import { windowsBuildRefusal } from "./runner-os.js";
import { displayRepository, hasDirectory, hasFile, parseImageRef, repositoryPath } from "./state.js";
import type { CommandResult, Credential, RunnerState, StepFailure } from "./state.js";
import type { Sval } from "./values.js";

const DOCKER_LOOKING = /DOCKER|HUB/i;
const USERNAME_LOOKING = /(^|_)(USER|USERNAME|USER_NAME|LOGIN|ACTOR|EMAIL)$/i;
const GITHUB_LOOKING = /GITHUB|GHCR|^GH_|_GH_|(^|_)PAT$|^CR_PAT$/i;

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

/**
 * Whether a registry accepts a credential. Secrets are judged by their name, the only thing a workflow
 * says about them: a DOCKERHUB_TOKEN is a Docker Hub credential, a GHCR_PAT is a GitHub one, a
 * DOCKERHUB_USERNAME is an account name and no password at all. A literal
 * string (a `${ secrets.X }` that was never an expression, a hard-coded password) is never right.
 */
export function registryAccepts(registry: string, credential: Credential): boolean {
  switch (credential.kind) {
    case "opaque":
      return true;
    case "literal":
      return false;
    case "github-token":
      return registry === "ghcr.io" || registry === "docker.pkg.github.com";
    case "secret": {
      // A secret whose name says it holds the account name (DOCKERHUB_USERNAME) is not a password or token.
      if (USERNAME_LOOKING.test(credential.name)) return false;
      const docker = DOCKER_LOOKING.test(credential.name) && !GITHUB_LOOKING.test(credential.name);
      const github = GITHUB_LOOKING.test(credential.name) && !DOCKER_LOOKING.test(credential.name);
      if (registry === "ghcr.io") return !docker;
      if (registry === "docker.io") return !github;
      return true;
    }
  }
}

/** The daemon's answer to a refused login. */
export function loginRefusal(registry: string): string {
  if (registry === "ghcr.io") return 'Error response from daemon: Get "https://ghcr.io/v2/": denied: denied';
  if (registry === "docker.io") return 'Error response from daemon: Get "https://registry-1.docker.io/v2/": unauthorized: incorrect username or password';
  return `Error response from daemon: Get "https://${registry}/v2/": unauthorized: authentication required`;
}

export function normaliseRegistry(raw: string | undefined): string {
  const r = (raw ?? "").trim().replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  return r === "" || r === "index.docker.io" || r === "registry-1.docker.io" || r === "docker.io" ? "docker.io" : r;
}

function fail(rule: StepFailure["rule"], message: string, lines: string[], extra: Partial<StepFailure> = {}): CommandResult {
  return { status: 1, output: lines, failure: { rule, message, lines, exitCode: 1, ...extra } };
}

/** The pushes a reference needs and whether the registry lets this job make them. */
function pushRefusal(state: RunnerState, registry: string, repository: string, buildx: boolean, reference: string): CommandResult | null {
  const login = state.logins.get(registry);
  const prefix = buildx ? `ERROR: failed to build: failed to solve: failed to push ${reference}: ` : "";
  if (!login) {
    const text =
      registry === "docker.io"
        ? buildx
          ? "push access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"
          : "denied: requested access to the resource is denied"
        : registry === "ghcr.io"
          ? "unauthorized: unauthenticated: User cannot be authenticated with the token provided."
          : "unauthorized: authentication required";
    return fail(pushUnauthenticated, prefix + text, [prefix + text]);
  }
  if (registry === "ghcr.io" && login.kind === "github-token" && state.permissions.packages !== "write") {
    const exists = state.knownPackages.has(`${registry}/${repository}`);
    const text = buildx ? "denied: permission_denied: write_package" : `denied: installation not allowed to ${exists ? "Write" : "Create"} organization package`;
    return fail(pushPermissionDenied, prefix + text, [prefix + text]);
  }
  return null;
}

/** Records a successful push of one reference. */
function recordPush(state: RunnerState, reference: string): void {
  const ref = parseImageRef(reference);
  state.pushes.push({ job: state.job, step: state.step, registry: ref.registry, repository: ref.repository, tag: ref.tag ?? "latest", reference });
}

/**
 * `docker push REF` from the local image store. Without a tag the CLI pushes `:latest` only (docker/cli#2220,
 * Docker 20.10: "Using default tag: latest"); `--all-tags` pushes every local tag of the repository.
 */
export function dockerPush(state: RunnerState, reference: string, allTags = false): CommandResult {
  const named = parseImageRef(reference);
  const defaulted = named.tag === null && !reference.includes("@") && !allTags;
  const ref = defaulted ? parseImageRef(`${reference}:latest`) : named;
  const notice = defaulted ? ["Using default tag: latest"] : [];
  const shownRepo = displayRepository(ref.registry, ref.repository);
  const local = [...state.images].map(parseImageRef).filter((i) => i.registry === ref.registry && i.repository === ref.repository);
  if (local.length === 0) {
    const text = `An image does not exist locally with the tag: ${shownRepo}`;
    return fail(imageNotBuilt, text, [...notice, text]);
  }
  if (ref.tag !== null && !state.images.has(ref.full)) {
    const text = `tag does not exist: ${defaulted ? `${shownRepo}:latest` : reference}`;
    return fail(imageNotBuilt, text, [...notice, text]);
  }
  const header = `The push refers to repository [${ref.registry === "docker.io" ? `docker.io/${ref.repository}` : shownRepo}]`;
  const refusal = pushRefusal(state, ref.registry, ref.repository, false, reference);
  if (refusal) return { ...refusal, output: [header, "5f70bf18a086: Preparing", ...refusal.output] };
  const tags = ref.tag === null ? local.map((l) => l.tag ?? "latest") : [ref.tag];
  for (const tag of tags) recordPush(state, `${shownRepo}:${tag}`);
  return { status: 0, output: [...notice, header, "5f70bf18a086: Pushed", ...tags.map((t) => `${t}: digest: sha256:${"0".repeat(56)}4f1c size: 1573`)] };
}

/** `docker tag SRC DST`. */
export function dockerTag(state: RunnerState, source: string, target: string): CommandResult {
  const src = parseImageRef(source);
  if (!state.images.has(src.full)) {
    const text = `Error response from daemon: No such image: ${source}`;
    return fail(imageNotBuilt, text, [text]);
  }
  state.images.add(parseImageRef(target).full);
  return { status: 0, output: [] };
}

/** A registry login with a username and a password (either may be empty). */
export function registryLogin(state: RunnerState, registry: string, username: Sval | null, password: Sval | null, via: "cli" | "action", stdin: boolean): CommandResult {
  const emptyUser = !username || username.text.trim() === "";
  const emptyPassword = !password || password.text.trim() === "";
  if (via === "action" && (emptyUser || emptyPassword)) {
    const text = emptyUser && emptyPassword ? "Username and password required" : emptyUser ? "Username required" : "Password required";
    return fail(loginCredentialsEmpty, text, [`Error: ${text}`], { input: emptyPassword ? "password" : "username" });
  }
  if (via === "cli" && stdin && emptyUser) return fail(loginCredentialsEmpty, "username is empty", ["username is empty"]);
  if (via === "cli" && (emptyUser || emptyPassword)) {
    const text = "Error: Cannot perform an interactive login from a non TTY device";
    return fail(loginCredentialsEmpty, text, [text]);
  }
  const credential = credentialOf(password!);
  if (!registryAccepts(registry, credential)) {
    const text = loginRefusal(registry);
    return fail(loginDenied, text, [via === "action" ? `Error: ${text}` : text], { input: "password" });
  }
  state.logins.set(registry, credential);
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
  buildArgs: Record<string, string>;
  target: string | null;
  /** The legacy builder (`docker build` on a Windows daemon), for how a base image's platform is refused. */
  classic?: boolean;
}

const DRIVER_LIMITS = {
  platforms: ["ERROR: Multi-platform build is not supported for the docker driver.", "https://docs.docker.com/go/build-multi-platform/"],
  cache: ["ERROR: Cache export is not supported for the docker driver.", "https://docs.docker.com/go/build-cache-backends/"],
};

/** A BuildKit build (docker build, docker buildx build, docker/build-push-action). */
export function buildImage(state: RunnerState, spec: BuildSpec): CommandResult {
  const driver = state.builder;
  const head = [`#0 building with "${driver === "docker" ? "default" : "builder"}" instance using ${driver} driver`, ""];
  const limit = (which: keyof typeof DRIVER_LIMITS): CommandResult => {
    const [first, link] = DRIVER_LIMITS[which];
    const lines = [first!, "Switch to a different driver, or turn on the containerd image store, and try again.", `Learn more at ${link}`];
    return fail(builderDriverUnsupported, first!, lines);
  };
  if (driver === "docker" && spec.platforms.length > 1) return limit("platforms");
  if (driver === "docker" && spec.cacheTo.some((c) => c.trim() !== "" && !/type=inline/.test(c))) return limit("cache");
  if (spec.context !== null && !hasDirectory(state, spec.context)) {
    const text = `ERROR: failed to build: unable to prepare context: path "${spec.contextText}" not found`;
    return fail(workspaceFileMissing, text, [text]);
  }
  const dockerfilePresent = spec.context === null ? !state.checkRepositoryFiles || state.repo.has(spec.dockerfile) : hasFile(state, spec.dockerfile);
  if (!dockerfilePresent) {
    const text = `ERROR: failed to build: failed to solve: failed to read dockerfile: open ${path.posix.basename(spec.dockerfile)}: no such file or directory`;
    const lines = [...head, "#1 [internal] load build definition from Dockerfile", "#1 transferring dockerfile: 2B done", "#1 DONE 0.0s", text];
    return fail(workspaceFileMissing, text, lines);
  }
  const platformRefusal = windowsBuildRefusal(state, spec.dockerfile, spec.classic === true);
  if (platformRefusal) return platformRefusal;
  if (spec.push) {
    for (const tag of spec.tags) {
      const ref = parseImageRef(tag);
      const refusal = pushRefusal(state, ref.registry, ref.repository, true, tag);
      if (refusal) return { ...refusal, output: [...head, "#12 exporting to image", "#12 pushing layers", ...refusal.output] };
    }
  }
  state.builds.push({
    job: state.job,
    step: state.step,
    context: spec.context === null ? null : repositoryPath(state, spec.context),
    dockerfile: spec.context === null ? spec.dockerfile : repositoryPath(state, spec.dockerfile),
    tags: spec.tags,
    platforms: spec.platforms,
    buildArgs: spec.buildArgs,
    target: spec.target,
    pushed: spec.push,
  });
  if (driver === "docker" || spec.load) for (const tag of spec.tags) state.images.add(parseImageRef(tag).full);
  if (spec.push) for (const tag of spec.tags) recordPush(state, tag);
  const tail =
    driver === "docker-container" && !spec.load && !spec.push
      ? ["WARNING: No output specified with docker-container driver. Build result will only remain in the build cache. To push result image into registry use --push or to load image into docker use --load"]
      : [];
  return { status: 0, output: [...head, "#1 [internal] load build definition from Dockerfile", "#1 DONE 0.0s", ...tail] };
}
