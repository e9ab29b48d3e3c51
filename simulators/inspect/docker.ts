/**
 * The build family: `docker build` runs the Dockerfile simulator alone on the named Dockerfile and context
 * (with --target, --platform and --build-arg), and prints BuildKit's log: the steps it ran and, on a
 * failure, the failing step's output and the Dockerfile excerpt. `docker run` starts the built image as the
 * scenario's `docker run` does (`--progress=plain` adds each RUN step's output, as a CI log shows it); `docker image inspect` shows the built image's config; `docker manifest
 * inspect` what the registry knows of a reference. What the model does not know (a base image's layers, an
 * app's own log lines once it serves) is said to be unknown rather than made up.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostic.js";
import { compareDiagnostics } from "../diagnostic.js";
import { simulateDockerfile } from "../docker/index.js";
import type { ImageBuiltEvent, RunStepEvent } from "../docker/events.js";
import type { Command, Image } from "../docker/image.js";
import { createHash } from "node:crypto";
import { lookupImage } from "../images/lookup.js";
import type { ImageConfig } from "../world.js";
import type { CommandFamily, CommandOutput, InspectionContext } from "./context.js";
import { plainProgress } from "./buildkit-plain.js";
import { failed, ok } from "./context.js";
import { RepoReader } from "./files.js";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

interface BuildRequest {
  file: string;
  contextDir: string;
  target?: string;
  platform?: string;
  buildArgs: Map<string, string>;
  tag: string;
  /** `--progress=plain`: every step's output, as a CI log shows it. */
  plain: boolean;
}

/** Reads `docker build`'s (and `docker run`'s) options; the image operand of run is checked by the caller. */
function buildRequest(args: readonly string[], reader: RepoReader): BuildRequest | string {
  let file: string | undefined;
  let tag = "app";
  let target: string | undefined;
  let platform: string | undefined;
  let plain = false;
  const buildArgs = new Map<string, string>();
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [name, inline] = a.startsWith("--") ? (a.split(/=(.*)/s) as [string, string | undefined]) : [a, undefined];
    const value = () => inline ?? args[++i];
    if (name === "-f" || name === "--file") file = value();
    else if (name === "-t" || name === "--tag") tag = value() ?? tag;
    else if (name === "--target") target = value();
    else if (name === "--platform") platform = value();
    else if (name === "--build-arg") {
      const [k, ...v] = (value() ?? "").split("=");
      if (k) buildArgs.set(k, v.join("="));
    } else if (name === "--progress") {
      const mode = value();
      if (mode !== "plain" && mode !== "tty" && mode !== "auto" && mode !== "quiet" && mode !== "rawjson") return `ERROR: invalid progress mode ${JSON.stringify(mode ?? "")}\n`;
      plain = mode === "plain";
    } else if (["--no-cache", "--pull", "-q", "--quiet", "--load"].includes(a)) {
      // Options that change nothing the simulation shows.
    } else if (a.startsWith("-")) return `unknown flag: ${a}\nSee 'docker build --help'.\n`;
    else operands.push(a);
  }
  if (operands.length !== 1) return `ERROR: docker buildx build requires exactly 1 argument.\nSee 'docker buildx build --help'.\n\nUsage:  docker buildx build [OPTIONS] PATH | URL | -\n`;
  const context = reader.resolve(operands[0]!);
  if (context.kind !== "dir") return `ERROR: failed to build: unable to prepare context: path "${operands[0]}" not found\n`;
  const dockerfile = file === undefined ? path.posix.join(context.path, "Dockerfile") : reader.resolve(file);
  const resolved = typeof dockerfile === "string" ? reader.resolve(dockerfile) : dockerfile;
  if (resolved.kind !== "file") {
    return `ERROR: failed to build: failed to solve: failed to read dockerfile: open ${file ?? "Dockerfile"}: no such file or directory\n`;
  }
  return { file: resolved.path, contextDir: context.path, buildArgs, tag, plain, ...(target ? { target } : {}), ...(platform ? { platform } : {}) };
}

interface BuildResult {
  diagnostics: Diagnostic[];
  built: ImageBuiltEvent | undefined;
  /** The output of each RUN step that succeeded, in build order. */
  runOutputs: (readonly string[])[];
}

function build(ctx: InspectionContext, request: BuildRequest, run: boolean): BuildResult {
  const engine = ctx.engine();
  const parsedTarget = request.target;
  simulateDockerfile(engine, ctx.repo, { context: true, worldKnown: true }, {
    file: request.file,
    contextDir: request.contextDir,
    buildArgs: request.buildArgs,
    run,
    ...(request.platform ? { platform: request.platform } : {}),
    ...(parsedTarget ? { target: parsedTarget } : {}),
  });
  const result = engine.result();
  const built = result.facts.of<ImageBuiltEvent>("image-built").find((f) => f.event.file === request.file)?.event;
  const runOutputs = result.facts.of<RunStepEvent>("run-step").filter((f) => f.file === request.file && f.event.status === 0).map((f) => f.event.output);
  return { diagnostics: [...result.diagnostics].sort(compareDiagnostics), built, runOutputs };
}

