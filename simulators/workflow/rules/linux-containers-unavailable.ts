/**
 * GHA114: a Docker step runs on a hosted runner that cannot run Linux containers. macOS runners have no
 * docker (`docker: command not found`, and the docker/* actions cannot locate the executable); Windows
 * runners have a Windows-containers daemon, so a Linux base image has no manifest for their platform and
 * setup-buildx cannot boot its BuildKit container.
 */
import { runRule } from "../rule-base.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT } from "./run-cases.js";

const on = (runsOn: string, steps: string): string => `on: push\njobs:\n  build:\n    runs-on: ${runsOn}\n    steps:\n${steps}`;
const WINDOWS_APP = { ...APP_FILES, Dockerfile: "FROM mcr.microsoft.com/windows/nanoserver:ltsc2022\nCOPY app.py C:/app/\n" };

export const linuxContainersUnavailable = runRule({
  code: "GHA114",
  name: "linux-containers-unavailable",
  stage: "build",
  summary: "A Docker step runs on a macOS runner (no docker) or builds a Linux image on a Windows runner (Windows containers only)",
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
