/**
 * Handlers for the actions a delivery workflow relies on: checkout fills the workspace, the docker/*
 * actions log in, set up buildx and build/push, metadata-action names the tags, artifacts move between
 * jobs. Every docker/* action first meets the runner's Docker (rules/linux-containers-unavailable.ts). Any
 * other action succeeds: without its code we cannot know how it fails.
 */
import { isCatalogued } from "./action-catalogue.js";
import { ANY_REGISTRY } from "./credential-helpers.js";
import { downloadArtifacts, uploadedFiles } from "./artifacts.js";
import type { Artifacts, NamePattern } from "./artifacts.js";
import { buildImage, normaliseRegistry, registryLogin } from "./docker.js";
import { failed, parseImageRef, workspacePath } from "./state.js";
import type { CommandResult, RunnerState } from "./state.js";
import { metadataTags } from "./metadata-tags.js";
import { EXPRESSION_VALUE, fnv, listItems, literal } from "./values.js";
import type { Sval } from "./values.js";

export interface ActionContext {
  state: RunnerState;
  inputs: Map<string, Sval>;
  /** Each input's literal text and expression values, for list inputs whose items keep their own origin. */
  inputParts: Map<string, Sval[]>;
  /** Each input as the workflow writes it, before its expressions are evaluated. */
  inputWritten: Map<string, string>;
  /** Artifacts this job can see: its own uploads and those of the jobs it needs. */
  artifacts: Artifacts;
  uploaded: Artifacts;
  github: Record<string, string>;
  outputs: Map<string, Sval>;
  /** Set by an action the simulator does not model: its outputs are unknown, not empty. */
  outputsUnknown?: boolean;
}

/**
 * Actions that write nothing into the workspace (checkout and download-artifact write what we follow). After
 * any other action (a cache restore, a build tool's action) the job's files are no longer known.
 */
const WORKSPACE_NEUTRAL = new Set([
  "actions/checkout", "actions/download-artifact", "actions/upload-artifact", "actions/setup-node", "actions/setup-python",
  "actions/setup-go", "actions/setup-java", "docker/login-action", "docker/setup-buildx-action", "docker/setup-qemu-action",
  "docker/metadata-action",
]);

function input(ctx: ActionContext, name: string): string {
  return ctx.inputs.get(name)?.text.trim() ?? "";
}

/** Whether an input holds a value the run cannot know (an unmodelled step's output, a command's output). */
function unknownInput(ctx: ActionContext, name: string): boolean {
  return (ctx.inputParts.get(name) ?? []).some((p) => p.origin.kind === "opaque");
}

/** The names a `name:` written with expressions can take: its literal text around any value (namesFit reads it). */
function namesLike(written: string): NamePattern {
  return written.trim().split(/\$\{\{[\s\S]*?\}\}/);
}

function list(text: string): string[] {
  return text.split(/[\n,]/).map((s) => s.trim()).filter((s) => s !== "");
}

function bool(text: string): boolean {
  return /^true$/i.test(text.trim());
}

/** A docker/* action meets the runner's Docker before it does anything. */
function dockerOnRunner(ctx: ActionContext, action: string): CommandResult | null {
  if (!action.startsWith("docker/")) return null;
  const { state } = ctx;
  const { judge } = state;
  const missing = judge.judge({
    type: "docker-on-runner",
    step: judge.step,
    at: judge.site.line,
    tool: action,
    runner: state.runner,
    driver: input(ctx, "driver"),
    buildxInstalled: state.buildxInstalled,
    bashPrefix: "",
  });
  return missing ? failed(missing) : null;
}

/** Runs the action named by `uses` (without its `@ref`). */
/**
 * A cache restore writes what its `path:` lists, and only that: a directory of the workspace (node_modules,
 * .venv) becomes one whose content is unknown; `~/.npm` or `/tmp/x` are outside it. A pattern could match
 * anything, so after one the job's files are no longer known.
 */
