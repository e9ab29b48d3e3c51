/**
 * GHA114: a Docker step runs on a hosted runner that cannot run Linux containers. macOS runners have no
 * docker (`docker: command not found`, and the docker/* actions cannot locate the executable); Windows
 * runners have a Windows-containers daemon, so a Linux base image has no manifest for their platform and
 * setup-buildx cannot boot its BuildKit container.
 */
import { workflowRule } from "../events.js";
import type { BaseImagePullEvent, DockerOnRunnerEvent } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT } from "./run-cases.js";

const on = (runsOn: string, steps: string): string => `on: push\njobs:\n  build:\n    runs-on: ${runsOn}\n    steps:\n${steps}`;
const WINDOWS_APP = { ...APP_FILES, Dockerfile: "FROM mcr.microsoft.com/windows/nanoserver:ltsc2022\nCOPY app.py C:/app/\n" };

const NO_DOCKER_EXECUTABLE =
  "Unable to locate executable file: docker. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also check the file mode to verify the file is executable.";
const BUILDX_REQUIRED = "Docker buildx is required. See https://github.com/docker/setup-buildx-action to set up buildx.";
const WINDOWS_IMAGE = /mcr\.microsoft\.com\/windows|nanoserver|servercore|ltsc20\d\d/i;

/** What a Docker CLI command or a docker/* action meets on a runner without Linux containers, or null. */
function dockerMissing(e: DockerOnRunnerEvent): { message: string; output: string[]; exitCode: number } | null {
  const os = e.runner.os;
  if (e.tool === "cli") {
    if (os !== "macOS") return null;
    const line = `${e.bashPrefix} docker: command not found`;
    return { message: line, output: [line], exitCode: 127 };
  }
  // metadata-action only computes tags and needs no docker.
  if (e.tool === "docker/metadata-action") return null;
  if (os === "macOS") {
    const text = e.tool === "docker/build-push-action" ? BUILDX_REQUIRED : NO_DOCKER_EXECUTABLE;
    return { message: text, output: ["Docker info", `Error: ${text}`], exitCode: 1 };
  }
  if (os !== "Windows") return null;
  if (e.tool === "docker/setup-buildx-action" && e.driver !== "docker") {
    const text = `ERROR: no matching manifest for windows(${e.runner.windowsBuild})/amd64 in the manifest list entries`;
    return { message: text, output: ["Creating a new builder instance", "Booting builder", `Error: ${text}`], exitCode: 1 };
  }
  if (e.tool === "docker/build-push-action" && !e.buildxInstalled) return { message: BUILDX_REQUIRED, output: [`Error: ${BUILDX_REQUIRED}`], exitCode: 1 };
  return null;
}

/** A Linux base image pulled by a Windows daemon: the legacy builder's and BuildKit's refusals. */
function pullRefused(e: BaseImagePullEvent): { message: string; output: string[] } | null {
  if (e.runner.os !== "Windows" || e.base === null || e.base === "scratch" || WINDOWS_IMAGE.test(e.base)) return null;
  const base = e.base;
  if (!e.classic) {
    const text = `ERROR: failed to build: failed to solve: ${base}: failed to resolve source metadata for ${base}: no match for platform in manifest: not found`;
    return { message: text, output: [text] };
  }
  const [name, tag] = base.includes(":") ? [base.slice(0, base.lastIndexOf(":")), base.slice(base.lastIndexOf(":") + 1)] : [base, "latest"];
  const text = `no matching manifest for windows/amd64 ${e.runner.windowsBuild} in the manifest list entries`;
  return { message: text, output: [`Step 1/${e.instructions} : FROM ${base}`, `${tag}: Pulling from ${name.includes("/") ? name : `library/${name}`}`, text] };
}

export const linuxContainersUnavailable = workflowRule({
  code: "GHA114",
  name: "linux-containers-unavailable",
  stage: "build",
  summary: "A Docker step runs on a macOS runner (no docker) or builds a Linux image on a Windows runner (Windows containers only)",
  severity: "error",
  phase: "run",
  on: {
    "docker-on-runner"(e, ctx) {
      const missing = dockerMissing(e);
      if (missing) ctx.report(e.at, missing.message, { output: missing.output, exitCode: missing.exitCode });
    },
    "base-image-pull"(e, ctx) {
      const refused = pullRefused(e);
      if (refused) ctx.report(e.at, refused.message, { output: refused.output, exitCode: 1 });
    },
  },
  cases: {
    valid: [
      workflowCase(on("macos-latest", `${CHECKOUT}      - run: swift build\n      - uses: docker/metadata-action@v5\n        with:\n          images: ghcr.io/acme/app\n`), { files: APP_FILES }),
      workflowCase(on("windows-2022", `${CHECKOUT}      - run: docker build -t app .\n`), { files: WINDOWS_APP }),
      workflowCase(on("ubuntu-24.04-arm", `${CHECKOUT}      - run: docker build -t app .\n`), { files: APP_FILES }),
    ],
    invalid: [
      workflowCase(on("macos-latest", `${CHECKOUT}      - run: docker build -t app .\n`), {
        files: APP_FILES,
        file: CI,
        line: 7,
        message: "docker: command not found",
      }),
      workflowCase(on("macos-14", "      - uses: docker/setup-qemu-action@v3\n"), { file: CI, line: 6, message: "Unable to locate executable file: docker" }),
      workflowCase(on("windows-latest", `${CHECKOUT}      - run: docker build -t app .\n`), {
        files: APP_FILES,
        file: CI,
        line: 7,
        message: "no matching manifest for windows/amd64 10.0.26100 in the manifest list entries",
      }),
      workflowCase(on("windows-2022", `${CHECKOUT}      - run: docker build -t app .\n        shell: bash\n`), {
        files: APP_FILES,
        file: CI,
        line: 7,
        message: "no matching manifest for windows/amd64 10.0.20348",
      }),
      workflowCase(on("windows-latest", `${CHECKOUT}      - uses: docker/setup-buildx-action@v3\n      - uses: docker/build-push-action@v6\n        with:\n          tags: app:latest\n`), {
        files: APP_FILES,
        file: CI,
        line: 7,
        message: "no matching manifest for windows(10.0.26100)/amd64",
      }),
    ],
  },
});