/** A simulator's log without the `$ command` line it opens with (the user typed the command). */
function withoutPrompt(log: string): string {
  return log.replace(/^\$ [^\n]*\n/, "") + "\n";
}

function firstError(diagnostics: readonly Diagnostic[], stages: readonly string[]): Diagnostic | undefined {
  return diagnostics.find((d) => d.severity === "error" && stages.includes(d.stage));
}

function errorText(d: Diagnostic): string {
  return d.log ? withoutPrompt(d.log) : `${d.file}:${d.line}: ${d.message}\n`;
}

function buildLog(request: BuildRequest, built: ImageBuiltEvent): string {
  const name = request.file.split("/").pop()!;
  const digest = sha256(`${request.file}\0${built.steps.join("\n")}`);
  return [
    `#0 building with "default" instance using docker driver`,
    "",
    ` => [internal] load build definition from ${name}`,
    ` => [internal] load .dockerignore`,
    ...built.steps.map((s) => ` => ${s}`),
    ` => exporting to image`,
    ` => => exporting layers`,
    ` => => writing image sha256:${digest}`,
    ` => => naming to docker.io/library/${request.tag.includes(":") ? request.tag : `${request.tag}:latest`}`,
    "",
  ].join("\n");
}

function dockerBuild(args: readonly string[], ctx: InspectionContext): CommandOutput {
  const request = buildRequest(args, new RepoReader(ctx.repo));
  if (typeof request === "string") return failed(request);
  const { diagnostics, built, runOutputs } = build(ctx, request, false);
  const shown = (log: string) => (request.plain ? plainProgress(log, runOutputs) : log);
  const error = firstError(diagnostics, ["parse", "build"]);
  if (error) return failed(shown(errorText(error)));
  if (!built) return failed(`the build of ${request.file} did not produce an image the simulation can describe\n`);
  const warnings = diagnostics.filter((d) => d.severity === "warning" && d.file === request.file);
  const notes = warnings.map((w) => ` - ${w.message} (line ${w.line})`);
  return ok(shown(buildLog(request, built)) + (notes.length > 0 ? `\n ${notes.length} warning${notes.length === 1 ? "" : "s"} found:\n${notes.join("\n")}\n` : ""));
}

/** The image `docker run` and `docker image inspect` name: the build of the repository's Dockerfile. */
function builtImage(ref: string | undefined, ctx: InspectionContext, run: boolean): { request: BuildRequest; result: BuildResult } | CommandOutput {
  if (ref === undefined) return failed(`"docker run" requires at least 1 argument.\nSee 'docker run --help'.\n`, 125);
  const reader = new RepoReader(ctx.repo);
  const dockerfiles = [...ctx.repo.keys()].filter((p) => /(^|\/)Dockerfile$/.test(p)).sort();
  if (dockerfiles.length === 0) {
    return failed(`Unable to find image '${ref}' locally\n(the repository has no Dockerfile: only images it builds can be run or inspected here)\n`, 125);
  }
  const chosen = dockerfiles.find((p) => p === "Dockerfile") ?? dockerfiles[0]!;
  const request = buildRequest(["-f", chosen, "-t", ref, path.posix.dirname(chosen)], reader);
  if (typeof request === "string") return failed(request, 125);
  return { request, result: build(ctx, request, run) };
}

function commandWords(c: Command | null): string[] | null {
  if (c === null) return null;
  return c.form === "exec" ? c.argv : ["/bin/sh", "-c", c.text];
}

function dockerRun(args: readonly string[], ctx: InspectionContext): CommandOutput {
  const image = args.find((a, i) => !a.startsWith("-") && !["-p", "-e", "--name", "--network", "-v"].includes(args[i - 1] ?? ""));
  const found = builtImage(image, ctx, true);
  if ("status" in found) return found;
  const { result } = found;
  const buildError = firstError(result.diagnostics, ["parse", "build"]);
  if (buildError) return failed(`Unable to find image '${image}' locally: its build fails (run docker build to see why)\n`, 125);
  const runtime = firstError(result.diagnostics, ["deploy", "runtime", "traffic"]);
  if (runtime) return failed(errorText(runtime), 1);
  const started = result.built?.image;
  const argv = [...(commandWords(started?.entrypoint ?? null) ?? []), ...(commandWords(started?.cmd ?? null) ?? [])];
  return ok(
    `(the container started its process ${JSON.stringify(argv)} and kept running; the simulation models where it listens and ` +
      "whether it stays up, not the app's own log lines)\n",
  );
}

/**
 * An image of the scenario's registry, as `docker image inspect` shows it once pulled: its config (command,
 * working directory, user, environment), which is where an engineer reads what an image runs.
 */