function restoreCache(state: RunnerState, paths: Sval | undefined): void {
  // A path given by an expression this run cannot evaluate could be anywhere.
  if (paths === undefined || paths.origin.kind === "opaque") {
    state.filesUntracked = true;
    return;
  }
  for (const line of list(paths.text)) {
    const p = line.replace(/^!/, "");
    if (/^(~|\/|\$)/.test(p) || line.startsWith("!")) continue;
    if (/[*?[{]/.test(p)) state.filesUntracked = true;
    else state.opaqueDirs.push(workspacePath(".", p));
  }
}

export function runAction(action: string, ctx: ActionContext): CommandResult {
  const { state } = ctx;
  const { judge } = state;
  const name = action.toLowerCase();
  const refused = dockerOnRunner(ctx, name);
  if (refused) return refused;
  if (name === "actions/cache" || name === "actions/cache/restore") restoreCache(state, ctx.inputs.get("path"));
  else if (!WORKSPACE_NEUTRAL.has(name) && !(name === "docker/build-push-action" && input(ctx, "outputs") === "")) state.filesUntracked = true;
  switch (name) {
    case "actions/checkout": {
      const repository = input(ctx, "repository");
      const target = workspacePath(".", input(ctx, "path") || ".");
      if (repository !== "" && repository.toLowerCase() !== ctx.github.repository!.toLowerCase()) {
        state.opaqueDirs.push(target);
        return { status: 0, output: [`Syncing repository: ${repository}`] };
      }
      for (const file of state.repo.keys()) state.workspace.set(target === "." ? file : `${target}/${file}`, file);
      state.checkouts.push(target);
      return { status: 0, output: [`Syncing repository: ${ctx.github.repository}`, "Getting Git version info", `Checking out the ref`, `/usr/bin/git log -1 --format=%H`, ctx.github.sha!] };
    }
    case "docker/login-action": {
      const registry = normaliseRegistry(input(ctx, "registry"));
      const value = (key: string) => {
        const v = ctx.inputs.get(key);
        return v === undefined ? null : { text: v.text, origin: v.origin, at: judge.site.input(key) };
      };
      return registryLogin(state, judge.site.line, registry, value("username"), value("password"), "action", false, input(ctx, "ecr").toLowerCase() || "auto");
    }
    case "actions/setup-node": {
      const version = input(ctx, "node-version");
      if (version !== "") state.node = version;
      return { status: 0, output: version !== "" ? [`Attempting to download ${version}...`] : [] };
    }
    case "docker/setup-buildx-action":
      state.buildxInstalled = true;
      if (ctx.inputs.get("driver")?.text.trim() !== "docker") state.builder = "docker-container";
      return { status: 0, output: ["Creating a new builder instance", "Booting builder"] };
    case "docker/metadata-action": {
      const images = list(input(ctx, "images")).map((i) => i.toLowerCase());
      const version = ctx.github.ref_name!.replace(/[^A-Za-z0-9_.-]/g, "-");
      const computed = metadataTags(ctx.inputParts.get("tags") ?? [], version);
      // A tag the run cannot know stands as a placeholder beside each image, and makes every tag unknown.
      const values = computed.unknown ? [...computed.values, `x${fnv(input(ctx, "tags"))}`] : computed.values;
      const tags = images.flatMap((i) => values.map((v) => `${i}:${v}`)).join("\n");
      ctx.outputs.set("tags", computed.unknown ? { text: tags, origin: EXPRESSION_VALUE } : literal(tags));
      ctx.outputs.set("version", literal(version));
      ctx.outputs.set("labels", literal(`org.opencontainers.image.revision=${ctx.github.sha}`));
      return { status: 0, output: ["Processing images input", ...images.map((i) => `  name=${i},enable=true`)] };
    }
    case "docker/build-push-action": {
      const contextText = input(ctx, "context");
      const git = contextText === "" || /^(https?|git):\/\//.test(contextText) || contextText.startsWith("{{defaultContext}}");
      const context = git ? null : workspacePath(".", contextText);
      const file = input(ctx, "file");
      // `file` is relative to the workspace (buildx --file), not to the context; with a Git context, to the repository root.
      const dockerfile = file !== "" ? workspacePath(".", file) : context === null ? "Dockerfile" : workspacePath(context, "Dockerfile");
      const result = buildImage(state, {
        via: "action",
        at: judge.site.line,
        context,
        contextText,
        dockerfile,
        tags: list(input(ctx, "tags")),
        platforms: list(input(ctx, "platforms")),
        push: bool(input(ctx, "push")),
        load: bool(input(ctx, "load")),
        cacheTo: list(input(ctx, "cache-to")),
        buildArgs: listItems(ctx.inputParts.get("build-args") ?? []).map((b) => ({ name: b.text.split("=")[0]!, value: b.text.split("=").slice(1).join("="), origin: b.origin })),
        target: input(ctx, "target") || null,
        unknownFile: file !== "" && unknownInput(ctx, "file"),
        unknownTarget: input(ctx, "target") !== "" && unknownInput(ctx, "target"),
        unknownTags: listItems(ctx.inputParts.get("tags") ?? []).filter((t) => t.origin.kind === "opaque").map((t) => t.text),
      });
      if (result.failure) {
        const last = result.output[result.output.length - 1] ?? result.failure.failure.diagnostic.message;
        result.output.push(`Error: buildx failed with: ${last}`);
      } else ctx.outputs.set("digest", literal(`sha256:${"0".repeat(60)}1234`));
      if (!result.failure) ctx.outputs.set("imageid", literal(parseImageRef(list(input(ctx, "tags"))[0] ?? "app").full));
      return result;
    }
    case "actions/upload-artifact": {
      // A name written with an expression, in one leg of a matrix whose other legs this run does not follow, may be
      // another name in each of them (moby/buildkit's test-os.yml: buildkit-${{ env.PLATFORM_PAIR }}).
      const written = ctx.inputWritten.get("name") ?? "";
      const perLeg = state.otherLegsUnrun && written.includes("${{") ? namesLike(written) : undefined;
      const artifact = { name: input(ctx, "name") || "artifact", files: uploadedFiles(state, input(ctx, "path"), ctx.github.workspace!), nameUnknown: unknownInput(ctx, "name"), perLeg };
      ctx.uploaded.set(artifact.name, artifact);
      ctx.artifacts.set(artifact.name, artifact);
      return { status: 0, output: [`Uploading artifact '${artifact.name}'`, `Artifact ${artifact.name} has been successfully uploaded!`] };
    }
    case "actions/download-artifact":
      return downloadArtifacts(
        state,
        judge.site.input("name"),
        {
          name: input(ctx, "name"),
          path: input(ctx, "path"),
          pattern: input(ctx, "pattern"),
          mergeMultiple: bool(input(ctx, "merge-multiple")),
          foreign: input(ctx, "run-id") !== "" || input(ctx, "github-token") !== "",
          selectionUnknown: unknownInput(ctx, "name") || unknownInput(ctx, "pattern"),
        },
        ctx.artifacts,
        ctx.github.workspace!,
      );
    default:
      // An action we do not know may log Docker in (aws-actions/amazon-ecr-login, azure/docker-login); the
      // widely used ones listed in the catalogue do not, or are handled above.
      if (!isCatalogued(name)) state.unseenLogins.push(ANY_REGISTRY);
      ctx.outputsUnknown = true;
      return { status: 0, output: [] };
  }
}
