/**
 * What Docker steps meet on a runner that is not Linux. macOS images ship no docker at all (Apple's
 * licensing keeps Docker Desktop off them): the CLI is not found, and the docker/* actions cannot locate it.
 * Windows images run a Windows-containers daemon without buildx: a Linux base image has no manifest for
 * the daemon's platform, and setup-buildx-action cannot pull its (Linux-only) BuildKit image. Texts from
 * actions/toolkit io, docker/actions-toolkit, moby, and runs in actions/runner-images issues.
 */
import { linuxContainersUnavailable } from "../rules/linux-containers-unavailable.js";
import { BUILD_VALUE_OPTIONS } from "./docker-options.js";
import { hasFile, repositoryPath, workspacePath } from "./state.js";
import type { CommandResult, RunnerState } from "./state.js";

const NO_DOCKER_EXECUTABLE =
  "Unable to locate executable file: docker. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also check the file mode to verify the file is executable.";
const BUILDX_REQUIRED = "Docker buildx is required. See https://github.com/docker/setup-buildx-action to set up buildx.";

function refuse(message: string, lines: string[], exitCode = 1, input?: string): CommandResult {
  return { status: exitCode, output: lines, failure: { rule: linuxContainersUnavailable, message, lines, exitCode, ...(input ? { input } : {}) } };
}

/** `docker …` in a bash step: macOS has no docker on PATH. */
export function dockerCliRefusal(state: RunnerState, bashPrefix: string): CommandResult | null {
  if (state.runner.os !== "macOS") return null;
  const line = `${bashPrefix} docker: command not found`;
  return refuse(line, [line], 127);
}

/** A docker/* action (metadata-action only computes tags and needs no docker); `driver` is setup-buildx's input. */
export function dockerActionRefusal(state: RunnerState, action: string, driver: string): CommandResult | null {
  if (!action.startsWith("docker/") || action === "docker/metadata-action") return null;
  const os = state.runner.os;
  if (os === "macOS") {
    const text = action === "docker/build-push-action" ? BUILDX_REQUIRED : NO_DOCKER_EXECUTABLE;
    return refuse(text, ["Docker info", `Error: ${text}`]);
  }
  if (os !== "Windows") return null;
  if (action === "docker/setup-buildx-action" && driver !== "docker") {
    const text = `ERROR: no matching manifest for windows(${state.runner.windowsBuild})/amd64 in the manifest list entries`;
    return refuse(text, ["Creating a new builder instance", "Booting builder", `Error: ${text}`]);
  }
  if (action === "docker/build-push-action" && !state.buildxInstalled) return refuse(BUILDX_REQUIRED, [`Error: ${BUILDX_REQUIRED}`]);
  return null;
}

/** The first base image of a Dockerfile in the repository (when written out literally) and its step count. */
function firstBase(state: RunnerState, dockerfile: string): { base: string; steps: number } | null {
  const file = repositoryPath(state, dockerfile);
  const content = file === null ? undefined : state.repo.get(file)?.content;
  const m = content === undefined ? null : /^\s*FROM\s+(?:--platform=\S+\s+)?(\S+)/im.exec(content);
  if (!m || m[1]!.includes("$")) return null;
  const steps = content!.replace(/\\\r?\n/g, " ").split("\n").filter((l) => /^\s*[A-Za-z]+\s/.test(l)).length;
  return { base: m[1]!, steps };
}

const WINDOWS_IMAGE = /mcr\.microsoft\.com\/windows|nanoserver|servercore|ltsc20\d\d/i;

/**
 * A build on a Windows runner whose base image is a Linux one. `classic`: the legacy builder of the Windows
 * daemon (docker build), else BuildKit through buildx.
 */
export function windowsBuildRefusal(state: RunnerState, dockerfile: string, classic: boolean): CommandResult | null {
  if (state.runner.os !== "Windows") return null;
  const first = firstBase(state, dockerfile);
  if (first === null || first.base === "scratch" || WINDOWS_IMAGE.test(first.base)) return null;
  const base = first.base;
  const platform = `windows/amd64 ${state.runner.windowsBuild}`;
  if (!classic) {
    const text = `ERROR: failed to build: failed to solve: ${base}: failed to resolve source metadata for ${base}: no match for platform in manifest: not found`;
    return refuse(text, [text]);
  }
  const [name, tag] = base.includes(":") ? [base.slice(0, base.lastIndexOf(":")), base.slice(base.lastIndexOf(":") + 1)] : [base, "latest"];
  const text = `no matching manifest for ${platform} in the manifest list entries`;
  return refuse(text, [`Step 1/${first.steps} : FROM ${base}`, `${tag}: Pulling from ${name.includes("/") ? name : `library/${name}`}`, text]);
}

/**
 * A PowerShell step on Windows: the simulator does not interpret PowerShell, but a `docker build` line in it
 * still meets the Windows daemon. Words are read plainly (quotes stripped, `${{ }}` as one word).
 */
export function windowsScriptRefusal(state: RunnerState, script: string, cwd: string): CommandResult | null {
  if (state.runner.os !== "Windows") return null;
  const lines = script.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const words = (lines[i]!.replace(/\$\{\{.*?\}\}/g, "x").match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ""));
    const buildx = words[1] === "buildx";
    const rest = words.slice(buildx ? 2 : 1);
    if (words[0] !== "docker" || rest[0] !== "build") continue;
    let context: string | null = null;
    let file: string | null = null;
    for (let j = 1; j < rest.length; j++) {
      const w = rest[j]!;
      if (w === "-f" || w === "--file") file = rest[++j] ?? null;
      else if (w.startsWith("--file=")) file = w.slice("--file=".length);
      else if (BUILD_VALUE_OPTIONS.has(w)) j++;
      else if (!w.startsWith("-") && context === null) context = w;
    }
    if (context === null || /[$%`]/.test(context + (file ?? "")) || /^(https?|git):\/\//.test(context)) continue;
    const dockerfile = file !== null ? workspacePath(cwd, file) : workspacePath(workspacePath(cwd, context), "Dockerfile");
    if (!hasFile(state, dockerfile)) continue;
    const refused = windowsBuildRefusal(state, dockerfile, !buildx);
    if (refused?.failure) return { ...refused, failure: { ...refused.failure, scriptLine: i + 1 } };
  }
  return null;
}