function registryInspect(ref: string, config: ImageConfig): CommandOutput {
  const [os, architecture] = (config.platforms?.[0] ?? "linux/amd64").split("/");
  const answer = [{
    RepoTags: [ref],
    Architecture: architecture,
    Os: os,
    Config: {
      User: config.user ?? "",
      ExposedPorts: Object.fromEntries((config.listens ?? []).map((p) => [`${p}/tcp`, {}])),
      Env: Object.entries(config.env ?? {}).map(([k, v]) => `${k}=${v}`),
      Cmd: config.cmd ?? null,
      Entrypoint: config.entrypoint ?? null,
      WorkingDir: config.workdir ?? "",
    },
  }];
  return ok(`${JSON.stringify(answer, null, 4)}\n`);
}

function imageInspect(ref: string | undefined, ctx: InspectionContext): CommandOutput {
  if (ref === undefined) return failed(`"docker image inspect" requires at least 1 argument.\n`);
  // A repository the scenario's registry holds is inspected as pulled; any other name is the repository's own build.
  const pulled = ref.includes("/") ? lookupImage(ref, ctx.world) : undefined;
  if (pulled?.status === "found" && Object.keys(ctx.world.registry).some((r) => ref.startsWith(`${r}:`))) return registryInspect(ref, pulled.config);
  const found = builtImage(ref, ctx, false);
  if ("status" in found) return found;
  const image: Image | undefined = found.result.built?.image;
  if (!image) return failed(`[]\nError response from daemon: No such image: ${ref}\n(its build fails: run docker build to see why)\n`);
  const config = {
    User: image.user === "root" ? "" : image.user,
    ExposedPorts: Object.fromEntries(image.exposed.map((p) => [p.includes("/") ? p : `${p}/tcp`, {}])),
    Env: [...image.env].map(([k, v]) => `${k}=${v}`),
    Cmd: commandWords(image.cmd),
    Entrypoint: commandWords(image.entrypoint),
    WorkingDir: image.workdir === "/" ? "" : image.workdir,
    Healthcheck: image.healthcheck === null ? undefined : image.healthcheck === "none" ? { Test: ["NONE"] } : { Test: ["CMD-SHELL", image.healthcheck] },
  };
  const answer = [{ RepoTags: [ref.includes(":") ? ref : `${ref}:latest`], Architecture: (found.result.built?.platform ?? "linux/amd64").split("/")[1], Os: "linux", Config: config }];
  return ok(`${JSON.stringify(answer, null, 4)}\n`);
}

function manifestInspect(ref: string | undefined, ctx: InspectionContext): CommandOutput {
  if (ref === undefined) return failed(`"docker manifest inspect" requires exactly 1 argument.\n`);
  const found = lookupImage(ref, ctx.world);
  switch (found.status) {
    case "found": {
      const platforms = found.config.platforms ?? null;
      if (platforms === null) {
        return ok(`{\n   "schemaVersion": 2,\n   "mediaType": "application/vnd.oci.image.index.v1+json"\n}\n(the image exists; which platforms it was built for is not known to the simulation)\n`);
      }
      const manifests = platforms.map((p) => {
        const [os, architecture, variant] = p.split("/");
        return {
          mediaType: "application/vnd.oci.image.manifest.v1+json",
          digest: `sha256:${sha256(`${ref}\0${p}`)}`,
          platform: { architecture, os, ...(variant ? { variant } : {}) },
        };
      });
      return ok(`${JSON.stringify({ schemaVersion: 2, mediaType: "application/vnd.oci.image.index.v1+json", manifests }, null, 3)}\n`);
    }
    case "scratch":
      return failed("scratch is not an image a registry serves: it is the empty base of FROM scratch\n");
    case "tag_not_found":
    case "repository_not_found":
      return failed(`no such manifest: ${ref}\n`);
    case "unknown":
      return failed(`${ref}: the simulated registry does not know this image (it is neither the scenario's nor a catalogued official image)\n`);
    case "invalid":
      return failed(`invalid reference format: ${found.error}\n`);
  }
}

export const BUILD_FAMILY: CommandFamily = {
  family: "build",
  supported: [
    "docker build [-f FILE] [-t TAG] [--target STAGE] [--platform P] [--build-arg K=V] [--progress=plain] CONTEXT",
    "docker run IMAGE",
    "docker image inspect IMAGE",
    "docker manifest inspect REF",
  ],
  programs: ["docker"],
  run(argv, _stdin, ctx) {
    const [, sub, sub2, ...rest] = argv;
    if (sub === "build") return dockerBuild(argv.slice(2), ctx);
    if (sub === "buildx" && sub2 === "build") return dockerBuild(rest, ctx);
    if (sub === "run") return dockerRun(argv.slice(2), ctx);
    if ((sub === "image" && sub2 === "inspect") || sub === "inspect") return imageInspect(sub === "inspect" ? sub2 : rest[0], ctx);
    if (sub === "manifest" && sub2 === "inspect") return manifestInspect(rest.find((a) => !a.startsWith("-")), ctx);
    return failed(`docker ${sub ?? ""}: not supported here. Supported: ${BUILD_FAMILY.supported.join("; ")}\n`);
  },
};
