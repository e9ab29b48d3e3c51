/**
 * Handlers for the actions a delivery workflow relies on: checkout fills the workspace, the docker/*
 * actions log in, set up buildx and build/push, metadata-action names the tags, artifacts move between
 * jobs. Any other action succeeds: without its code we cannot know how it fails.
 */
import { artifactNotFound } from "../rules/artifact-not-found.js";
import { buildImage, normaliseRegistry, registryLogin } from "./docker.js";
import { parseImageRef, workspacePath } from "./state.js";
import type { CommandResult, RunnerState } from "./state.js";
import { literal } from "./values.js";
import type { Sval } from "./values.js";

export interface ActionContext {
  state: RunnerState;
  inputs: Map<string, Sval>;
  /** Artifacts this job can see: its own uploads and those of the jobs it needs. */
  artifacts: Set<string>;
  uploaded: Set<string>;
  github: Record<string, string>;
  outputs: Map<string, Sval>;
}

function input(ctx: ActionContext, name: string): string {
  return ctx.inputs.get(name)?.text.trim() ?? "";
}

function list(text: string): string[] {
  return text.split(/[\n,]/).map((s) => s.trim()).filter((s) => s !== "");
}

function bool(text: string): boolean {
  return /^true$/i.test(text.trim());
}

/** Runs the action named by `uses` (without its `@ref`). */
export function runAction(action: string, ctx: ActionContext): CommandResult {
  const { state } = ctx;
  switch (action.toLowerCase()) {
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
      const username = ctx.inputs.get("username") ?? null;
      const password = ctx.inputs.get("password") ?? null;
      return registryLogin(state, registry, username, password, "action", false);
    }
    case "actions/setup-node": {
      const version = input(ctx, "node-version");
      if (version !== "") state.node = version;
      return { status: 0, output: version !== "" ? [`Attempting to download ${version}...`] : [] };
    }
    case "docker/setup-buildx-action":
      if (ctx.inputs.get("driver")?.text.trim() !== "docker") state.builder = "docker-container";
      return { status: 0, output: ["Creating a new builder instance", "Booting builder"] };
    case "docker/metadata-action": {
      const images = list(input(ctx, "images")).map((i) => i.toLowerCase());
      const version = ctx.github.ref_name!.replace(/[^A-Za-z0-9_.-]/g, "-");
      const tags = images.map((i) => `${i}:${version}`);
      ctx.outputs.set("tags", literal(tags.join("\n")));
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
        context,
        contextText,
        dockerfile,
        tags: list(input(ctx, "tags")),
        platforms: list(input(ctx, "platforms")),
        push: bool(input(ctx, "push")),
        load: bool(input(ctx, "load")),
        cacheTo: list(input(ctx, "cache-to")),
        buildArgs: Object.fromEntries(list(input(ctx, "build-args")).map((b) => [b.split("=")[0]!, b.split("=").slice(1).join("=")])),
        target: input(ctx, "target") || null,
      });
      if (result.failure) {
        const last = result.output[result.output.length - 1] ?? result.failure.message;
        result.output.push(`Error: buildx failed with: ${last}`);
      } else ctx.outputs.set("digest", literal(`sha256:${"0".repeat(60)}1234`));
      if (!result.failure) ctx.outputs.set("imageid", literal(parseImageRef(list(input(ctx, "tags"))[0] ?? "app").full));
      return result;
    }
    case "actions/upload-artifact": {
      const name = input(ctx, "name") || "artifact";
      ctx.uploaded.add(name);
      ctx.artifacts.add(name);
      return { status: 0, output: [`Uploading artifact '${name}'`, `Artifact ${name} has been successfully uploaded!`] };
    }
    case "actions/download-artifact": {
      const name = input(ctx, "name");
      if (name === "" || ctx.artifacts.has(name) || name.includes("*")) return { status: 0, output: ["Downloading artifacts"] };
      const lines = [
        `Error: Unable to download artifact(s): Artifact not found for name: ${name}`,
        "        Please ensure that your artifact is not expired and the artifact was uploaded using a compatible version of toolkit/upload-artifact.",
        "        For more information, visit the GitHub Artifacts FAQ: https://github.com/actions/toolkit/blob/main/packages/artifact/docs/faq.md",
      ];
      return { status: 1, output: lines, failure: { rule: artifactNotFound, message: lines[0]!.replace(/^Error: /, ""), lines, exitCode: 1, input: "name" } };
    }
    default:
      return { status: 0, output: [] };
  }
}
